"""A limit on failed logins (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords for one username from one
address, that pair is locked out for LOGIN_COOLOFF_MINUTES and the login page answers 429.

Axes keeps the failed attempts in the database, so every server process sees the same count. Locking the pair
(username and address), not the username alone, keeps a stranger from locking a player out of their account.
"""
from axes.backends import AxesStandaloneBackend


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
    from django.conf import settings

    count = getattr(settings, "PROXY_COUNT", 0)
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if count and len(forwarded) >= count:
        return forwarded[-count]
    return request.META.get("REMOTE_ADDR", "")
