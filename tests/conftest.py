"""Settings for the whole suite."""
import pytest

from tests.workers import WORKER

# Tests that share something expensive that a worker makes once (a module's or the session's fixture) run on one
# pytest-xdist worker (`--dist loadgroup`, as `make test` runs): the two server processes of tests/servers/, the
# accessibility sweep's world of matches, and the benchmarks of the smoke (started all at once, on one migrated
# SQLite file copied). Everything else goes to whichever worker is free.
TOGETHER = {
    "tests/servers/": "servers",
    "tests/browser/test_accessibility.py": "accessibility",
    "tests/benchmarks/test_smoke.py": "benchmark-smoke",
}


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config, items):
    """The browser tests last, after pytest-django's order (database tests, then transactional ones, then the
    rest): once a worker has started Playwright, its event loop runs in the worker's thread, where neither the ORM
    nor pytest-asyncio's runner works, so a test without a database that came after them would fail. The groups
    are marked before any plugin's hook runs (xdist reads them in its own)."""
    for item in items:
        path = item.nodeid.split("::")[0]
        for start, group in TOGETHER.items():
            if path.startswith(start):
                item.add_marker(pytest.mark.xdist_group(group))
    yield
    items.sort(key=lambda item: item.nodeid.startswith("tests/browser/"))


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
def channel_layer_of_its_own():
    """Each test gets a channel layer of its own: the site asks `get_channel_layer()` each time, and Channels keeps
    one instance per process. Each async test runs its own event loop, and channels_redis's layer keeps a receive
    lock on the loop of whoever receives: a socket left receiving when an earlier test's loop ended leaves that lock
    held, bound to a dead loop, and the next test's socket on the same layer fails ("Lock ... is bound to a
    different event loop"; it crashed an xdist worker in CI). A server a test starts runs in its own thread with
    the same layer for the test's length, as a real server's process would."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def site_language_after_each_test():
    """A request leaves its language active in the thread (Django activates one per request and never resets it):
    a test that asked for Chinese pages must not make the next test's words Chinese."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture
def make_user(django_user_model):
    """`make_user(name, email=False, language="")`: a signed-up player with a profile (and an e-mail address at
    example.com, a language of her own, when asked)."""
    def make(name, email=False, language=""):
        from scoring.services import profile_for

        user = django_user_model.objects.create_user(username=name, password="a-Long-passw0rd",
                                                     email=f"{name}@example.com" if email else "")
        profile = profile_for(user)
        if language:
            profile.language = language
            profile.save(update_fields=["language"])
        return user

    return make


@pytest.fixture
def mia(make_user):
    return make_user("mia")


@pytest.fixture
def leo(make_user):
    return make_user("leo")
