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

from games import live, turns
from games.models import Match, Seat

log = logging.getLogger(__name__)
_lock = threading.Lock()
_running: dict[int, bool] = {}  # match id -> "changed again while the bots were moving"
_executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots")


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
    loop = live.server_loop()
    if loop is not None:
        # Under the ASGI server the bots are a task on its loop: their pauses cost no thread, and their moves'
        # pushes go through the same loop as the consumers (the in-memory channel layer needs that).
        live.spawn(loop, _drain_async, match_id)
    else:
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
    seat = next((s for s in match.engine.to_move(match.state) if s in bots), None)
    if seat is None:
        return False
    try:
        turns.play(match_id=match_id, seat=seat, action=choose(match, seat, bots[seat]), version=match.version)
    except turns.StaleVersion:
        pass  # a human moved meanwhile: look again
    return True


def choose(match: Match, seat: int, level: str) -> dict:
    """The bot sees only its own view and its legal actions, like a human at the table."""
    engine = match.engine
    bots = match.game_info.bots
    rng = random.Random(f"{match.seed}:{match.version}:{seat}")
    return bots.choose(level, engine.view(match.state, seat), engine.legal_actions(match.state, seat), rng)
