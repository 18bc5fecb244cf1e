"""Undo by consent, after Board Game Arena's written undo policy.

A player may ask to take back their last move only when it showed nothing hidden and left nothing to chance (the
game's engine says which of its actions can be: `engine.undoable(before, seat, action, after)`; no random draw may
have been made, whatever the engine says), and only before anyone else moved: `Match.undoable_by` is the seat of
the match's last move when that move can be taken back, set by every move (games/turns.py).

Every other person at the table must agree: the players and guests who are not the asker (a host's local seats
are the host's own; a seat a bot plays now has nobody to ask). In a hot-seat or all-bots match nobody needs to,
and the move is taken back at once. One refusal settles it: the move stands. A move made meanwhile ends the
request (it was asked of the table as it was: `undo_request.version`).

Taking back: the state becomes the one before the move (the engine replays the standing moves from the deal), the
move's row goes and the match's version goes up by one, so every page takes the change like any other. The record
keeps each taken-back move, who asked and who agreed (`Match.undos`, design/records.md version 2's `undos`).
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from games import turns
from games.models import Match, Move, Seat

AGREE, REFUSE = "agree", "refuse"


def _person(seat: Seat):
    """Who holds a seat: its user (a registered or a host's local player), or its guest."""
    return ("guest", seat.profile_id) if seat.kind == Seat.GUEST else ("user", seat.user_id)


def must_agree(match: Match, seats: list[Seat], asker: int) -> list[int]:
    """The seats whose players must agree to take back `asker`'s move: every other person's, playing it now (a
    host's local seats are the host's: a host asks none of them, and agrees once for them all)."""
    me = _person(seats[asker])
    return [seat.index for seat in seats
            if seat.kind in (Seat.PLAYER, Seat.LOCAL, Seat.GUEST) and _person(seat) != me
            and seat.index not in match.stand_ins]


def pending(match: Match) -> dict | None:
    """The request asked of the table as it is now (None when there is none, or a move has been made since)."""
    request = match.undo_request
    return request if request and request.get("version") == match.version else None


def _current(match_id: int, version: int) -> Match:
    """The match, locked, playing and at the version the page showed (a second post of one click, or an answer to
    a request that has made way for another, is stale)."""
    match = turns.locked(match_id)
    if match.status != Match.PLAYING:
        raise turns.NotPlaying(turns.not_playing(match))
    if version != match.version:
        raise turns.StaleVersion(gettext("The table changed before your answer arrived; here it is as it is now."))
    return match


def ask(*, match_id: int, seat: int, version: int) -> Match:
    """`seat` asks to take back its last move, on the table at `version`; taken back at once when nobody else must
    agree. The caller has checked that the user acts for `seat`."""
    turns.stop_clock_if_due(match_id)  # a match whose time ran out ended by time, before anyone could ask
    with transaction.atomic():
        match = _current(match_id, version)
        seats = Seat.of(match_id)
        if seat in match.stand_ins:
            raise turns.NotAllowed(gettext("A bot is playing this seat: take your seat back first."))
        request = pending(match)
        if request and request.get("refused_by") is not None:
            raise turns.NotPlaying(gettext("%(name)s said no: that move stands.")
                                   % {"name": seats[request["refused_by"]].label})
        if request:
            raise turns.NotPlaying(gettext("Taking back that move has been asked already."))
        if match.undoable_by != seat:
            raise turns.NotAllowed(gettext(
                "Only your last move can be taken back, before anyone else moves, and only one that showed nothing "
                "hidden and left nothing to chance."))
        waiting = must_agree(match, seats, seat)
        if waiting:
            match.undo_request = {"seat": seat, "version": match.version, "waiting": waiting, "agreed_by": []}
            match.save(update_fields=["undo_request"])
            turns.announce(match)
        else:
            _take_back(match, seats, seat, agreed_by=[])
    return match


def answer(*, match_id: int, seat: int, agree: bool, version: int) -> Match:
    """`seat` agrees to the request or refuses it, as the table at `version` showed it. The caller has checked that
    the user acts for `seat`."""
    with transaction.atomic():
        match = _current(match_id, version)
        request = pending(match)
        if request is None or request.get("refused_by") is not None or request["seat"] in match.stand_ins:
            raise turns.NotPlaying(gettext("Nobody is asking to take a move back now."))
        if seat not in request["waiting"]:
            raise turns.NotAllowed(gettext("Your agreement is not asked for."))
        if seat in request["agreed_by"]:
            raise turns.NotPlaying(gettext("You have agreed already."))
        seats = Seat.of(match_id)
        if not agree:
            match.undo_request = {**request, "refused_by": seat}
            match.save(update_fields=["undo_request"])
            turns.announce(match)
            return match
        me = _person(seats[seat])  # one person agrees for every seat of theirs that is asked
        agreed = sorted({*request["agreed_by"], *(s for s in request["waiting"] if _person(seats[s]) == me)})
        if set(agreed) >= set(request["waiting"]):
            _take_back(match, seats, request["seat"], agreed_by=agreed)
        else:
            match.undo_request = {**request, "agreed_by": agreed}
            match.save(update_fields=["undo_request"])
            turns.announce(match)
    return match


def _take_back(match: Match, seats: list[Seat], seat: int, agreed_by: list[int]) -> None:
    """The state before the match's last move (made by `seat`): the standing moves replayed from the deal."""
    engine = match.engine
    moves = list(match.moves.order_by("seq").values_list("pk", "seq", "seat", "action", "by_bot"))
    pk, seq, _seat, _action, _by_bot = moves[-1]
    state, before = engine.new_game(len(seats), match.seed, match.options), None
    for _pk, _seq, mover, action, _by_bot in moves[:-1]:
        before, state = state, engine.apply(state, mover, action)
    # The asker may go on taking back moves of theirs (one request each); another's move before it stays theirs:
    # the asker moved after it.
    _pk, _seq, mover, action, by_bot = moves[-2] if len(moves) > 1 else (None, None, None, None, True)
    again = mover == seat and not by_bot and turns.can_take_back(engine, before, seat, action, state)
    match.undoable_by = seat if again else None
    Move.objects.filter(pk=pk).delete()
    match.state = state
    match.version += 1
    match.moved_at = timezone.now()  # the asker's turn (and a turn-based match's clock) begins again now
    match.undo_request = None
    match.undos = [*match.undos, {"seq": seq, "seat": seat, "agreed_by": agreed_by}]
    match.save(update_fields=["state", "version", "undoable_by", "undo_request", "undos", "moved_at"])
    turns.announce(match)
