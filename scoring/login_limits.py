"""A limit on failed logins (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords for one username from one
address, that pair is locked out for LOGIN_COOLOFF_MINUTES and the login page answers 429.

Axes keeps the failed attempts in the database, so every server process sees the same count. Locking the pair
(username and address), not the username alone, keeps a stranger elsewhere from locking a player out. A stranger
at the same address (a school, a café, one proxy) could still: so a browser that has logged in as that username
with its current password (the known-device cookie, OWASP's "device cookies") is never locked out for it
(AXES_WHITELIST_CALLABLE), and a password reset lifts the lock (scoring/account_views.py). docs/security.md.
"""
import logging

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.utils.crypto import constant_time_compare, salted_hmac

DEVICE_COOKIE = "known_device"
DEVICE_SALT = "scoring.login_limits.known_device"
DEVICE_MAX_AGE = 365 * 24 * 60 * 60
logger = logging.getLogger(__name__)


class LoginAttemptsBackend(AxesStandaloneBackend):
    """Axes' check, for logins that come with a request (the login page, the admin's).

    Code that checks a password without a request (a management command, a test) is not a login attempt from
    outside: axes refuses to guess there, so this backend steps aside and the next backend decides.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


def client_address(request) -> str:
    """The address a login comes from: REMOTE_ADDR, or behind PROXY_COUNT proxies that each append the address
    they saw to X-Forwarded-For, the one the outermost of ours saw (what comes before it a client can forge)."""
    count = getattr(settings, "PROXY_COUNT", 0) or 0
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if count and len(forwarded) >= count:
        return forwarded[-count]
    return request.META.get("REMOTE_ADDR", "")


def _password_mark(user) -> str:
    """Changes with the password: a device cookie made before a password change no longer counts."""
    return salted_hmac(DEVICE_SALT, user.password).hexdigest()[:32]


def remember_device(response, user) -> None:
    """After a successful login: this browser is a known device of this username (one username per browser)."""
    value = signing.dumps({"u": user.get_username(), "p": _password_mark(user)}, salt=DEVICE_SALT)
    response.set_cookie(DEVICE_COOKIE, value, max_age=DEVICE_MAX_AGE, httponly=True, samesite="Lax",
                        secure=settings.SESSION_COOKIE_SECURE)


def known_device(request, credentials) -> bool:
    """AXES_WHITELIST_CALLABLE: the login comes from a browser that logged in as this username before, with the
    password it has now. Its attempts are neither locked nor counted: others' wrong passwords at the same address
    cannot lock its owner out, and only a browser that knew the current password holds such a cookie."""
    username = (credentials or {}).get("username") or ""
    try:
        data = signing.loads(request.COOKIES.get(DEVICE_COOKIE, ""), salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE)
    except signing.BadSignature:
        return False
    if not username or not isinstance(data, dict) or data.get("u") != username:
        return False
    user = get_user_model()._default_manager.filter(**{get_user_model().USERNAME_FIELD: username}).first()
    return user is not None and constant_time_compare(str(data.get("p", "")), _password_mark(user))
