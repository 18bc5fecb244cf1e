"""The names of a match's groups in the channel layer: every socket of a match page joins two of them.

An audience is the set of sockets that see the same table: the sockets of one seat's player, those of one shared
screen (a user who plays several seats: hot-seat), and the spectators. Each audience has a group per language, so
a seat's table only ever reaches that seat's sockets, each in its own language (games/pushes.py). The match's own
group holds every socket of the match: it tells whether anybody is connected at all.
"""
import hashlib

from django.conf import settings


def match_group(match_id: int) -> str:
    return f"match-{match_id}"


def seat_group(match_id: int, seat: int) -> str:
    return f"match-{match_id}-seat-{seat}"


def screen_group(match_id: int, user_id: int) -> str:
    return f"match-{match_id}-screen-{user_id}"


def watch_group(match_id: int) -> str:
    return f"match-{match_id}-watch"


def language_group(group: str, language: str) -> str:
    """An audience's group for the sockets of one language: each is sent the table rendered in its language."""
    return f"{group}.{language}"


def languages() -> list[str]:
    return [code for code, _ in settings.LANGUAGES]


def session_digest(session_key: str) -> str:
    """How a socket recognises its own browser in a message: never the session key itself."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:32]


def owner_group(match_id: int, owner: str) -> str:
    """The sockets of one player (or one address) on a match: they tell each other when they open and close, so
    that the oldest of too many closes (games/socket_limits.py). The owner is hashed: an address may hold
    characters a group name may not."""
    return f"match-{match_id}-owner-{hashlib.sha256(owner.encode()).hexdigest()[:32]}"
