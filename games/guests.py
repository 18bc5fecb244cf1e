"""Guests: people who play without an account, each a name bound to one device by a signed cookie (table mode).

A guest is a player profile without a user (scoring.PlayerProfile, a "table player" that nobody created, so that
nobody can edit it or link it to an account); a match's seat of kind `Seat.GUEST` names that profile. The device
keeps the profiles it played as in a signed cookie, so a guest's phone acts for its seat, reloads and reconnects to
it, and only that phone can later take the guest's results into an account (table_mode/claims.py).
A request or socket acts as its user when logged in, else as the guest its cookie names, else as nobody.
"""
from dataclasses import dataclass

from django.conf import settings
from django.core import signing

COOKIE = "topcat_guest"
SALT = "games.guests"
MAX_AGE = 365 * 24 * 60 * 60
MOST = 20  # profiles one device remembers (the newest are kept)


@dataclass(frozen=True)
class Guest:
    """Stands for a guest's device where a user would: `games.viewer.controlled_seats` reads `guest_profiles`."""

    guest_profiles: frozenset
    pk = None
    is_authenticated = False
    is_anonymous = True


def read(value: str | None) -> list[int]:
    """The profile ids a cookie's value names; [] for a missing, forged or expired cookie."""
    if not value:
        return []
    try:
        text = signing.get_cookie_signer(salt=COOKIE + SALT).unsign(value, max_age=MAX_AGE)
    except signing.BadSignature:
        return []
    return [int(part) for part in text.split(",") if part.isascii() and part.isdigit()]


def profiles_of(request) -> list[int]:
    return read(request.COOKIES.get(COOKIE))


def acting(request):
    """Who a request acts as: its user when logged in, else its device's guest, else the anonymous user."""
    return _acting(request.user, profiles_of(request))


def acting_in_scope(scope):
    """The same for a websocket: the user Channels' AuthMiddleware set, else the guest of the cookie."""
    return _acting(scope.get("user"), read((scope.get("cookies") or {}).get(COOKIE)))


def _acting(user, profiles: list[int]):
    if getattr(user, "is_authenticated", False) or not profiles:
        return user
    return Guest(frozenset(profiles))


def remember(request, response, profile_id: int) -> None:
    """This device played as `profile_id` (added to the cookie's list)."""
    profiles = [p for p in profiles_of(request) if p != profile_id] + [profile_id]
    store(response, profiles[-MOST:])


def store(response, profiles: list[int]) -> None:
    if not profiles:
        response.delete_cookie(COOKIE, samesite="Lax")
        return
    value = signing.get_cookie_signer(salt=COOKIE + SALT).sign(",".join(map(str, profiles)))
    response.set_cookie(COOKIE, value, max_age=MAX_AGE, httponly=True, samesite="Lax",
                        secure=settings.SESSION_COOKIE_SECURE)
