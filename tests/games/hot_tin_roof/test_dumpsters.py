"""The dumpster dive: catwalks, shelters (from the reserve, moved once it is empty, or nothing) and home tiles."""

import pytest

from games.contract import IllegalAction
from games.hot_tin_roof import engine
from games.hot_tin_roof.board import board

from .helpers import copy, events, play, table

ALL_GAPS = board().gap_order


def dives(state, seat, dumpster):
    return [a for a in engine.legal_actions(state, seat) if a["type"] == "dive" and a["dumpster"] == dumpster]


def refused(state, seat, action, code):
    before = copy(state)
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, seat, action)
    assert caught.value.code == code
    assert state == before


def test_a_dive_takes_every_can_of_the_dumpster():
    state = table(seats=3, phase="dive", cats={(0, "sitting"): ["A", "B"]})
    state["dumpsters"]["catwalk"] = 7
    after = play(state, 0, {"type": "dive", "dumpster": "catwalk", "gap": "g1"})
    assert after["dumpsters"]["catwalk"] == 0
    assert after["players"][0]["cans"] == state["players"][0]["cans"] + 7
    assert after["phase"] == "race"


def test_a_catwalk_from_the_reserve_goes_on_a_free_gap_only():
    state = table(seats=3, phase="dive", catwalks={"g1": 1})
    gaps = [a["gap"] for a in dives(state, 0, "catwalk")]
    assert gaps == [g for g in ALL_GAPS if g != "g1"]
    after = play(state, 0, {"type": "dive", "dumpster": "catwalk", "gap": "g2"})
    assert after["catwalks"] == {"g1": 1, "g2": 0} and after["players"][0]["catwalks"] == 5
    refused(state, 0, {"type": "dive", "dumpster": "catwalk", "gap": "g1"}, "gap_taken")
    refused(state, 0, {"type": "dive", "dumpster": "catwalk", "gap": "g99"}, "no_such_gap")
    # With a catwalk in the reserve and a free gap, the player must place it.
    refused(state, 0, {"type": "dive", "dumpster": "catwalk"}, "must_place_catwalk")
    refused(state, 0, {"type": "dive", "dumpster": "catwalk", "gap": "g2", "from": "g1"}, "catwalk_in_reserve")


def test_with_an_empty_reserve_a_player_moves_one_of_their_catwalks_or_leaves_them():
    state = table(seats=3, phase="dive", catwalks={g: 0 for g in ALL_GAPS[:6]} | {"g7": 1})
    state["players"][0]["catwalks"] = 0
    choices = dives(state, 0, "catwalk")
    assert {"type": "dive", "dumpster": "catwalk"} in choices
    moves = [(a["from"], a["gap"]) for a in choices if "from" in a]
    free = [g for g in ALL_GAPS if g not in state["catwalks"]]
    assert moves == [(mine, to) for mine in ALL_GAPS[:6] for to in free]
    after = play(state, 0, {"type": "dive", "dumpster": "catwalk", "gap": "g18", "from": "g3"})
    assert "g3" not in after["catwalks"] and after["catwalks"]["g18"] == 0
    assert events(after, "moved_catwalk")[-1] == {"event": "moved_catwalk", "seat": 0, "from": "g3", "to": "g18"}
    left = play(state, 0, {"type": "dive", "dumpster": "catwalk"})
    assert left["catwalks"] == state["catwalks"] and events(left, "placed_nothing")
    refused(state, 0, {"type": "dive", "dumpster": "catwalk", "gap": "g18", "from": "g7"}, "not_your_catwalk")
    refused(state, 0, {"type": "dive", "dumpster": "catwalk", "gap": "g18"}, "no_catwalk_left")


def test_with_no_free_gap_the_cans_are_still_taken():
    state = table(seats=4, phase="dive", catwalks={g: i % 4 for i, g in enumerate(ALL_GAPS)})
    assert dives(state, 0, "catwalk") == [{"type": "dive", "dumpster": "catwalk"}]
    after = play(state, 0, {"type": "dive", "dumpster": "catwalk"})
    assert after["players"][0]["cans"] == state["players"][0]["cans"] + state["dumpsters"]["catwalk"]
    assert after["players"][0]["catwalks"] == 6


def test_a_shelter_goes_on_a_patio_without_one_and_shelters_the_cats_already_there():
    state = table(seats=3, phase="dive", shelters={"C": 1}, cats={(2, "sitting"): ["D", "K"]})
    patios = [a["patio"] for a in dives(state, 0, "shelter")]
    assert patios == [p for p in board().patios if p != "C"]
    refused(state, 0, {"type": "dive", "dumpster": "shelter", "patio": "C"}, "patio_taken")
    refused(state, 0, {"type": "dive", "dumpster": "shelter", "patio": "Z"}, "no_such_patio")
    refused(state, 0, {"type": "dive", "dumpster": "shelter"}, "must_place_shelter")
    after = play(state, 0, {"type": "dive", "dumpster": "shelter", "patio": "D"})
    assert after["shelters"] == {"C": 1, "D": 0} and after["players"][0]["shelters"] == 2
    # The cat on D now sits in seat 0's shelter and leaves it for free.
    after.update(turn=2, phase="race", moved=[], catwalks={"g15": 2})
    leaving = play(after, 2, {"type": "move", "pair": "sitting", "cat": 0, "path": ["D", "L"]})
    assert leaving["players"][0]["cans"] == after["players"][0]["cans"]


def test_with_an_empty_shelter_reserve_a_player_moves_one_or_leaves_them():
    state = table(seats=3, phase="dive", shelters={"A": 0, "B": 0, "C": 0, "D": 1})
    state["players"][0]["shelters"] = 0
    choices = dives(state, 0, "shelter")
    assert {"type": "dive", "dumpster": "shelter"} in choices
    assert {"type": "dive", "dumpster": "shelter", "patio": "O", "from": "B"} in choices
    assert not [a for a in choices if a.get("from") == "D" or a.get("patio") == "D"]
    after = play(state, 0, {"type": "dive", "dumpster": "shelter", "patio": "O", "from": "B"})
    assert after["shelters"] == {"A": 0, "C": 0, "D": 1, "O": 0}
    refused(state, 0, {"type": "dive", "dumpster": "shelter", "patio": "O", "from": "D"}, "not_your_shelter")


def test_a_home_tile_puts_a_pair_on_its_two_patios_for_free_and_is_replaced():
    state = table(seats=3, phase="dive", shelters={"A": 1, "D": 2})
    state["tiles"], state["pile"] = {"home1": "t10", "home2": "t01", "home3": "t20"}, ["t30", "t31"]
    turned_up = "t30"  # t01: Adams and Diaz, both sheltered by opponents
    cans = state["players"][0]["cans"] + state["dumpsters"]["home2"]
    after = play(state, 0, {"type": "dive", "dumpster": "home2", "tile": "t01", "pair": "standing"})
    assert after["players"][0]["cats"]["standing"] == ["A", "D"]  # cat 0 on the tile's first patio
    assert after["players"][0]["cans"] == cans  # nothing paid for the shelters
    assert after["players"][0]["home_tiles"] == 1
    assert after["tiles"]["home2"] == turned_up and len(after["pile"]) == len(state["pile"]) - 1
    assert after["discards"] == ["t01"]
    assert events(after, "placed_pair")[-1] == {"event": "placed_pair", "seat": 0, "pair": "standing",
                                                "tile": "t01", "patios": ["A", "D"]}


def test_the_player_picks_which_pair_and_needs_one_off_the_board():
    state = table(seats=3, phase="dive")
    homes = [a for a in engine.legal_actions(state, 0) if a["dumpster"].startswith("home")]
    assert sorted({a["pair"] for a in homes}) == ["sitting", "standing"] and len(homes) == 6
    one = table(seats=3, phase="dive", cats={(0, "sitting"): ["A", "D"]})
    assert {a["pair"] for a in engine.legal_actions(one, 0) if a["dumpster"].startswith("home")} == {"standing"}
    one["tiles"] = {"home1": "t10", "home2": "t01", "home3": "t20"}
    tile = "t10"
    refused(one, 0, {"type": "dive", "dumpster": "home1", "tile": tile, "pair": "sitting"}, "pair_on_board")
    refused(one, 0, {"type": "dive", "dumpster": "home1", "tile": "t01", "pair": "standing"}, "wrong_tile")
    refused(one, 0, {"type": "dive", "dumpster": "home4", "tile": "t01", "pair": "standing"}, "no_such_dumpster")
    both = table(seats=3, phase="dive", cats={(0, "sitting"): ["A", "D"], (0, "standing"): ["B", "E"]})
    assert not [a for a in engine.legal_actions(both, 0) if a["dumpster"].startswith("home")]
    refused(both, 0, {"type": "dive", "dumpster": "home1", "tile": tile, "pair": "standing"}, "no_pair_off_board")


def test_an_empty_pile_is_made_again_from_the_discards_seeded():
    state = table(seats=3, phase="dive")
    taken = [t for t in board().tile_order if t not in state["tiles"].values()]
    state["pile"], state["discards"] = [], taken[:5]
    tile = state["tiles"]["home3"]
    after = play(state, 0, {"type": "dive", "dumpster": "home3", "tile": tile, "pair": "sitting"})
    assert events(after, "reshuffled") == [{"event": "reshuffled", "seat": None, "tiles": 6}]
    assert after["tiles"]["home3"] in taken[:5] + [tile]
    assert len(after["pile"]) == 5 and after["discards"] == []
    assert sorted(after["pile"] + [after["tiles"]["home3"]]) == sorted(taken[:5] + [tile])
    assert play(state, 0, {"type": "dive", "dumpster": "home3", "tile": tile, "pair": "sitting"}) == after


def test_a_dive_with_nothing_left_to_move_ends_the_turn():
    state = table(seats=3, phase="dive")
    after = play(state, 0, {"type": "dive", "dumpster": "catwalk", "gap": "g1"})
    assert events(after, "turn_over")[-1] == {"event": "turn_over", "seat": 0}
    assert (after["turn"], after["phase"]) == (1, "dive")
