"""Fixtures for the live-match framework: matches, and bots that move at once, in the test's thread (the users are
tests/conftest.py's)."""
import pytest

from games import lobby
from games.lobby import SeatPlan


@pytest.fixture(autouse=True)
def bots_inline(settings):
    settings.BOT_RUNNER = "inline"
    settings.BOT_DELAY = 0


@pytest.fixture
def duel(mia, leo):
    """A two-player Rat-a-Tat Cat match between Mia (seat 0) and Leo (seat 1), one round, started."""
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("invite")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    match.refresh_from_db()
    return match
