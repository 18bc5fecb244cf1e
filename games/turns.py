"""The one way in: every change to a live match's state goes through `play` (or `start`, which deals)."""
from __future__ import annotations

import copy

from django.db import transaction
from django.utils import timezone

from games import live
from games.models import Match, Move


class MatchError(Exception):
    """A move the server refuses; `status` is the HTTP status the page should answer with."""

    status = 400


class StaleVersion(MatchError):
    status = 409


class NotPlaying(MatchError):
    status = 409


class IllegalMove(MatchError):
    status = 400


TIME_UP = {"type": "time_up"}


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


def play(*, match_id: int, seat: int | None, action: dict, version: int) -> Match:
    """Apply one action for `seat` against the state at `version`, or refuse it and change nothing.

    The match row is locked for the whole transaction (SELECT ... FOR UPDATE on PostgreSQL, an IMMEDIATE
    transaction on SQLite), so two posts made against the same version can never both apply.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.PLAYING:
            raise NotPlaying("This match is not in progress." if match.status == Match.OPEN else "This match is over.")
        if version != match.version:
            raise StaleVersion("The table changed before your move arrived; here it is as it is now.")
        _stop_clock_if_due(match)
        _apply(match, seat, action)
        match.save(update_fields=["state", "version", "status", "finished_at", "time_up", "game_record"])
    return match


def stop_clock_if_due(match_id: int) -> bool:
    """Record "time is up" as the match's own move once its time limit has passed. True when it did."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.PLAYING or not _stop_clock_if_due(match):
            return False
        match.save(update_fields=["state", "version", "status", "finished_at", "time_up", "game_record"])
    return True


def _stop_clock_if_due(match: Match) -> bool:
    deadline = match.deadline
    if match.time_up or deadline is None or timezone.now() < deadline:
        return False
    match.time_up = True
    _apply(match, None, TIME_UP)
    return True


def _apply(match: Match, seat: int | None, action: dict) -> None:
    engine = match.engine
    if not isinstance(action, dict):
        raise IllegalMove("A move must be an action object.")
    try:
        match.state = engine.apply(match.state, seat, copy.deepcopy(action))
    except engine.IllegalAction as exc:
        raise IllegalMove(match.game_info.refusal_text(exc)) from exc
    match.version += 1
    Move.objects.create(match=match, seq=match.version, seat=seat, action=action)
    if engine.is_over(match.state):
        _finish(match)
    _after_commit(match)


def _finish(match: Match) -> None:
    from games.records import match_record
    from scoring.records import save_record

    match.status = Match.FINISHED
    match.finished_at = timezone.now()
    match.game_record = save_record(match_record(match), recorded_by=match.host)


def announce(match: Match) -> None:
    """Push a change that is not a move (a seat taken, a rematch offered) to every page of the match."""
    _after_commit(match)


def _after_commit(match: Match) -> None:
    match_id, version, bots = match.pk, match.version, match.has_bots
    # robust: a push or a bot that fails to start is logged; it must not turn the committed change into an error.
    transaction.on_commit(lambda: live.changed(match_id, version, bots=bots), robust=True)
