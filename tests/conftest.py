"""Settings for the whole suite."""
import pytest


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """No persistent connections in tests: a connection kept open by a worker thread (the websocket tests',
    the bots') would stop PostgreSQL from dropping the test database at the end."""
    from django.conf import settings

    settings.DATABASES["default"]["CONN_MAX_AGE"] = 0
    # Nor the PostgreSQL pool in the test process: a test's worker threads may end inside the test's transaction,
    # where Django cannot hand a connection back, and ten such threads would empty the pool. The pool itself is
    # tested where it serves, in real server processes (tests/servers/).
    settings.DATABASES["default"].get("OPTIONS", {}).pop("pool", None)


@pytest.fixture(autouse=True)
def site_language_after_each_test():
    """A request leaves its language active in the thread (Django activates one per request and never resets it):
    a test that asked for Chinese pages must not make the next test's words Chinese."""
    yield
    from django.utils import translation

    translation.deactivate()
