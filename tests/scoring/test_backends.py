"""The sign-in backend reads a player with their profile in one query (scoring/backends.py); a session made
before it, naming django.contrib.auth's ModelBackend, still signs its player in."""
from django.contrib.auth import BACKEND_SESSION_KEY
from django.urls import reverse

from scoring.backends import PlayerBackend
from tests.scoring.conftest import PASSWORD


def test_a_player_is_read_with_their_profile_in_one_query(alice, django_assert_num_queries):
    with django_assert_num_queries(1):
        user = PlayerBackend().get_user(alice.pk)
        assert user.profile.display_name == "Alice Cooper"


def test_a_user_without_a_profile_or_unknown_is_read_as_before(bare_user, db):
    assert PlayerBackend().get_user(bare_user.pk) == bare_user  # the middleware gives them a profile
    assert PlayerBackend().get_user(10**6) is None


def test_an_inactive_user_is_not_signed_in(alice):
    alice.is_active = False
    alice.save()
    assert PlayerBackend().get_user(alice.pk) is None


def test_signing_in_uses_it_and_a_page_reads_the_player_once(client, alice, django_assert_num_queries):
    client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert client.session[BACKEND_SESSION_KEY] == "scoring.backends.PlayerBackend"
    client.get(reverse("rules_index"))  # any page: warms up what a first request loads once
    with django_assert_num_queries(3):  # the session, the user with the profile, the header's "records need you"
        assert client.get(reverse("rules_index")).status_code == 200


def test_a_session_made_before_it_still_signs_its_player_in(client, alice):
    client.force_login(alice, backend="django.contrib.auth.backends.ModelBackend")
    response = client.get(reverse("rules_index"))
    assert response.wsgi_request.user == alice
