"""The suite runs on several pytest-xdist workers at once (`make test`: two, see docs/testing.md). What one worker
makes outside its own process is named after the worker, so that two workers never meet:

- pytest-django's test database gets the worker's suffix (test_topcat_gw0; tests/conftest.py);
- the databases of the servers the tests start (tests/browser/, tests/servers/) get it too (topcat_browser_gw0);
- their files live in the worker's own temporary folder (tmp_path_factory is per worker already);
- with Redis, every channel-layer key starts with a prefix of the test process's own (CHANNEL_LAYER_PREFIX), since
  every worker's database has a match 1 and the groups are named after match ids.
"""
import os

# "gw0", "gw1"... in an xdist worker; empty in a run without workers.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")


def per_worker(name: str) -> str:
    """`name`, with the worker's suffix when there are workers: topcat_browser -> topcat_browser_gw0."""
    return f"{name}_{WORKER}" if WORKER else name


def channel_layer_prefix(kind: str) -> str:
    """The Redis channel-layer prefix of this test process's `kind` of site ("tests": the test process itself,
    "browser", "servers"). The process id makes it this run's own: a group left behind by an earlier run (a socket
    that never said goodbye stays a member for a day) is never taken for a live one."""
    return f"topcat-{kind}-{WORKER or 'main'}-{os.getpid()}-"  # the last "-": pid 12 is not the start of pid 123


def forget_channel_layer(prefix: str) -> None:
    """Delete what the channel layer of `prefix` left in Redis (REDIS_URL): run after its servers have stopped."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=5)
    try:
        keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
        if keys:
            client.delete(*keys)
    finally:
        client.close()
