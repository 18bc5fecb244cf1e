"""After a match changes: tell every connected page (through the channel layer) and wake the bots."""
import contextvars
import logging
import os

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def group_name(match_id: int) -> str:
    return f"match-{match_id}"


def server_loop():
    """The ASGI server's event loop, when called from sync code the server runs (a view, a consumer's database
    call); None elsewhere (tests through the WSGI-style client, management commands, plain threads)."""
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    return loop if loop is not None and loop.is_running() else None


def spawn(loop, coroutine_function, *args) -> None:
    """Start a task on the server's loop and return at once: the request does not wait for it."""

    async def guarded():
        try:
            await coroutine_function(*args)
        except Exception:  # a failed push or bot must not go unnoticed, nor take anything down
            log.exception("background task %s%r failed", coroutine_function.__name__, args)

    # A fresh context: the task must not inherit the request's (its sync executor is gone once the request ends).
    loop.call_soon_threadsafe(lambda: loop.create_task(guarded(), context=contextvars.Context()))


def changed(match_id: int, version: int, bots: bool = True) -> None:
    """Called on commit of every change: each consumer then renders its own seat's view and pushes it."""
    layer = get_channel_layer()
    if layer is not None:
        message = {"type": "match.changed", "version": version}
        loop = server_loop()
        if loop is not None:
            spawn(loop, layer.group_send, group_name(match_id), message)
        else:
            async_to_sync(layer.group_send)(group_name(match_id), message)
    if bots:
        from games import bot_runner

        bot_runner.kick(match_id)
