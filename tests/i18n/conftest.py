"""Fixtures for the language tests: fast password hashing, and bots that move at once, in the test's thread."""
import pytest


@pytest.fixture(autouse=True)
def quick(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.BOT_RUNNER = "inline"
    settings.BOT_DELAY = 0
