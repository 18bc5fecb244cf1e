"""The Hot Tin Roof table page: the board drawn from its data, choices to compose (not one form per path), the
size of the pushed table, the end screen."""
import json
import random
import re

import pytest

from games import bot_runner, lobby, turns
from games.hot_tin_roof import bots, engine
from games.lobby import SeatPlan
from games.models import Match
from games.tables import render_table

pytestmark = pytest.mark.django_db
DATA = re.compile(r'<script type="application/json" id="htr-data">(.*?)</script>', re.S)


def refresh(match):
    match.refresh_from_db()
    return match


def bots_move(match):
    bot_runner.play_bots(match.pk)
    return refresh(match)


@pytest.fixture
def solo(mia):
    """Mia (seat 0) against two good bots."""
    match = lobby.create_match(host=mia, game="hot_tin_roof", options={},
                               seats=[SeatPlan("me"), SeatPlan("bot", bot_level="good"),
                                      SeatPlan("bot", bot_level="good")])
    return bots_move(match)


def page_of(client, match):
    response = client.get(f"/matches/{match.pk}/table/")
    assert response.status_code == 200
    return response.content.decode()


def set_state(match, state):
    Match.objects.filter(pk=match.pk).update(state=state)
    return refresh(match)


def mid_game(match, mia):
    """A busy mid-game board: many catwalks and shelters, every cat out, Mia to race."""
    state = json.loads(json.dumps(match.state))
    gaps = [f"g{n}" for n in range(1, 19)]
    state["catwalks"] = {g: n % 3 for n, g in enumerate(gaps[:15])}
    state["shelters"] = {"C": 1, "F": 2, "L": 0, "M": 1, "O": 2, "H": 0}
    cats = {0: (["A", "K"], ["E", "N"]), 1: (["B", "J"], ["D", "G"]), 2: (["I", "M"], ["F", "H"])}
    for seat, (sitting, standing) in cats.items():
        state["players"][seat]["cats"] = {"sitting": sitting, "standing": standing}
        state["players"][seat]["cans"] = 40
    state.update(phase="race", turn=0, moved=[])
    return set_state(match, state)


def test_the_dive_offers_the_dumpsters_and_the_legal_actions_as_data(client, mia, solo):
    client.force_login(mia)
    match = refresh(solo)
    assert match.state["phase"] == "dive" and match.state["turn"] == 0
    page = page_of(client, match)
    assert page.count('class="htr-pick"') == 5
    data = json.loads(DATA.search(page).group(1))
    assert sorted(map(json.dumps, data["dives"])) == sorted(map(json.dumps, engine.legal_actions(match.state, 0)))
    assert page.count('data-patio="') == 15 and page.count('data-gap="') == 18
    assert "the Adams&#x27; patio (A)" in page


def test_racing_lists_every_move_once_as_data_to_compose_and_the_table_stays_small(client, mia, solo):
    client.force_login(mia)
    match = mid_game(refresh(solo), mia)
    page = page_of(client, match)
    data = json.loads(DATA.search(page).group(1))
    legal = [a for a in engine.legal_actions(match.state, 0) if a["type"] == "move"]
    assert len(legal) > 40
    composed = [{"type": "move", "pair": key[:-1], "cat": int(key[-1]), "path": alt[0]}
                for key, dests in data["moves"].items() for alts in dests.values() for alt in alts]
    assert sorted(map(json.dumps, composed)) == sorted(map(json.dumps, legal))
    assert page.count("<form") == 1  # one form; the script composes the move
    pushed = render_table(match, list(match.seats.all()), mia, 0)
    size = len(pushed.encode())
    print(f"hot tin roof table mid-game: {size} bytes, {len(legal)} legal paths")
    assert size < 20_000


def test_a_composed_move_posts_like_any_other(client, mia, solo):
    client.force_login(mia)
    match = mid_game(refresh(solo), mia)
    action = next(a for a in engine.legal_actions(match.state, 0) if a["type"] == "move")
    response = client.post(f"/matches/{match.pk}/move/", {
        "seat": 0, "version": match.version,
        "action": json.dumps({"type": "move", "pair": action["pair"], "cat": action["cat"]}),
        "part-path": json.dumps({"path": action["path"]})}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert refresh(match).state["players"][0]["cats"][action["pair"]][action["cat"]] == action["path"][-1] or \
        refresh(match).state["players"][0]["fish"] == 1


def test_an_illegal_path_is_refused_in_words_and_changes_nothing(client, mia, solo):
    client.force_login(mia)
    match = mid_game(refresh(solo), mia)
    response = client.post(f"/matches/{match.pk}/move/", {
        "seat": 0, "version": match.version,
        "action": json.dumps({"type": "move", "pair": "sitting", "cat": 0, "path": ["A", "O"]})},
        HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "Take one of the cheapest paths offered." in response.content.decode()  # A and O are not neighbours
    assert refresh(match).version == match.version


def test_a_whole_game_against_bots_ends_with_scores(client, mia, solo):
    client.force_login(mia)
    match = refresh(solo)
    while match.status != "finished":
        seat = engine.to_move(match.state)[0]
        assert seat == 0
        legal = engine.legal_actions(match.state, 0)
        action = bots.choose("good", engine.view(match.state, 0), legal, random.Random(match.version))
        turns.play(match_id=match.pk, seat=0, action=action, version=match.version)
        match = bots_move(match)
    page = page_of(client, match)
    assert "Final scores" in page
    for seat, score in enumerate(engine.outcome(match.state)["scores"]):
        assert f": {score} (" in page, seat
