"""A friend invited to a match without an account: the pages name the match, and every way in ends in the seat."""
import re
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from games import lobby
from games.lobby import SeatPlan
from games.models import Match, Seat
from tests.scoring.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def invitation(alice):
    match = lobby.create_match(host=alice, game="take_away", options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
    return match, reverse("match_join", args=[match.pk, match.invite_token])


def seated(user, match) -> bool:
    return Seat.objects.filter(match=match, user=user, kind=Seat.PLAYER).exists()


def test_the_invitation_sends_a_visitor_to_a_login_page_that_names_the_match(client, invitation):
    match, join = invitation
    response = client.get(join)
    assert response.url == f"{reverse('login')}?next={quote(join)}"
    page = client.get(response.url).text
    assert f"You are joining Take Away #{match.pk}" in page and "hosted by Alice Cooper" in page
    assert f'href="{reverse("signup")}?next={quote(join)}"' in page
    assert f'href="{reverse("password_reset")}?next={quote(join)}"' in page


def test_signing_up_from_the_invitation_ends_in_the_seat(client, invitation):
    match, join = invitation
    page = client.get(f"{reverse('signup')}?next={quote(join)}").text
    assert f"You are joining Take Away #{match.pk}" in page
    response = client.post(reverse("signup"), {"username": "dora", "email": "dora@example.com",
                                               "password1": PASSWORD, "password2": PASSWORD, "next": join})
    assert response.url == match.get_absolute_url()
    dora = get_user_model().objects.get(username="dora")
    assert seated(dora, match)
    assert Match.objects.get(pk=match.pk).status == Match.PLAYING  # the last seat taken: it starts


def test_logging_in_from_the_invitation_ends_in_the_seat(client, invitation, bob):
    match, join = invitation
    response = client.post(reverse("login"), {"username": "bob", "password": PASSWORD, "next": join})
    assert response.url == match.get_absolute_url()
    assert seated(bob, match)


def test_a_full_match_says_so_and_still_leads_to_the_match(client, invitation, bob, make_player):
    match, join = invitation
    lobby.take_seat(match_id=match.pk, user=make_player("carol"), token=match.invite_token)
    response = client.post(reverse("login"), {"username": "bob", "password": PASSWORD, "next": join})
    assert response.url == match.get_absolute_url()
    assert not seated(bob, match)
    assert "already started" in client.get(response.url).text


def test_a_forgotten_password_from_the_invitation_ends_in_the_seat(client, invitation, bob):
    match, join = invitation
    page = client.get(f"{reverse('password_reset')}?next={quote(join)}").text
    assert f"You are joining Take Away #{match.pk}" in page
    client.post(reverse("password_reset"), {"email": "bob@example.com", "next": join})
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+)", mail.outbox[0].body).group(1)
    assert link.endswith(f"?next={quote(join)}")

    other_browser = client.__class__()  # the e-mail opened elsewhere: only the link carries the way
    form_page = other_browser.get(link, follow=True)
    assert f"You are joining Take Away #{match.pk}" in form_page.text
    new = "reset-and-remembered-17"
    response = other_browser.post(form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert response.url == match.get_absolute_url()
    assert seated(bob, match)
    assert other_browser.session["_auth_user_id"] == str(bob.pk)


def test_a_reset_without_an_invitation_still_asks_to_log_in(client, bob):
    client.post(reverse("password_reset"), {"email": "bob@example.com"})
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    assert "?next" not in mail.outbox[0].body
    form_page = client.get(link, follow=True)
    new = "reset-and-remembered-17"
    response = client.post(form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert response.url == reverse("password_reset_complete")
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("going", ["https://evil.example/matches/1/join/x/", "//evil.example/"])
def test_another_sites_address_is_never_followed(client, bob, going):
    page = client.get(f"{reverse('signup')}?next={quote(going)}").text
    assert "evil.example" not in page
    response = client.post(reverse("login"), {"username": "bob", "password": PASSWORD, "next": going})
    assert "evil.example" not in response.url


def test_a_wrong_token_names_no_match(client, invitation):
    match, _join = invitation
    wrong = reverse("match_join", args=[match.pk, "not-the-token"])
    assert "You are joining" not in client.get(f"{reverse('login')}?next={quote(wrong)}").text


def test_a_logged_in_visitor_sent_to_the_login_page_is_not_seated_by_a_get(client, invitation, bob):
    match, join = invitation
    client.force_login(bob)
    response = client.get(f"{reverse('login')}?next={quote(join)}")
    assert response.url == join  # the join page asks before seating
    assert not seated(bob, match)
