"""Failed logins are limited (django-axes): after 10 wrong passwords for one username from one address, the login
page answers 429 for that pair, even with the right password, until the pause is over."""
import pytest
from django.contrib.auth import authenticate
from django.test import RequestFactory
from django.urls import reverse

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
