"""After a change to a match is committed: render its table once for each audience that has a socket open, in
each language its sockets speak, and send it to every socket of that audience (the mover's own included: the
version stamp of a table makes a duplicate harmless, static/js/match.js). The consumers only forward what they are
sent (games/consumers.py); the groups are named in games/groups.py.

The tables are rendered in the thread that committed the change (a request's, a bot's), as soon as it is
committed; only the sending is left to the server's loop, and the request does not wait for it.

A push is never worth an error: once a change is committed, its answer is the new table whatever the channel layer
does (issue 27). A layer that fails (Redis gone) is logged (match_changed is sent robustly, and `seat_confirmed`
logs its own failure); a layer that does not answer (Redis frozen) is given up on after `LAYER_WAIT` seconds
instead of its read timeout (15 s). Either way the sockets catch up when they connect again: each gets the whole
table, with the seat its shared screen confirmed (read from the session).
"""
import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.dispatch import receiver

from catsite import channel_layer, server_loop
from games import tables, text_mode
from games.groups import language_group, languages, screen_group, session_digest
from games.models import Match, Seat
from games.signals import match_changed

logger = logging.getLogger(__name__)
LAYER_WAIT = 5.0  # seconds a request waits for the channel layer before it gives a push up


@receiver(match_changed, dispatch_uid="games.pushes")
def on_match_changed(sender, match: Match, **kwargs) -> None:
    layer = get_channel_layer()
    if layer is not None:
        push(layer, match, Seat.of_changed(match))


def push(layer, match: Match, seats: list[Seat]) -> None:
    """Render the match's table (as committed) once per audience and language with a socket, and send each its
    own. The pushes of two quick changes may arrive in either order: a page keeps the newer table (match.js)."""
    audiences = {text_mode.mode_group(language_group(group, language), text): (audience, language, text)
                 for group, audience in tables.audiences(match, seats).items() for language in languages()
                 for text in text_mode.modes()}
    wanted = {group: audiences[group] for group in members_now(layer, list(audiences))}
    if wanted:
        send(layer, tables.push_messages(match, seats, wanted))


def members_now(layer, groups: list[str]) -> list[str]:
    """`channel_layer.with_members` from sync code: the in-memory layer is read in this thread, another (Redis)
    on the server's loop, whose connections it holds (async_to_sync runs it there)."""
    counts = channel_layer.members_in_memory(layer, groups)
    if counts is not None:
        return [g for g in groups if counts[g]]
    return async_to_sync(within_wait)(channel_layer.with_members, layer, groups)


async def within_wait(function, *args):
    async with asyncio.timeout(LAYER_WAIT):
        return await function(*args)


def send(layer, messages: dict[str, dict]) -> None:
    """Send each group its message: under the server as a task of its loop (nobody waits for it), elsewhere (tests,
    commands) at once, given up on after `LAYER_WAIT` seconds as any wait for the layer is."""
    async def send_all():
        await asyncio.gather(*(layer.group_send(group, message) for group, message in messages.items()))

    if not server_loop.spawn(send_all):
        async_to_sync(within_wait)(send_all)


def seat_confirmed(match_id: int, user_id: int, session_key: str, seat: int) -> None:
    """Tell the sockets of one shared screen (that browser's, no other) which seat now holds the device.

    Sent before the answer, and before any move it goes with: the socket has it before the next push."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "screen.confirmed", "session": session_digest(session_key), "seat": seat}
    group = screen_group(match_id, user_id)
    groups = [text_mode.mode_group(language_group(group, language), text) for language in languages()
              for text in text_mode.modes()]

    async def send_all(told: list[str]):
        await asyncio.gather(*(layer.group_send(g, message) for g in told))

    try:
        # Only the screen's groups with a socket (as a push): a socket opened later reads its seat from the session
        told = members_now(layer, groups)
        if told:
            async_to_sync(within_wait)(send_all, told)
    except Exception:  # the layer failed or did not answer: the move it may go with is still played
        logger.exception("Could not tell the sockets of match %s's shared screen that seat %s holds the device",
                         match_id, seat)
