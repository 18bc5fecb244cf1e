"""A notice in words, in the language of the person told: it names the game, the match and the opponents, and where
it leads (the match, or the record to confirm). Several notices sent together make one message."""
from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games import registry
from notices.models import CONFIRMATION, INVITATION, REMINDER, TURN, UNDO


def game_name(slug: str) -> str:
    try:
        return str(registry.get(slug).name)
    except Exception:  # a game no longer installed: its slug still says which
        return slug


def names(params: dict) -> str:
    return ", ".join(params.get("opponents") or []) or gettext("nobody")


def line(kind: str, params: dict) -> str:
    """One notice as one sentence."""
    words = {"game": game_name(params.get("game", "")), "number": params.get("number", ""),
             "opponents": names(params), "by": params.get("by", "")}
    if kind == TURN:
        return gettext("Your turn in %(game)s, match #%(number)s against %(opponents)s.") % words
    if kind == REMINDER:
        return gettext("Your time is almost up in %(game)s, match #%(number)s against %(opponents)s: "
                       "%(left)s left to move.") % {**words, "left": params.get("left", "")}
    if kind == INVITATION:
        return gettext("%(by)s invites you to a rematch: %(game)s, match #%(number)s against %(opponents)s.") % words
    if kind == CONFIRMATION:
        return gettext("%(by)s recorded %(game)s with you (against %(opponents)s): please confirm or dispute it.") \
            % words
    if kind == UNDO:
        return gettext("%(by)s asks to take back a move in %(game)s, match #%(number)s: agree or refuse.") % words
    raise ValueError(kind)


def title(notices: list) -> str:
    if len(notices) == 1:
        kind = notices[0].kind
        return {TURN: gettext("Your turn"), REMINDER: gettext("Your time is almost up"),
                INVITATION: gettext("An invitation"), CONFIRMATION: gettext("A record to confirm"),
                UNDO: gettext("A request to take back a move")}[kind]
    return ngettext("Top Cat: %(count)d notice", "Top Cat: %(count)d notices", len(notices)) % {"count": len(notices)}


def left_words(seconds: float) -> str:
    hours = max(1, round(seconds / 3600))
    if hours < 48:
        return ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}
    days = round(hours / 24)
    return ngettext("%(count)d day", "%(count)d days", days) % {"count": days}
