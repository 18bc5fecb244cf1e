"""catsite/shutdown.py reaches into concurrent.futures' private exit hook (docs/internals.md): these fail when a
Python upgrade moves what it touches. tests/servers/test_hostile_requests.py checks the whole daphne process."""
import subprocess
import sys
import textwrap
from concurrent.futures import thread as futures_thread

from catsite import shutdown


def test_the_private_names_it_touches_are_still_there():
    assert hasattr(futures_thread, "_global_shutdown_lock")
    assert isinstance(futures_thread._shutdown, bool)
    assert callable(futures_thread._threads_queues.values)  # a mapping of each worker thread to its queue


def test_a_process_whose_request_thread_waits_forever_leaves_after_the_grace():
    """A worker thread stuck for good (as a request waiting for a stopped loop): the process still leaves."""
    program = textwrap.dedent("""
        import threading
        from concurrent.futures import ThreadPoolExecutor
        from catsite import shutdown
        shutdown.GRACE_SECONDS = 0.5
        never = threading.Event()
        started = threading.Event()
        pool = ThreadPoolExecutor(max_workers=2)
        pool.submit(lambda: (started.set(), never.wait()))
        pool.submit(lambda: None).result()  # an idle worker too: it must leave at once
        started.wait()
        shutdown.leave_when_threads_linger()
        print("still here")  # never reached: the process left from inside
    """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60,
                          cwd=shutdown.__file__.rsplit("/catsite/", 1)[0])
    assert done.returncode == 0, done.stderr
    assert "still here" not in done.stdout
    assert "still waiting" in done.stderr  # the warning names the lingering thread
