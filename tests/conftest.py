"""Settings for the whole suite."""
import pytest


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """No persistent connections in tests: a connection kept open by a worker thread (the websocket tests',
    the bots') would stop PostgreSQL from dropping the test database at the end."""
    from django.conf import settings

    settings.DATABASES["default"]["CONN_MAX_AGE"] = 0
