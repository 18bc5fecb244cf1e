"""Turn-based matches: the players need not be online together. The host chooses a time per move
(`Match.move_time`: hours or days); a player's turn begins with the move before it (`Match.moved_at`, or the start).
Once a player to move has let that time pass, they are out of time: any other player may let a bot play their seat
or claim the match (scored as abandoned by them), by the same rules and statistics as a live match's absent player
(games/stand_in.py, games/endings.py). A player with no page of the match open is away, never gone, until then.

Where several players move at once (Cat Tower's marks), each one's turn began with the last move anyone made.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from games.models import Match, Seat  # noqa: F401  (Seat: the seats' type)

# The host's choice at creation, in hours: 12 hours, a day, three days, a week.
MOVE_TIMES = (12, 24, 3 * 24, 7 * 24)


def turn_began(match: Match) -> datetime:
    return match.moved_at or match.started_at or match.created_at


def time_left(match: Match, now: datetime | None = None) -> timedelta:
    """What is left of the time per move of the players to move now (negative once it ran out)."""
    return turn_began(match) + match.move_time - (now or timezone.now())


def out_of_time(match: Match, seats: list[Seat], now: datetime | None = None) -> list[int]:
    """The people's seats to move whose time per move has run out."""
    if match.move_time is None or match.status != Match.PLAYING or match.state is None:
        return []
    if time_left(match, now) > timedelta(0):
        return []
    people = {seat.index for seat in seats if seat.is_person}
    return [index for index in match.engine.to_move(match.state) if index in people]


def waiting_for(match: Match, user) -> bool:
    """Whether this user has a move to make in this match (a seat of theirs is to move)."""
    if match.status != Match.PLAYING or match.state is None or not getattr(user, "is_authenticated", False):
        return False
    mine = {seat.index for seat in match.seats.all() if seat.user_id == user.pk and seat.is_person}
    return bool(mine.intersection(match.engine.to_move(match.state)))
