"""Test settings: the site's own, plus a game that exists only for the tests (tests/take_away/)."""
from catsite.settings import *  # noqa: F403

INSTALLED_APPS = [*INSTALLED_APPS, "tests.take_away"]  # noqa: F405
