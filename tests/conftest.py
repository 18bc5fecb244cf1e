"""Settings for the whole suite."""
import pytest

from tests.workers import WORKER

# Tests that share something expensive that a worker makes once (a module's or the session's fixture) run on one
# pytest-xdist worker (`--dist loadgroup`, as `make test` runs): the two server processes of tests/servers/, and
# the accessibility sweep's world of matches. Everything else goes to whichever worker is free.
TOGETHER = {
    "tests/servers/": "servers",
    "tests/browser/test_accessibility.py": "accessibility",
}


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        path = item.nodeid.split("::")[0]
        for start, group in TOGETHER.items():
            if path.startswith(start):
                item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(scope="session")
def django_db_modify_db_settings():
    """No persistent connections in tests: a connection kept open by a worker thread (the websocket tests',
    the bots') would stop PostgreSQL from dropping the test database at the end."""
    from django.conf import settings

    default = settings.DATABASES["default"]
    default["CONN_MAX_AGE"] = 0
    # Nor the PostgreSQL pool in the test process: a test's worker threads may end inside the test's transaction,
    # where Django cannot hand a connection back, and ten such threads would empty the pool. The pool itself is
    # tested where it serves, in real server processes (tests/servers/).
    default.get("OPTIONS", {}).pop("pool", None)
    # Each xdist worker its own test database: test_topcat_gw0 on PostgreSQL, the file's name plus _gw0 with
    # SQLITE_TEST_PATH. Not pytest-django's own suffix: it takes the site's SQLite backend (catsite.sqlite) for
    # a server's and would name a file "test_/path/db.sqlite3_gw0". An in-memory SQLite database is the process's
    # own already.
    if WORKER:
        test = default.setdefault("TEST", {})
        if default["ENGINE"] == "django.db.backends.postgresql":
            test["NAME"] = f"{test.get('NAME') or 'test_' + default['NAME']}_{WORKER}"
        elif test.get("NAME") and test["NAME"] != ":memory:":
            test["NAME"] = f"{test['NAME']}_{WORKER}"


@pytest.fixture(scope="session", autouse=True)
def channel_layer_forgotten_at_the_end():
    """What this test process's channel layer left in Redis goes with it (tests/workers.py)."""
    yield
    from django.conf import settings

    from tests.workers import forget_channel_layer

    if settings.REDIS_URL:
        forget_channel_layer(settings.CHANNEL_LAYER_PREFIX)


@pytest.fixture(autouse=True)
def site_language_after_each_test():
    """A request leaves its language active in the thread (Django activates one per request and never resets it):
    a test that asked for Chinese pages must not make the next test's words Chinese."""
    yield
    from django.utils import translation

    translation.deactivate()
