"""SQLite with its connections reused: Django's own backend, plus a small pool of open connections per process.

Under ASGI every HTTP request runs its sync code on a thread of its own, and Django's connections belong to a
thread: without this, each request (and each database call of a websocket) opened a new SQLite connection and
ran its PRAGMAs, and a kept-open connection (CONN_MAX_AGE) would stay behind with each finished thread. Here a
connection Django closes goes back to the pool (rolled back if it was in a transaction) and the next thread that
connects takes it, so the number of open connections is bounded by the number of requests running at once, and
at most `POOL_SIZE` stay open while idle. A connection is only ever used by one thread at a time (Django opens
SQLite connections with check_same_thread=False for this). In-memory databases are not pooled (Django never
closes them).
"""
import os
import queue
import sqlite3
import threading

from django.db.backends.sqlite3 import base

POOL_SIZE = int(os.environ.get("SQLITE_POOL_SIZE", "8"))
_pools: dict[str, queue.LifoQueue] = {}
_pools_lock = threading.Lock()


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

    def _close(self):
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
