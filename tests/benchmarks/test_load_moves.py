"""load.py posts what a browser would: for the two games whose page script composes the move, every move its table
offers is exactly one of the engine's legal actions, all of them are offered, and each posts as the page posts it."""
import json
import random

import pytest

from benchmarks.load import read_table
from games import bot_runner, lobby
from games.hot_tin_roof import engine as hot_tin_roof
from games.lobby import SeatPlan
from games.models import Match
from games.rat_hot import engine as rat_hot
from tests.composed import canonical

pytestmark = pytest.mark.django_db
MOVES = 12  # enough to go from Hot Tin Roof's dives to its race, and through Rat Hot's turns of two strips


@pytest.fixture(autouse=True)
def bots_inline(settings):
    settings.BOT_RUNNER = "inline"
    settings.BOT_DELAY = 0


@pytest.fixture
def mia(django_user_model):
    from scoring.services import profile_for

    user = django_user_model.objects.create_user(username="mia", password="a-Long-passw0rd")
    profile_for(user)
    return user


def played_as_load_plays(client, mia, match: Match, engine, moves: int = MOVES) -> set:
    """Mia plays `moves` moves the way load.py does (the bots answer); the kinds of action she played."""
    client.force_login(mia)
    rng, played = random.Random(5), set()
    for _ in range(moves):
        bot_runner.play_bots(match.pk)
        match.refresh_from_db()
        if match.status != Match.PLAYING or engine.to_move(match.state) != [0]:
            break
        table = read_table(client.get(f"/matches/{match.pk}/table/", HTTP_HX_REQUEST="true").content.decode())
        offered = [action for _, fields, action in table.forms if fields["seat"] == "0"]
        assert canonical(offered) == canonical(engine.legal_actions(match.state, 0))
        path, fields, action = rng.choice(table.forms)
        response = client.post(path, fields, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.content.decode()[:500]
        played.add(action["type"])
    return played


def test_rat_hots_placements_are_what_its_script_composes(client, mia):
    match = lobby.create_match(host=mia, game="rat_hot", options={"rats": False},
                               seats=[SeatPlan("me"), SeatPlan("bot", bot_level="good")])
    assert played_as_load_plays(client, mia, match, rat_hot) == {"place"}
    match.refresh_from_db()
    assert len(match.state["placements"]) > MOVES // 2


def test_hot_tin_roofs_dives_and_races_are_what_its_script_composes(client, mia):
    match = lobby.create_match(host=mia, game="hot_tin_roof", options={},
                               seats=[SeatPlan("me"), SeatPlan("bot", bot_level="good"),
                                      SeatPlan("bot", bot_level="good")])
    played = played_as_load_plays(client, mia, match, hot_tin_roof, moves=40)
    assert "dive" in played and "move" in played


def test_a_placement_is_posted_with_the_fields_the_page_sends(client, mia):
    match = lobby.create_match(host=mia, game="rat_hot", options={},
                               seats=[SeatPlan("me"), SeatPlan("bot", bot_level="good")])
    client.force_login(mia)
    table = read_table(client.get(f"/matches/{match.pk}/table/", HTTP_HX_REQUEST="true").content.decode())
    _, fields, action = table.forms[0]
    assert json.loads(fields["action"]) == {"type": "place"}
    assert json.loads(fields["part-place"]) == {k: action[k] for k in ("strip", "x", "y", "dir")}
    assert fields["rh-strip"] == action["strip"] and fields["rh-dir"] == action["dir"]
    assert fields["version"] == str(match.version)
    assert "csrfmiddlewaretoken" not in fields  # the page's token rides in the X-CSRFToken header, as load.py's does
