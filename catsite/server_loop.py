"""The ASGI server's event loop, known to the sync code it runs (a view, a consumer's database call, a signal's
listener), so that such code can start work on the loop and return at once (a push after a move, the bots).

`KnowsItsLoop` wraps the application: each connection's coroutine sets a context variable to the running loop,
and asgiref's `sync_to_async` (through which Django runs sync views and Channels runs database calls) carries the
context into its thread. Outside a server (the test client, management commands, a plain thread) there is no
loop: `spawn` says so and the caller does its work itself.
"""
import asyncio
import contextvars
import logging
from contextlib import contextmanager

log = logging.getLogger(__name__)
_loop: contextvars.ContextVar = contextvars.ContextVar("server_loop", default=None)


class KnowsItsLoop:
    """ASGI middleware: the application's sync code sees the loop it was called from (`current`)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        with serving(asyncio.get_running_loop()):
            return await self.app(scope, receive, send)


@contextmanager
def serving(loop):
    """Inside the block, sync code run from this context (through sync_to_async) knows `loop` as the server's:
    what `KnowsItsLoop` does for each connection, for a harness that calls Django's handler itself."""
    token = _loop.set(loop)
    try:
        yield
    finally:
        _loop.reset(token)


def current():
    """The server's running loop, or None outside a server."""
    loop = _loop.get()
    return loop if loop is not None and not loop.is_closed() else None


def spawn(coroutine_function, *args) -> bool:
    """Start `coroutine_function(*args)` as a task on the server's loop and return at once (True); False when
    there is no server loop (the caller then does the work itself). A failure of the task is logged."""
    loop = current()
    if loop is None:
        return False

    async def guarded():
        try:
            await coroutine_function(*args)
        except Exception:  # a failed push or bot must not go unnoticed, nor take anything down
            log.exception("background task %s%r failed", coroutine_function.__name__, args)

    # A context of its own (the request's ends with it), knowing the loop: a bot's move made in it pushes too.
    context = contextvars.Context()
    context.run(_loop.set, loop)
    loop.call_soon_threadsafe(lambda: loop.create_task(guarded(), context=context))
    return True
