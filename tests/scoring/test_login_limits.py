"""Failed logins are limited (django-axes): after 10 wrong passwords for one username from one address, the login
page answers 429 for that pair, even with the right password, until the pause is over; but never to a browser that
logged in as that username before (its known-device cookie), and a password reset lifts the lock."""
import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.tokens import default_token_generator
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from scoring.login_limits import client_address
from tests.scoring.conftest import PASSWORD

pytestmark = pytest.mark.django_db
LIMIT = 10


def log_in(client, password, address="203.0.113.7", username="alice"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_the_right_password_after_sixty_wrong_ones_does_not_get_in(client, alice):
    for _ in range(60):
        assert log_in(client, "wrong-password").status_code in (200, 429)
    response = log_in(client, PASSWORD)
    assert response.status_code == 429 and not logged_in(client)
    assert "Too many failed logins" in response.text


def test_the_limit_is_ten_wrong_passwords(client, alice):
    for attempt in range(LIMIT - 1):
        assert log_in(client, "wrong-password").status_code == 200, attempt
    assert log_in(client, PASSWORD).status_code == 302 and logged_in(client)


def test_a_success_before_the_limit_starts_the_count_again(client, alice):
    for _ in range(LIMIT - 1):
        log_in(client, "wrong-password")
    assert log_in(client, PASSWORD).status_code == 302
    client.logout()
    for _ in range(LIMIT - 1):
        assert log_in(client, "wrong-password").status_code == 200
    assert log_in(client, PASSWORD).status_code == 302


def test_a_stranger_cannot_lock_a_player_out_from_elsewhere(client, alice):
    for _ in range(LIMIT + 2):
        log_in(client, "wrong-password", address="198.51.100.9")
    assert log_in(client, PASSWORD, address="198.51.100.9").status_code == 429
    assert log_in(client, PASSWORD, address="203.0.113.7").status_code == 302 and logged_in(client)


def test_the_pause_ends(client, alice, settings):
    for _ in range(LIMIT):
        log_in(client, "wrong-password")
    assert log_in(client, PASSWORD).status_code == 429
    from axes.models import AccessAttempt

    AccessAttempt.objects.update(attempt_time="2000-01-01T00:00:00Z")  # the cool-off is long past
    assert log_in(client, PASSWORD).status_code == 302


def test_checking_a_password_without_a_request_is_not_a_login_attempt(alice):
    assert authenticate(username="alice", password=PASSWORD) == alice
    assert authenticate(username="alice", password="wrong") is None


@pytest.mark.parametrize("count, forwarded, expected", [
    (0, "1.2.3.4", "10.0.0.1"),  # no proxy: X-Forwarded-For is anyone's to write
    (1, "6.6.6.6, 1.2.3.4", "1.2.3.4"),  # our proxy appended the address it saw; the rest may be forged
    (2, "6.6.6.6, 1.2.3.4, 10.0.0.2", "1.2.3.4"),
    (2, "1.2.3.4", "10.0.0.1"),  # fewer entries than proxies: not through them
])
def test_the_address_behind_proxies_is_the_one_our_outermost_proxy_saw(settings, count, forwarded, expected):
    settings.PROXY_COUNT = count
    request = RequestFactory().post("/accounts/login/", HTTP_X_FORWARDED_FOR=forwarded, REMOTE_ADDR="10.0.0.1")
    assert client_address(request) == expected


SHARED = "192.0.2.50"  # a school's, a café's or a proxy's one address


def lock_alice_out_from(address: str) -> None:
    stranger = Client()
    for _ in range(LIMIT + 2):
        log_in(stranger, "wrong-password", address=address)
    assert log_in(stranger, PASSWORD, address=address).status_code == 429, "a stranger's guessing is stopped"


def test_a_stranger_at_the_same_address_cannot_lock_a_player_out_of_their_own_browser(client, alice):
    assert log_in(client, PASSWORD, address=SHARED).status_code == 302  # Alice's browser: a known device now
    client.post(reverse("logout"))  # as the page does: the browser keeps its cookies
    lock_alice_out_from(SHARED)
    assert log_in(client, PASSWORD, address=SHARED).status_code == 302 and logged_in(client)


def test_a_known_device_of_another_username_or_an_old_password_is_not_let_through(client, alice, bob):
    assert log_in(client, PASSWORD, address=SHARED, username="bob").status_code == 302
    client.post(reverse("logout"))  # as the page does: the browser keeps its cookies
    lock_alice_out_from(SHARED)
    assert log_in(client, PASSWORD, address=SHARED).status_code == 429, "bob's browser is not alice's device"

    other = Client()
    assert log_in(other, PASSWORD, address="203.0.113.99").status_code == 302
    other.post(reverse("logout"))
    alice.set_password("a-new-Passw0rd-42")
    alice.save()
    assert log_in(other, "a-new-Passw0rd-42", address=SHARED).status_code == 429, "the cookie named the old password"


def test_a_password_reset_lifts_the_lock(client, alice):
    lock_alice_out_from(SHARED)
    uid = urlsafe_base64_encode(force_bytes(alice.pk))
    link = client.get(reverse("password_reset_confirm", args=[uid, default_token_generator.make_token(alice)]))
    assert link.status_code == 302
    new = "a-new-Passw0rd-42"
    assert client.post(link.url, {"new_password1": new, "new_password2": new}).status_code == 302
    assert log_in(client, new, address=SHARED).status_code == 302 and logged_in(client)
