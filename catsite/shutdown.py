"""A daphne process stops promptly on SIGTERM, whatever its requests were doing.

On SIGTERM daphne stops Twisted's reactor and with it the event loop. A request caught half-way between its sync
middleware and the async rest of Django's chain (asgiref's async_to_sync) waits in its thread for the loop, which
will never run again, and Python's exit waits for every such thread: the process hung until SIGKILL (issue 27; the
probe's, its pool emptied, ran on for minutes). After the reactor has shut down, the threads get GRACE_SECONDS to
finish what they were doing; then the process leaves. What a request had not committed is lost as in a crash, and
a crash loses nothing committed (tests/servers/test_restart.py).
"""
import logging
import os
import sys
import threading
import time
from concurrent.futures import thread as futures_thread

GRACE_SECONDS = 5
logger = logging.getLogger(__name__)


def leave_when_threads_linger() -> None:
    # What Python's exit does first (concurrent.futures.thread._python_exit): idle workers leave at once, busy
    # ones after their current request. Python's exit would then wait for them without end; here, GRACE_SECONDS.
    with futures_thread._global_shutdown_lock:
        futures_thread._shutdown = True
        for work_queue in list(futures_thread._threads_queues.values()):
            work_queue.put(None)
    deadline = time.monotonic() + GRACE_SECONDS
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join(max(deadline - time.monotonic(), 0))
    lingering = [t.name for t in threading.enumerate() if t is not threading.current_thread() and not t.daemon
                 and t.is_alive()]
    if lingering:
        logger.warning("Stopping with %d request threads still waiting: %s", len(lingering), ", ".join(lingering))
        logging.shutdown()
        os._exit(0)


def stop_promptly_under_daphne() -> None:
    """Under daphne (Twisted's reactor already installed), leave GRACE_SECONDS after the reactor shut down."""
    if "twisted.internet.reactor" not in sys.modules:
        return  # another server, a test, manage.py: importing the reactor here would install one
    from twisted.internet import reactor

    reactor.addSystemEventTrigger("after", "shutdown", leave_when_threads_linger)
