"""Fixtures for the live-match framework: users, matches, and bots that move at once, in the test's thread."""
import pytest

from games import lobby
from games.lobby import SeatPlan


@pytest.fixture(autouse=True)
def bots_inline(settings):
    settings.BOT_RUNNER = "inline"
    settings.BOT_DELAY = 0


@pytest.fixture
def make_user(django_user_model):
    def make(name):
        user = django_user_model.objects.create_user(username=name, password="a-Long-passw0rd")
        from scoring.services import profile_for

        profile_for(user)
        return user

    return make


@pytest.fixture
def mia(make_user):
    return make_user("mia")


@pytest.fixture
def leo(make_user):
    return make_user("leo")


@pytest.fixture
def duel(mia, leo):
    """A two-player Rat-a-Tat Cat match between Mia (seat 0) and Leo (seat 1), one round, started."""
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("invite")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    match.refresh_from_db()
    return match
