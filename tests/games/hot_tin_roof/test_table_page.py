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
from games.tables import LOG_LINES, render_table

pytestmark = pytest.mark.django_db
DATA = re.compile(r'<template id="htr-data">(.*?)</template>', re.S)


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
    # A full log of long lines: moves along four patios, each followed by its tolls.
    state["log"] = [{"event": "moved", "seat": n % 3, "pair": "sitting", "cat": 0, "path": ["A", "C", "D", "E"],
                     "cans": 3} if n % 2 else {"event": "paid_toll", "seat": n % 3, "to": (n + 1) % 3, "cans": 3,
                                                "catwalks": 1, "shelters": 1} for n in range(engine.LOG_KEPT)]
    return set_state(match, state)


def played_to_mid_game(match, seed=11):
    """A real position: good bots play all three seats for a while; stop at seat 0's racing with the most choices
    once the board is busy (and the log full)."""
    state, rng, best = engine.new_game(3, seed, {}), random.Random(seed), None
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        legal = engine.legal_actions(state, seat)
        if seat == 0 and state["phase"] == "race" and len(state["catwalks"]) >= 8:
            if best is None or len(legal) > len(engine.legal_actions(best, 0)):
                best = state
        state = engine.apply(state, seat, bots.choose("good", engine.view(state, seat), legal, rng))
    assert best is not None and len(best["log"]) == engine.LOG_KEPT
    return set_state(match, best)


def test_the_dive_offers_the_dumpsters_and_the_legal_actions_as_data(client, mia, solo):
    client.force_login(mia)
    match = refresh(solo)
    assert match.state["phase"] == "dive" and match.state["turn"] == 0
    page = page_of(client, match)
    assert page.count('class="htr-pick"') == 5
    data = json.loads(DATA.search(page).group(1))
    assert sorted(map(json.dumps, data["dives"])) == sorted(map(json.dumps, engine.legal_actions(match.state, 0)))
    assert page.count('data-patio="') == 15 and page.count('data-gap="') == 18
    assert 'aria-label="Adams A (patio); no shelter; no cats"' in page


def unpack(cats, key, dest, text):
    """The path of an alternative as the page's script reads it ("B,I|0,0,2")."""
    middle = text.split("|")[0]
    return [cats[key[:-1]][int(key[-1])], *(middle.split(",") if middle else []), dest]


def test_racing_lists_every_move_once_as_data_to_compose_and_the_table_stays_small(client, mia, solo):
    client.force_login(mia)
    match = mid_game(refresh(solo), mia)
    page = page_of(client, match)
    data = json.loads(DATA.search(page).group(1))
    legal = [a for a in engine.legal_actions(match.state, 0) if a["type"] == "move"]
    assert len(legal) > 40
    cats = match.state["players"][0]["cats"]
    composed = [{"type": "move", "pair": key[:-1], "cat": int(key[-1]), "path": unpack(cats, key, dest, alt)}
                for key, dests in data["moves"].items() for dest, alts in dests.items() for alt in alts]
    assert sorted(map(json.dumps, composed)) == sorted(map(json.dumps, legal))
    assert len(re.findall(r'<form[^>]*action="[^"]*/move/"', page)) == 1  # one move form; the script composes
    pushed = render_table(match, list(match.seats.all()), mia, 0)
    print(f"hot tin roof table, busy board: {len(pushed.encode())} bytes, {len(legal)} legal paths")
    assert len(pushed.encode()) < 20_000


def test_the_pushed_table_of_a_real_mid_game_stays_within_the_budget(mia, solo):
    match = played_to_mid_game(refresh(solo))
    pushed = render_table(match, list(match.seats.all()), mia, 0)
    size, paths = len(pushed.encode()), len(engine.legal_actions(match.state, 0)) - 1
    print(f"hot tin roof table mid-game: {size} bytes, {paths} legal paths, {len(match.state['catwalks'])} catwalks")
    assert pushed.count("<li>") >= LOG_LINES  # the log is full
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
    result = engine.outcome(match.state)
    for seat, score in enumerate(result["scores"]):
        assert f'<li value="{result["ranks"][seat]}">' in page and f": {score} (" in page, seat


def test_the_end_screen_explains_the_tie_break_in_words(client, mia, solo):
    client.force_login(mia)
    match = refresh(solo)
    state = json.loads(json.dumps(match.state))
    for seat, player in enumerate(state["players"]):
        player.update(cans=30, fish=2, home_tiles=2 + (seat == 2), pairs_left=0)
    state.update(phase="over", turn=None, trigger=1, market=0)
    match = set_state(match, state)
    page = page_of(client, match)
    assert "tied on 50 points: the player furthest to the left of" in page and "who took the last fish" in page


def test_a_finished_match_replays_on_the_drawn_board(client, mia):
    match = lobby.create_match(host=mia, game="hot_tin_roof", options={},
                               seats=[SeatPlan("me"), SeatPlan("local", "Ann"), SeatPlan("local", "Bo")])
    rng = random.Random(4)
    while match.status != "finished":
        seat = engine.to_move(match.state)[0]
        action = bots.choose("good", engine.view(match.state, seat), engine.legal_actions(match.state, seat), rng)
        match = turns.play(match_id=match.pk, seat=seat, action=action, version=match.version)
    record = refresh(match).game_record
    client.force_login(mia)
    response = client.get(f"/history/{record.pk}/replay/?step=30")
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('data-patio="') == 15 and "Fish market" in page
    assert "htr-data" not in page  # nothing to choose in a replay


def test_the_busiest_board_of_four_players_stays_within_the_budget(mia):
    """Every gap bridged, shelters everywhere they can be, all sixteen cats out, a full log: the most choices."""
    match = lobby.create_match(host=mia, game="hot_tin_roof", options={},
                               seats=[SeatPlan("me")] + [SeatPlan("bot", bot_level="easy")] * 3)
    match = bots_move(match)
    state = json.loads(json.dumps(match.state))
    gaps = [f"g{n}" for n in range(1, 19)]
    state["catwalks"] = {g: n % 4 for n, g in enumerate(gaps)}
    state["shelters"] = dict(zip("BDFHJLNOAC", [1, 2, 3, 1, 2, 3, 1, 2, 0, 0], strict=True))
    spots = iter("ABCDEFGHIJKLMNOAGCEKIMOB")
    for player in state["players"]:
        player["cats"] = {pair: [next(spots), next(spots)] for pair in ("sitting", "standing")}
        player["cats"] = {pair: cats if cats[0] != cats[1] else [cats[0], "H"] for pair, cats in player["cats"].items()}
        player["cans"] = 60
    state.update(phase="race", turn=0, moved=[])
    state["log"] = [{"event": "moved", "seat": n % 4, "pair": "sitting", "cat": 0, "path": ["A", "C", "D", "E"],
                     "cans": 3} if n % 2 else {"event": "paid_toll", "seat": n % 4, "to": (n + 1) % 4, "cans": 3,
                                                "catwalks": 1, "shelters": 1} for n in range(engine.LOG_KEPT)]
    match = set_state(match, state)
    pushed = render_table(match, list(match.seats.all()), mia, 0)
    paths = len(engine.legal_actions(match.state, 0)) - 1
    print(f"hot tin roof table, busiest board: {len(pushed.encode())} bytes, {paths} legal paths")
    assert paths > 50
    assert len(pushed.encode()) < 20_000


def test_a_dumpster_names_the_home_tile_under_it_and_lights_its_patios():
    from games.hot_tin_roof import words
    from games.hot_tin_roof.board import board
    from games.hot_tin_roof.templatetags.hot_tin_roof_tags import dumpster_items

    a, b = board().patios[:2]
    shown = dumpster_items([{"id": "home1", "cans": 2, "tile": {"patios": [a, b]}},
                            {"id": "catwalk", "cans": 0, "tile": None}])
    tiled, bare = re.findall(r"<li.*?</li>", shown)
    assert f'data-lights="{a} {b}"' in tiled and "Home 1" in tiled and words.cans(2) in tiled
    assert f" · tile {words.family(a)} & {words.family(b)} ({a}-{b})</li>" in tiled  # as the template's " & " was
    assert "data-lights" not in bare and "Catwalk" in bare and "tile" not in bare
