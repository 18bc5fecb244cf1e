"""Test settings: the site's own, plus a game that exists only for the tests (tests/take_away/)."""
from catsite.settings import *  # noqa: F403
from tests.workers import channel_layer_prefix

INSTALLED_APPS = [*INSTALLED_APPS, "tests.take_away"]  # noqa: F405

if REDIS_URL:  # noqa: F405
    # This test process's own keys in Redis (tests/workers.py): another worker's match 1 is another match.
    CHANNEL_LAYER_PREFIX = channel_layer_prefix("tests")
    CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = CHANNEL_LAYER_PREFIX  # noqa: F405

# Notices: the tasks run at once in the caller (tests/notices/ turn the clock and send what is due themselves).
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
