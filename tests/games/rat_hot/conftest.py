"""The scoring tests' players for the table sheet's tests (test_pad.py)."""
from tests.scoring.conftest import alice, alice_client, bob, make_player, media_root  # noqa: F401
