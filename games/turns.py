"""The one way in: every change to a live match's state goes through `play` (or `start`, which deals, or
`resign` and `claim`, which end it early: games/endings.py)."""
from __future__ import annotations

import copy

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext

from catsite import limits
from games import endings, turn_based
from games.compiled import Compiled, insert_row, update_row
from games.models import Match, Move, Seat
from games.records import match_record
from games.signals import match_changed
from scoring.records import save_record


class MatchError(Exception):
    """A move the server refuses; `status` is the HTTP status the page should answer with."""

    status = 400


class StaleVersion(MatchError):
    status = 409


class NotPlaying(MatchError):
    status = 409


class IllegalMove(MatchError):
    status = 400


class NotAllowed(MatchError):
    status = 403


TIME_UP = {"type": "time_up"}


def not_playing(match: Match) -> str:
    return gettext("This match is not in progress.") if match.status == Match.OPEN else gettext("This match is over.")


def locked(match_id: int) -> Match:
    """The match, its row locked until the transaction ends (SELECT ... FOR UPDATE; SQLite's IMMEDIATE transaction
    holds the whole database already): read by every move, compiled once (games/compiled.py)."""
    found = _LOCKED.objects(match_id)
    if not found:
        raise Match.DoesNotExist(f"no match {match_id}")
    return found[0]


_LOCKED = Compiled(Match, lambda match_id: Match.objects.select_for_update().filter(pk=match_id).order_by(),
                   placeholders=(-1,))


def _record(match: Match, seat: int | None, action: dict, by_bot: bool = False) -> None:
    """The move that made the match's current version (`by_bot`: a bot standing in for the seat's player)."""
    match.moved_at = timezone.now()
    insert_row(Move, match_id=match.pk, seq=match.version, seat=seat, action=action, created_at=match.moved_at,
               by_bot=by_bot)


def _save(match: Match) -> None:
    """Write what a move changes in the match row."""
    update_row(Match, match.pk, state=match.state, version=match.version, status=match.status,
               finished_at=match.finished_at, time_up=match.time_up, game_record=match.game_record_id,
               undoable_by=match.undoable_by, moved_at=match.moved_at)


def start(match: Match) -> Match:
    """Deal the game: the engine's opening state, version 0. The caller holds the match in a transaction."""
    engine = match.engine
    match.state = engine.new_game(match.seats.count(), match.seed, match.options)
    match.status = Match.PLAYING
    match.started_at = timezone.now()
    match.version = 0
    match.save(update_fields=["state", "status", "started_at", "version"])
    _after_commit(match)
    return match


def play(*, match_id: int, seat: int | None, action: dict, version: int, stand_in: bool = False) -> Match:
    """Apply one action for `seat` against the state at `version`, or refuse it and change nothing.

    The match row is locked for the whole transaction (SELECT ... FOR UPDATE on PostgreSQL, an IMMEDIATE
    transaction on SQLite), so two posts made against the same version can never both apply. `stand_in`: the
    move of a bot playing for an absent player (games/stand_in.py), refused once the player took the seat back,
    as a player's own move is refused while a bot plays their seat: of the two, exactly one applies.
    """
    with transaction.atomic():
        match = locked(match_id)
        if match.status != Match.PLAYING:
            raise NotPlaying(not_playing(match))
        if version != match.version:
            raise StaleVersion(gettext("The table changed before your move arrived; here it is as it is now."))
        if (seat in match.stand_ins) != stand_in:
            raise (StaleVersion if stand_in else NotAllowed)(gettext(
                "A bot is playing this seat: take your seat back first."))
        _stop_clock_if_due(match)
        _apply(match, seat, action, by_bot=stand_in)
        _save(match)
    return match


def stop_clock_if_due(match_id: int) -> bool:
    """Record "time is up" as the match's own move once its time limit has passed. True when it did."""
    with transaction.atomic():
        match = locked(match_id)
        if match.status != Match.PLAYING or not _stop_clock_if_due(match):
            return False
        _save(match)
    return True


def _stop_clock_if_due(match: Match) -> bool:
    deadline = match.deadline
    if match.time_up or deadline is None or timezone.now() < deadline:
        return False
    match.time_up = True
    _apply(match, None, TIME_UP)
    return True


def _apply(match: Match, seat: int | None, action: dict, by_bot: bool = False) -> None:
    engine = match.engine
    if not isinstance(action, dict):
        raise IllegalMove(gettext("That move could not be read; please choose it again."))
    try:
        limits.check_action(action)  # deepcopy below recurses: a crafted action must not reach it
    except limits.TooMuch as exc:
        raise IllegalMove(str(exc)) from None
    before = match.state
    to_move_before = tuple(engine.to_move(before))
    try:
        match.state = engine.apply(before, seat, copy.deepcopy(action))
    except engine.IllegalAction as exc:
        raise IllegalMove(match.game_info.refusal_text(exc)) from exc
    match.undoable_by = seat if not by_bot and can_take_back(engine, before, seat, action, match.state) else None
    match.version += 1
    _record(match, seat, action, by_bot)
    if engine.is_over(match.state):
        _finish(match)
    _after_commit(match, to_move_before)


def can_take_back(engine, before: dict, seat, action: dict, after: dict) -> bool:
    """Whether a move just made may be taken back by its player (games/undo.py): the engine allows it and no chance
    decided anything."""
    undoable = getattr(engine, "undoable", None)  # a game without it lets nothing be taken back
    return (undoable is not None and seat is not None and after.get("draws") == before.get("draws")
            and undoable(before, seat, action, after))


def resign(*, match_id: int, seat: int) -> Match:
    """`seat` gives up: the match ends at once, that seat ranks last, the record says so (games/endings.py).

    The caller has checked that the user acts for `seat`. A resignation needs no version: it is not chosen on
    a particular board, and a second one finds the match over.
    """
    stop_clock_if_due(match_id)  # a match whose time ran out ended by time, before anyone could resign
    with transaction.atomic():
        match = _playing(match_id)
        if not match.seats.filter(index=seat).exists():
            raise IllegalMove(gettext("There is no such seat at this match."))
        _end(match, seat, {"type": endings.RESIGN})
    return match


def absent_seats(match: Match, seats: list[Seat], now=None) -> list[int]:
    """The people's seats to move that have not moved for the host's chosen time (since their own last move, or
    since the start; in a turn-based match, since their turn began: games/turn_based.py): the others may claim the
    match from them. Bots are never absent."""
    if match.move_time is not None:
        return turn_based.out_of_time(match, seats, now)
    if match.status != Match.PLAYING or match.absence_limit is None or match.state is None:
        return []
    since = now or timezone.now()
    if since - match.started_at < match.absence_limit:
        return []  # nobody can have been away that long yet (and the page asks the database nothing)
    last = dict(match.moves.values("seat").annotate(last=Max("created_at")).values_list("seat", "last").order_by())
    people = {s.index for s in seats if s.kind in (Seat.PLAYER, Seat.LOCAL)}
    return [index for index in match.engine.to_move(match.state)
            if index in people and since - (last.get(index) or match.started_at) >= match.absence_limit]


def claim(*, match_id: int, seat: int, absent: int) -> Match:
    """The player at `seat` ends a match that seat `absent` has left: scored as abandoned by `absent`.

    Allowed once `absent` is to move and has not moved for the match's `absence_limit`, by a seat that is not
    absent itself; never against a seat the same user acts for (a host cannot claim their own local players').
    """
    stop_clock_if_due(match_id)
    with transaction.atomic():
        match = _playing(match_id)
        seats = list(match.seats.all())
        by_index = {s.index: s for s in seats}
        if seat not in by_index or absent not in by_index:
            raise IllegalMove(gettext("There is no such seat at this match."))
        if absent == seat or (by_index[absent].user_id is not None
                              and by_index[absent].user_id == by_index[seat].user_id):
            raise NotAllowed(gettext("You cannot claim the match from a seat you play yourself."))
        away = absent_seats(match, seats)
        if absent not in away:
            raise NotAllowed(gettext("%(name)s is not absent: the match can be claimed only when the player to move "
                                     "has not moved for the time the host chose.") % {"name": by_index[absent].label})
        if seat in away:
            raise NotAllowed(gettext("You have not moved for as long yourself: make your move first."))
        _end(match, seat, {"type": endings.CLAIM, "absent": absent})
    return match


def _playing(match_id: int) -> Match:
    match = locked(match_id)
    if match.status != Match.PLAYING:
        raise NotPlaying(not_playing(match))
    return match


def _end(match: Match, seat: int, action: dict) -> None:
    """Record an ending move (the match's last), finish the match and save its record."""
    match.version += 1
    _record(match, seat, action)
    _finish(match)
    match.save(update_fields=["version", "status", "finished_at", "game_record", "moved_at"])
    _after_commit(match)


def _finish(match: Match) -> None:
    match.status = Match.FINISHED
    match.finished_at = timezone.now()
    # A guest's seat names no player in the record; the history still keeps it under the guest's profile, which the
    # guest may later take into an account (table_mode/claims.py).
    guests = {seat.index: seat.profile for seat in match.seats.filter(kind=Seat.GUEST).select_related("profile")}
    match.game_record = save_record(match_record(match), recorded_by=match.host, witnessed=True, guests=guests)


def announce(match: Match) -> None:
    """Push a change that is not a move (a seat taken, a rematch offered) to every page of the match."""
    _after_commit(match)


def _after_commit(match: Match, to_move_before: tuple | None = None) -> None:
    """Announce the change once it is committed (games/signals.py). Robust: a listener that fails (a push through
    a channel layer that is down) is logged; it must not turn the committed change into an error.
    `to_move_before`: a move's, the seats that were to move before it."""
    bots = match.has_bots

    def announce_committed():
        match.__dict__.pop("_changed_seats", None)  # the listeners read this change's seats (Seat.of_changed)
        match_changed.send_robust(Match, match=match, bots=bots, to_move_before=to_move_before)

    transaction.on_commit(announce_committed)
