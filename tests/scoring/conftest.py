"""Fixtures for the scoring tests: uploads go to a temporary MEDIA_ROOT, and a few ready-made players."""

import pytest
from django.contrib.auth import get_user_model

from scoring import services

PASSWORD = "correct-horse-battery-9"


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast tests
    return settings.MEDIA_ROOT


@pytest.fixture
def make_player(db):
    def make(username="alice", handle=None, display_name=None, email=None):
        return services.sign_up(
            username=username,
            email=email or f"{username}@example.com",
            password=PASSWORD,
            display_name=display_name or username.title(),
            handle=handle or username,
        )

    return make


@pytest.fixture
def alice(make_player):
    return make_player("alice", display_name="Alice Cooper")


@pytest.fixture
def bob(make_player):
    return make_player("bob", display_name="Bob Dylan")


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


@pytest.fixture
def bare_user(db):
    """A user made without sign-up (as createsuperuser does): no player profile yet."""
    return get_user_model().objects.create_superuser("Root.Admin", "root@example.com", PASSWORD)
