"""The Rat Hot table page: the board from the top layer, the turn's strips, one form that composes a placement
from a strip, a facing and a spot (never one form per legal placement), the spots' scores from scoring.py, and
a table that stays small mid-game."""
import json
import random
import re

import pytest

from games import bot_runner, lobby, turns
from games.lobby import SeatPlan
from games.models import Match
from games.rat_hot import bots, engine, scoring, words
from games.rat_hot.board import SHIFT

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
BUDGET = 20 * 1024  # bytes: the framework's limit for a pushed table


def refresh(match: Match) -> Match:
    match.refresh_from_db()
    return match


SEED = 11  # a deal where both players reach turn 12 without losing by rats


@pytest.fixture
def solo(mia):
    """Mia (seat 0, red, to move first) against the good bot, on a fixed deal."""
    match = lobby.create_match(host=mia, game="rat_hot", options={},
                               seats=[SeatPlan("me"), SeatPlan("bot", bot_level="good")])
    Match.objects.filter(pk=match.pk).update(seed=SEED, state=engine.new_game(2, SEED, {}))
    return refresh(match)


def table(client, match: Match) -> str:
    response = client.get(f"/matches/{match.pk}/table/")
    assert response.status_code == 200
    return response.content.decode()


def spots_data(page: str) -> dict:
    found = re.search(r'<template id="rh-data">(.*?)</template>', page, re.S)
    assert found, "no spots on the page"
    return json.loads(found.group(1))


def play_mid_game(match: Match, turns_to_play: int, seed: int = 3) -> Match:
    """Mia places strips as the good bot would (the bot answers) until `turns_to_play` turns have passed."""
    rng = random.Random(seed)
    while refresh(match).state["turn_number"] < turns_to_play:
        bot_runner.play_bots(match.pk)
        match = refresh(match)
        assert match.status == Match.PLAYING, "the game ended before the position wanted"
        if engine.to_move(match.state) != [0]:
            continue
        action = bots.choose("good", engine.view(match.state, 0), engine.legal_actions(match.state, 0), rng)
        turns.play(match_id=match.pk, seat=0, action=action, version=match.version)
    bot_runner.play_bots(match.pk)
    return refresh(match)


def test_the_board_shows_the_top_layer_with_heights_and_the_turns_strip(client, mia, solo):
    client.force_login(mia)
    page = table(client, solo)
    assert page.count('<use href="#rh-') >= 3  # the start strip's cells (and the strip's picture)
    assert 'href="#rh-start" x="0" y="0"/>' in page
    strip = solo.state["revealed"][0]
    assert f'name="rh-strip" value="{strip}"' in page
    assert "<script" not in page and "<link" not in page  # a pushed table carries no assets: the page has them
    match_page = client.get(f"/matches/{solo.pk}/").content.decode()
    assert "rat_hot/table.js" in match_page and "rat_hot/table.css" in match_page  # declared, loaded once


def test_one_form_composes_the_move_never_one_form_per_placement(client, mia, solo):
    client.force_login(mia)
    page = table(client, solo)
    assert len(re.findall(r'<form[^>]*action="[^"]*/move/"', page)) == 1 and page.count('name="action"') == 1
    data = spots_data(page)
    legal = engine.legal_actions(solo.state, 0)
    listed = set()
    for strip, dirs in data["gains"].items():
        for d, gains in dirs.items():
            anchors = data["rows" if d in "EW" else "cols"].split(";")
            for i, anchor in enumerate(anchors):
                if gains[2 * i:2 * i + 2] != "..":
                    x, y = (int(v) for v in anchor.split(","))
                    listed.add((strip, x + SHIFT[d][0], y + SHIFT[d][1], d))
    assert listed == {(a["strip"], a["x"], a["y"], a["dir"]) for a in legal}


def test_each_spot_shows_what_it_would_score_for_each_player(client, mia, solo):
    match = play_mid_game(solo, 6)
    client.force_login(mia)
    data = spots_data(table(client, match))
    checked = 0
    for strip, dirs in data["gains"].items():
        for d, gains in dirs.items():
            for i, anchor in enumerate(data["rows" if d in "EW" else "cols"].split(";")):
                x, y = (int(v) for v in anchor.split(","))
                x, y = x + SHIFT[d][0], y + SHIFT[d][1]
                after = engine.apply(match.state, 0, {"type": "place", "strip": strip, "x": x, "y": y, "dir": d})
                gained = [engine.points(after, s) - engine.points(match.state, s) for s in range(2)]
                assert [int(c, 36) for c in gains[2 * i:2 * i + 2]] == gained
                checked += 1
                if checked > 150:
                    return
    assert checked > 20


def test_a_placement_posted_as_the_page_composes_it_is_played(client, mia, solo):
    client.force_login(mia)
    action = engine.legal_actions(solo.state, 0)[0]
    part = {k: action[k] for k in ("strip", "x", "y", "dir")}
    response = client.post(f"/matches/{solo.pk}/move/", {"seat": 0, "version": solo.version,
                                                          "action": '{"type":"place"}',
                                                          "part-place": json.dumps(part)}, **HTMX)
    assert response.status_code == 200
    match = refresh(solo)
    assert match.state["placements"][1] == [part["strip"], part["x"], part["y"], part["dir"]]


def test_a_refused_placement_says_why_in_words(client, mia, solo):
    client.force_login(mia)
    strip = solo.state["revealed"][0]
    response = client.post(f"/matches/{solo.pk}/move/", {
        "seat": 0, "version": solo.version, "action": '{"type":"place"}',
        "part-place": json.dumps({"strip": strip, "x": 6, "y": 6, "dir": "E"})}, **HTMX)
    assert response.status_code == 400
    assert "must touch the layout" in response.content.decode()
    assert refresh(solo).version == solo.version


def test_the_opponent_and_spectators_see_the_strips_but_no_form(client, mia, leo, solo, make_user):
    match = lobby.create_match(host=mia, game="rat_hot", options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    match = refresh(match)
    client.force_login(leo)
    page = table(client, match)
    assert 'class="rh-play"' not in page and "rh-data" not in page and 'name="rh-strip"' not in page
    assert engine.view(match.state, 1)["revealed"][0]["id"] == match.state["revealed"][0]
    shown = engine.view(match.state, 1)["revealed"][0]["spaces"]
    assert "mia's strip" in page and re.search(rf"</svg>\s*{re.escape(words.strip(shown))}</li>", page)
    client.force_login(make_user("zoe"))
    page = table(client, match)
    assert "rh-data" not in page and "rh-board" in page


def test_the_table_stays_under_the_budget_mid_game(client, mia, solo, capsys):
    match = play_mid_game(solo, 12)
    assert engine.to_move(match.state) == [0] and len(match.state["revealed"]) == 2
    client.force_login(mia)
    size = len(client.get(f"/matches/{match.pk}/table/").content)
    actions = len(engine.legal_actions(match.state, 0))
    with capsys.disabled():
        print(f"\nRat Hot table mid-game (turn 12, {len(match.state['cells'])} cells, {actions} legal placements): "
              f"{size} bytes")
    assert size < BUDGET


def test_scored_groups_are_flashed(client, mia, solo):
    client.force_login(mia)
    match = solo
    for _ in range(40):
        if match.state["scored"]:
            break
        match = play_mid_game(match, match.state["turn_number"] + 1, seed=match.state["turn_number"])
    assert match.state["scored"], "no group scored in the opening turns"
    page = table(client, match)
    flashed = re.findall(r'<g class="rh-flash rh-(red|green)">', page)
    assert flashed == [["red", "green"][e["seat"]] for e in match.state["scored"]]
    assert scoring.CHIPS["yellow"] == 2


def score_view(rats: list[int], rats_option: bool = True) -> dict:
    return {"turn": 0, "colours": ["red", "green"], "rats": rats, "rats_option": rats_option,
            "chips": [{"grey": 1, "yellow": 2, "points": 5}, {"grey": 0, "yellow": 1, "points": 2}]}


def test_a_player_one_rat_from_losing_is_told_to_be_careful():
    from games.rat_hot.templatetags.rat_hot_tags import score_rows

    rows = re.findall(r"<tr.*?</tr>", score_rows(score_view([scoring.RATS_TO_LOSE - 1, 1]), ["Mia", "Leo"],
                                                 "playing"))
    assert ">careful<" in rows[0] and ">careful<" not in rows[1]
    assert "to-move" in rows[0] and "(red, to move)" in rows[0] and "(green)" in rows[1]
    assert '<td class="num" data-points="0"><strong>5</strong></td>' in rows[0]
    finished = score_rows(score_view([0, 0]), ["Mia", "Leo"], "finished")
    assert "to move" not in finished and "careful" not in finished
    assert finished.count("<td") == 8  # grey, yellow, points and rats for each
    assert score_rows(score_view([2, 2], rats_option=False), ["Mia", "Leo"], "playing").count("<td") == 6


def test_the_legend_names_every_spice_with_its_sign():
    from games.rat_hot.strips import SPICES
    from games.rat_hot.templatetags.rat_hot_tags import GLYPHS, legend

    shown = legend()
    assert shown.startswith('<p class="small muted rh-legend">Red: ')
    for spice in (*SPICES["red"], *SPICES["green"]):
        assert f'<span class="rh-key">{GLYPHS[spice]} {words.space(spice)}</span>' in shown
