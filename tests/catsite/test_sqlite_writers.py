"""The site's SQLite backend queues its write transactions in Python, one at a time per file and process: a write
that finds another under way waits for its end (and only for that), instead of SQLite's busy handler sleeping in
growing steps; it still gives up after the connection's timeout, as SQLite would, and a turn is never kept by a
transaction that ended, whichever way it ended."""
import functools
import threading

import pytest
from django.conf import settings
from django.db import OperationalError

from catsite.sqlite.base import DatabaseWrapper
from games.match_views import is_busy


@pytest.fixture
def database(tmp_path, django_db_blocker):
    """A fresh SQLite file and a way to open connections to it through the site's backend, as a request does (its
    own file, not the test database: pytest-django's guard is lifted for it alone)."""
    opened = []

    def connect(timeout: float = 10) -> DatabaseWrapper:
        options = {**settings.SQLITE_OPTIONS, "timeout": timeout}
        wrapper = DatabaseWrapper({"ENGINE": "catsite.sqlite", "NAME": str(tmp_path / "site.sqlite3"),
                                   "OPTIONS": options,
                                   "TIME_ZONE": None, "CONN_MAX_AGE": 0, "CONN_HEALTH_CHECKS": False,
                                   "AUTOCOMMIT": True, "ATOMIC_REQUESTS": False, "USER": "", "PASSWORD": "",
                                   "HOST": "", "PORT": "", "TEST": {}}, alias=f"writers-{len(opened)}")
        wrapper.connect()
        opened.append(wrapper)
        return wrapper

    with django_db_blocker.unblock():
        yield connect

        def close():
            for wrapper in opened:
                if wrapper.connection is not None:
                    wrapper.inc_thread_sharing()  # opened on the test's own thread
                    wrapper.close()

        closing = threading.Thread(target=close)  # not in pytest's thread, for the reason given below
        closing.start()
        closing.join(60)


def on_a_thread_of_its_own(test):
    """The test runs on a thread of its own, as a request's sync code does: never where an event loop runs (the
    browser tests' Playwright keeps one in the main thread of their worker, and Django refuses a connection there)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        failed = []

        def body():
            try:
                test(*args, **kwargs)
            except BaseException as exc:  # noqa: BLE001 - raised again in pytest's thread, below
                failed.append(exc)

        thread = threading.Thread(target=body)
        thread.start()
        thread.join(60)
        assert not thread.is_alive(), "the test's writes never ended"
        if failed:
            raise failed[0]

    return run


def begin(wrapper: DatabaseWrapper) -> None:
    """What `transaction.atomic` does on entering its outermost block."""
    wrapper.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)


def impatient(wrapper: DatabaseWrapper) -> DatabaseWrapper:
    """SQLite's own busy handler off: a BEGIN IMMEDIATE that meets another write fails at once."""
    wrapper.connection.execute("PRAGMA busy_timeout = 0")
    return wrapper


@on_a_thread_of_its_own
def test_a_write_that_finds_another_under_way_waits_for_its_end_and_then_begins(database):
    first = database()
    begin(first)
    first.connection.execute("CREATE TABLE cats (name TEXT)")
    began, go = threading.Event(), threading.Event()

    def write():  # another request's thread, with its own connection
        second = impatient(database())
        go.set()
        begin(second)
        began.set()
        second.connection.execute("INSERT INTO cats VALUES ('Mia')")
        second.commit()
        second.close()

    writer = threading.Thread(target=write)
    writer.start()
    go.wait(10)
    assert not began.wait(0.2), "the second write began while the first was under way"
    first.commit()  # SQLite would have refused the second at once: it waited for this, in Python
    assert began.wait(10)
    writer.join(10)
    assert first.connection.execute("SELECT name FROM cats").fetchall() == [("Mia",)]


@on_a_thread_of_its_own
def test_a_write_kept_waiting_past_its_timeout_fails_as_busy_and_changes_nothing(database):
    holder, waiter = database(), database(timeout=0.05)
    begin(holder)
    with pytest.raises(OperationalError) as refused:
        begin(waiter)
    assert is_busy(refused.value)  # so a move answers "busy, try again" (503)
    assert waiter.connection.in_transaction is False
    holder.rollback()
    begin(waiter)  # the turn was not kept by the write that failed to begin
    waiter.commit()


@pytest.mark.parametrize("ending", ["commit", "rollback", "close"])
@on_a_thread_of_its_own
def test_a_transaction_gives_up_its_turn_however_it_ends(database, ending):
    first, second = database(), impatient(database(timeout=1))
    begin(first)
    getattr(first, ending)()
    begin(second)
    assert second.connection.in_transaction
    second.commit()


@on_a_thread_of_its_own
def test_a_connection_closed_inside_its_transaction_goes_back_rolled_back_and_the_next_write_begins(database):
    first, second = database(), impatient(database())
    begin(first)
    first.connection.execute("CREATE TABLE cats (name TEXT)")
    first.close()  # back to the pool, rolled back
    begin(second)
    assert second.connection.execute("SELECT name FROM sqlite_master WHERE name = 'cats'").fetchall() == []
    second.commit()
