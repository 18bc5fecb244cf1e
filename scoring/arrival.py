"""Where a visitor was going when the site asked them to log in: kept through log-in, sign-up and a password reset.

A friend who opens a match invitation without an account is sent to the login page with `next` = the invitation.
Whichever way they then go (log in, create an account, reset a forgotten password, even from the e-mail link in
another tab) the address travels with them (in `next`, and in the session for the e-mail round trip), the pages
say which match they are joining, and once they are in, they are seated at the match at once.
"""
from __future__ import annotations

from django.contrib import messages
from django.urls import Resolver404, resolve
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from games import lobby
from games.models import Match

SESSION_KEY = "arrival-next"


def safe(request, url: str | None) -> str:
    """The address if it is a path on this site (never another site's), else ""."""
    if url and url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()},
                                               require_https=request.is_secure()):
        return url
    return ""


def wanted(request) -> str:
    """Where this visitor is going: the page's `next`, else the one kept in the session."""
    return safe(request, request.POST.get("next") or request.GET.get("next")) or request.session.get(SESSION_KEY, "")


def remember(request, url: str) -> None:
    if safe(request, url):
        request.session[SESSION_KEY] = url


def forget(request) -> None:
    request.session.pop(SESSION_KEY, None)


def invitation(url: str) -> dict | None:
    """The match an address invites to (its join link with a valid token), for the account pages to name."""
    try:
        found = resolve(url.split("?", 1)[0])
    except Resolver404:
        return None
    if found.url_name != "match_join":
        return None
    match = Match.objects.filter(pk=found.kwargs["match_id"]).select_related("host__profile").first()
    if match is None or match.invite_token != found.kwargs["token"]:
        return None
    host = getattr(match.host, "profile", None)
    return {"match": match, "game": match.game_info.name, "number": match.pk,
            "host": host.display_name if host else match.host.get_username(),
            "open": match.status == Match.OPEN}


def arrive(request, url: str) -> str:
    """Just logged in (or signed up, or reset the password): take the invited seat, and say where to go next."""
    forget(request)
    invited = invitation(url) if url else None
    if invited is None:
        return url
    match = invited["match"]
    if match.seats.filter(user=request.user, kind="player").exists():
        return match.get_absolute_url()
    try:
        lobby.take_seat(match_id=match.pk, user=request.user, token=match.invite_token)
    except lobby.SeatingError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("You have a seat at %(game)s #%(number)s.")
                         % {"game": invited["game"], "number": match.pk})
    return match.get_absolute_url()
