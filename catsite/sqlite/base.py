"""SQLite with its connections reused: Django's own backend, plus a small pool of open connections per process.

Under ASGI every HTTP request runs its sync code on a thread of its own, and Django's connections belong to a
thread: without this, each request (and each database call of a websocket) opened a new SQLite connection and
ran its PRAGMAs, and a kept-open connection (CONN_MAX_AGE) would stay behind with each finished thread. Here a
connection Django closes goes back to the pool (rolled back if it was in a transaction) and the next thread that
connects takes it, so the number of open connections is bounded by the number of requests running at once, and
at most `POOL_SIZE` stay open while idle. A connection is only ever used by one thread at a time (Django opens
SQLite connections with check_same_thread=False for this). In-memory databases are not pooled (Django never
closes them).

Write transactions (BEGIN IMMEDIATE, which every `atomic` block here starts) also queue up in Python, one at a
time per database file and process (`_writer`): a thread waiting for SQLite's own write lock sleeps in growing
steps (SQLite's busy handler: 1, 2, 5, 10 ... 100 ms between tries) however soon the lock is freed, which gave
moves under load a long tail; a thread waiting on `_writer` wakes as soon as it is released. It waits at most the
connection's `timeout`, then fails as SQLite would ("database is locked": the move answers busy, 503). Other
processes, and writes outside `atomic` (autocommit), still meet at SQLite's lock.
"""
import os
import queue
import sqlite3
import threading

from django.db import OperationalError
from django.db.backends.sqlite3 import base

POOL_SIZE = int(os.environ.get("SQLITE_POOL_SIZE", "8"))
_pools: dict[str, queue.LifoQueue] = {}
_pools_lock = threading.Lock()
_writers: dict[str, threading.Lock] = {}


def _file_id(name: str):
    """Which file a connection was opened on: a database deleted and made anew (the tests do) is another one."""
    try:
        stat = os.stat(name)
    except OSError:
        return None
    return stat.st_dev, stat.st_ino


def _pool(name: str) -> queue.LifoQueue:
    with _pools_lock:
        return _pools.setdefault(name, queue.LifoQueue(maxsize=POOL_SIZE))


def _writer(name: str) -> threading.Lock:
    """The turn to write to this database file, in this process."""
    with _pools_lock:
        return _writers.setdefault(name, threading.Lock())


class DatabaseWrapper(base.DatabaseWrapper):
    def _pooled(self) -> bool:
        return POOL_SIZE > 0 and not self.is_in_memory_db()

    def get_new_connection(self, conn_params):
        name = str(self.settings_dict["NAME"])
        # One pool per file and connection parameters (a different timeout is another kind of connection).
        self._pool_key = f"{name}:{sorted(conn_params.items())!r}"
        if self._pooled():
            pool, here = _pool(self._pool_key), _file_id(name)
            while True:
                try:
                    conn, opened_on = pool.get_nowait()
                except queue.Empty:
                    break
                if opened_on == here and here is not None:
                    self._opened_on = here
                    return conn
                conn.close()
        conn = super().get_new_connection(conn_params)
        self._opened_on = _file_id(name) if self._pooled() else None
        return conn

    _writing = None  # the turn (a `_writer` lock) this connection holds, from BEGIN to its COMMIT or ROLLBACK

    def _start_transaction_under_autocommit(self):
        if self.is_in_memory_db() or self.transaction_mode not in ("IMMEDIATE", "EXCLUSIVE"):
            return super()._start_transaction_under_autocommit()
        turn = _writer(str(self.settings_dict["NAME"]))
        if not turn.acquire(timeout=float(self.settings_dict["OPTIONS"].get("timeout", 5))):
            raise OperationalError("database is locked (another write of this process held it too long)")
        self._writing = turn
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._end_turn()
            raise

    def _end_turn(self) -> None:
        turn, self._writing = self._writing, None
        if turn is not None:
            turn.release()

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._end_turn()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._end_turn()

    def _close(self):
        try:
            self._give_back()
        finally:
            self._end_turn()  # once its transaction is rolled back, not before

    def _give_back(self):
        conn = self.connection
        if conn is None or not self._pooled():
            return super()._close()
        try:
            if conn.in_transaction:
                conn.rollback()
            _pool(self._pool_key).put_nowait((conn, getattr(self, "_opened_on", None)))
        except (queue.Full, sqlite3.Error):
            with self.wrap_database_errors:
                conn.close()
