"""Account pages: sign-up, login and logout, password change and reset."""

import re

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core import mail
from django.urls import reverse

from scoring.models import PlayerProfile
from tests.scoring.conftest import PASSWORD

pytestmark = pytest.mark.django_db
User = get_user_model()


def signup_data(**changes):
    data = {
        "username": "dora",
        "email": "dora@example.com",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    data.update(changes)
    return data


def test_signup_asks_only_username_email_and_password(client):
    response = client.get(reverse("signup"))
    assert response.status_code == 200
    for name in ("username", "email", "password1", "password2"):
        assert f'name="{name}"' in response.text
    for name in ("display_name", "handle"):
        assert f'name="{name}"' not in response.text


def test_signup_creates_account_and_profile_and_logs_in(client):
    response = client.post(reverse("signup"), signup_data())
    assert response.status_code == 302
    assert response.url == reverse("player", args=["dora"])
    user = User.objects.get(username="dora")
    assert user.profile.display_name == "dora" and user.profile.handle == "dora"
    assert client.session["_auth_user_id"] == str(user.pk)
    page = client.get(response.url)
    assert "Welcome, dora!" in page.text


def test_the_username_is_the_name_shown_and_lower_case_the_handle(client):
    response = client.post(reverse("signup"), signup_data(username="Dora_X"))
    assert response.url == reverse("player", args=["dora_x"])
    assert User.objects.get(username="Dora_X").profile.display_name == "Dora_X"


@pytest.mark.parametrize("username", ["alice", "ALICE", "Alice"])
def test_signup_with_a_username_taken_in_any_case_is_a_clear_error(client, alice, username):
    response = client.post(reverse("signup"), signup_data(username=username))
    assert response.status_code == 200
    assert "already" in response.text
    assert not User.objects.filter(username="dora").exists()
    assert User.objects.count() == 1


def test_signup_cannot_take_the_handle_of_a_table_player(client, alice):
    from scoring import services

    services.create_table_player(created_by=alice, display_name="Dora", handle="dora")
    response = client.post(reverse("signup"), signup_data())
    assert "That username is already taken" in response.text
    assert not User.objects.filter(username="dora").exists()


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"username": "has.dot"}, "Use only letters, digits, - and _"),
        ({"username": "has space"}, "Use only letters, digits, - and _"),
        ({"username": "new"}, "That username is reserved"),
        ({"username": ""}, "This field is required."),
        ({"username": "x" * 31}, "Ensure this value has at most 30 characters"),
        ({"password2": "something-else-77"}, "The two password fields didn’t match."),
        ({"password1": "123", "password2": "123"}, "This password is too short."),
        ({"email": "not-an-email"}, "Enter a valid email address."),
    ],
)
def test_signup_rejects_bad_input(client, changes, message):
    response = client.post(reverse("signup"), signup_data(**changes))
    assert response.status_code == 200
    assert message in response.text
    assert not User.objects.filter(username="dora").exists()
    assert not PlayerProfile.objects.exists()


def test_signup_with_a_taken_username_or_email(client, alice):
    response = client.post(reverse("signup"), signup_data(username="ALICE"))
    assert "A user with that username already exists." in response.text
    response = client.post(reverse("signup"), signup_data(email="Alice@Example.com"))
    assert "An account with that e-mail address already exists." in response.text
    assert User.objects.count() == 1


def test_signup_when_logged_in_goes_to_the_profile(alice_client, alice):
    assert alice_client.get(reverse("signup")).url == alice.profile.get_absolute_url()


def test_login_with_a_wrong_password_is_a_clear_error(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": "wrong-password"})
    assert response.status_code == 200
    assert "Please enter a correct username and password." in response.text
    assert "_auth_user_id" not in client.session


def test_login_and_logout(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)
    assert client.get(reverse("logout")).status_code == 405  # logging out takes a POST
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_login_follows_next(client, alice):
    target = reverse("table_player_new")
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD, "next": target})
    assert response.url == target


def test_login_gives_a_profile_to_a_user_without_one(client, bare_user):
    response = client.post(reverse("login"), {"username": "Root.Admin", "password": PASSWORD})
    assert response.status_code == 302
    assert PlayerProfile.objects.get(user=bare_user).handle == "rootadmin"


def test_any_page_gives_a_logged_in_user_without_profile_one(client, bare_user):
    client.force_login(bare_user)  # as after logging in through the admin
    response = client.get(reverse("players"))
    assert response.status_code == 200
    assert PlayerProfile.objects.filter(user=bare_user).exists()
    assert reverse("player", args=["rootadmin"]) in response.text


def test_password_change(alice_client):
    url = reverse("password_change")
    new = "a-brand-new-password-42"
    wrong = alice_client.post(url, {"old_password": "nope", "new_password1": new, "new_password2": new})
    assert "Your old password was entered incorrectly." in wrong.text
    response = alice_client.post(url, {"old_password": PASSWORD, "new_password1": new, "new_password2": new})
    assert response.url == reverse("password_change_done")
    assert "Password changed" in alice_client.get(response.url).text
    assert authenticate(username="alice", password=new)
    assert not authenticate(username="alice", password=PASSWORD)


def test_password_change_needs_login(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_password_reset_by_email_link(client, alice):
    response = client.post(reverse("password_reset"), {"email": "alice@example.com"})
    assert response.url == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["alice@example.com"]
    assert message.subject == "Reset your Top Cat password"
    assert "Hello Alice Cooper" in message.body
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", message.body).group(1)

    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.text
    set_password_url = form_page.redirect_chain[-1][0]
    new = "reset-and-remembered-17"
    response = client.post(set_password_url, {"new_password1": new, "new_password2": new})
    assert response.url == reverse("password_reset_complete")
    assert "Your new password is set" in client.get(response.url).text
    assert authenticate(username="alice", password=new)

    used = client.get(link, follow=True)
    assert "That link does not work" in used.text


def test_password_reset_for_an_unknown_address_sends_nothing(client, alice):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.com"})
    assert response.url == reverse("password_reset_done")
    assert mail.outbox == []


@pytest.mark.parametrize(
    "name", ["login", "signup", "password_reset", "password_reset_done", "password_reset_complete"]
)
def test_account_pages_render_for_visitors(client, name):
    assert client.get(reverse(name)).status_code == 200


def test_signup_racing_for_a_handle_is_a_form_error_not_a_500(client, alice, monkeypatch):
    monkeypatch.setattr("scoring.services.handle_taken", lambda handle, exclude=None: False)  # lose the race
    monkeypatch.setattr("scoring.forms.SignUpForm.clean_username", lambda form: "ALICE")
    response = client.post(reverse("signup"), signup_data())
    assert response.status_code == 200
    assert "That username was taken a moment ago." in response.text
    assert not User.objects.filter(username="dora").exists()


@pytest.mark.django_db(transaction=True)
def test_signup_hashes_the_password_outside_the_write_transaction(client, monkeypatch):
    """Hashing is slow on purpose; on SQLite a write transaction holds the whole database, every move with it."""
    from django.db import connection

    from scoring import services

    inside = []
    make_password = services.make_password

    def watched(password):
        inside.append(connection.in_atomic_block)
        return make_password(password)

    monkeypatch.setattr(services, "make_password", watched)
    assert client.post(reverse("signup"), signup_data()).status_code == 302
    assert inside == [False]
    assert authenticate(username="dora", password=PASSWORD) is not None
