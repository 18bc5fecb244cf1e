"""Plays the bots' moves after a human's move is committed, off the request, one match at a time."""
import asyncio
import logging
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import close_old_connections
from django.dispatch import receiver

from catsite import server_loop
from games import stand_in, turns
from games.models import Match, Seat
from games.signals import match_changed

log = logging.getLogger(__name__)
_lock = threading.Lock()
_running: dict[int, bool] = {}  # match id -> "changed again while the bots were moving"
_executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots")


@receiver(match_changed, dispatch_uid="games.bot_runner")
def on_match_changed(sender, match, bots: bool, **kwargs) -> None:
    if bots:
        kick(match.pk)


def kick(match_id: int) -> None:
    """Make sure the bots of this match get to move; cheap to call after every change."""
    with _lock:
        if match_id in _running:
            _running[match_id] = True
            return
        _running[match_id] = False
    if getattr(settings, "BOT_RUNNER", "thread") == "inline":
        _drain(match_id)
        return
    # Under the ASGI server the bots are a task on its loop: their pauses cost no thread, and their moves'
    # pushes go through the same loop as the consumers (the in-memory channel layer needs that).
    if not server_loop.spawn(_drain_async, match_id):
        _executor.submit(_drain_in_thread, match_id)


def _start_pass(match_id: int) -> None:
    """The drainer looks at the match afresh: changes from now on are seen by this pass."""
    with _lock:
        _running[match_id] = False


def _done(match_id: int) -> bool:
    """After a pass: done unless the match changed meanwhile (then the caller makes another pass)."""
    with _lock:
        if _running[match_id]:
            return False
        del _running[match_id]
        return True


def _forget(match_id: int) -> None:
    with _lock:
        _running.pop(match_id, None)


async def _drain_async(match_id: int) -> None:
    delay = getattr(settings, "BOT_DELAY", 0)
    try:
        while True:
            _start_pass(match_id)
            while True:
                if delay:
                    await asyncio.sleep(delay)
                if not await database_sync_to_async(play_one_bot_move)(match_id):
                    break
            if _done(match_id):
                return
    except BaseException:
        _forget(match_id)
        raise


def _drain_in_thread(match_id: int) -> None:
    try:
        _drain(match_id)
    except Exception:  # a bot's failure must never take the server down; the next change retries
        log.exception("bots of match %s failed", match_id)
    finally:
        close_old_connections()


def _drain(match_id: int) -> None:
    try:
        while True:
            _start_pass(match_id)
            play_bots(match_id, delay=getattr(settings, "BOT_DELAY", 0))
            if _done(match_id):
                return
    except BaseException:
        _forget(match_id)
        raise


def play_bots(match_id: int, delay: float = 0) -> int:
    """Play bot moves while a bot is to move. Returns how many moves the bots made."""
    made = 0
    while True:
        if delay:
            time.sleep(delay)
        if not play_one_bot_move(match_id):
            return made
        made += 1


def play_one_bot_move(match_id: int) -> bool:
    """One move of a bot that is to move, if any. True when a bot moved (or should look again)."""
    match = Match.objects.filter(pk=match_id, status=Match.PLAYING).first()
    if match is None:
        return False
    bots = dict(match.seats.filter(kind=Seat.BOT).values_list("index", "bot_level"))
    bots.update((index, stand_in.level(match)) for index in match.stand_ins)  # standing in for an absent player
    seat = next((s for s in match.engine.to_move(match.state) if s in bots), None)
    if seat is None:
        return False
    try:
        turns.play(match_id=match_id, seat=seat, action=choose(match, seat, bots[seat]), version=match.version,
                   stand_in=seat in match.stand_ins)
    except turns.StaleVersion:
        pass  # a human moved meanwhile, or took their seat back: look again
    return True


def choose(match: Match, seat: int, level: str) -> dict:
    """The bot sees only its own view and its legal actions, like a human at the table; a game's bots that
    remember (a `remember(notes, view)` in their module) also get their notes of every earlier view."""
    engine = match.engine
    bots = match.game_info.bots
    rng = random.Random(f"{match.seed}:{match.version}:{seat}")
    view, legal = engine.view(match.state, seat), engine.legal_actions(match.state, seat)
    if hasattr(bots, "remember"):
        return bots.choose(level, view, legal, rng, notes=bot_notes(match, seat, bots))
    return bots.choose(level, view, legal, rng)


NOTES_KEPT = 200
_notes: dict[tuple, tuple[int, dict, dict]] = {}  # (match, seed, seat) -> (version, state then, notes then)


def bot_notes(match: Match, seat: int, bots) -> dict:
    """What a bot remembers at the match's version: `bots.remember` folded over its view after every move.

    The notes are a function of the bot's views only, so they are kept in this process for speed and rebuilt
    from the match's moves (new_game, then each move, as a replay does) whenever they are missing or stale.
    """
    key = (match.pk, match.seed, seat)
    with _lock:
        kept = _notes.pop(key, None)
    if kept is None or kept[0] > match.version:
        kept = _first_notes(match, seat, bots)
    version, state, notes = _caught_up(match, seat, bots, *kept)
    if _board(state) != _board(match.state):  # kept for another history (an id used again): rebuild from the moves
        version, state, notes = _caught_up(match, seat, bots, *_first_notes(match, seat, bots))
    with _lock:
        _notes[key] = (version, state, notes)
        while len(_notes) > NOTES_KEPT:
            del _notes[next(iter(_notes))]
    return notes


def _board(state: dict) -> dict:
    """The state but its log, which a match saved before the engines wrote events holds in other words."""
    return {key: value for key, value in state.items() if key not in ("log", "logged")}


def _first_notes(match: Match, seat: int, bots) -> tuple[int, dict, dict]:
    state = match.engine.new_game(match.seats.count(), match.seed, match.options)
    return 0, state, bots.remember(None, match.engine.view(state, seat))


def _caught_up(match: Match, seat: int, bots, version: int, state: dict, notes: dict) -> tuple[int, dict, dict]:
    """The state and notes after the moves made since `version`, the bot seeing its view after each."""
    engine = match.engine
    for move in match.moves.filter(seq__gt=version).order_by("seq"):
        state = engine.apply(state, move.seat, move.action)
        notes, version = bots.remember(notes, engine.view(state, seat)), move.seq
    return version, state, notes
