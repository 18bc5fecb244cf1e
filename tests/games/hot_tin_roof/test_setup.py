"""Setup for 3 and 4 players: tiles, dumpsters, market, reserves; seat 0's ante is already paid."""

import pytest

from games.contract import IllegalAction
from games.hot_tin_roof import engine

from .helpers import can_balance, events, start_balance


@pytest.mark.parametrize("seats, fish", [(3, 12), (4, 14)])
def test_a_new_game_is_set_up_as_the_rules_say(seats, fish):
    state = engine.new_game(seats, 7, {})
    assert state["market"] == fish
    # 4, 4, 4, 1, 1 cans on the dumpsters, then seat 0 paid 1 can onto each.
    assert state["dumpsters"] == {"home1": 5, "home2": 5, "home3": 5, "catwalk": 2, "shelter": 2}
    assert [p["cans"] for p in state["players"]] == [5] + [10] * (seats - 1)
    for player in state["players"]:
        assert (player["catwalks"], player["shelters"], player["fish"]) == (6, 3, 0)
        assert player["cats"] == {"sitting": [None, None], "standing": [None, None]}
    assert len(set(state["tiles"].values())) == 3 and len(state["pile"]) == 47
    assert (state["turn"], state["phase"]) == (0, "dive")
    assert events(state, "ante") == [{"event": "ante", "seat": 0, "cans": 5}]
    assert can_balance(state) == start_balance(seats)


def test_the_shuffle_is_seeded():
    assert engine.new_game(3, 7, {})["pile"] == engine.new_game(3, 7, {})["pile"]
    assert engine.new_game(3, 7, {})["pile"] != engine.new_game(3, 8, {})["pile"]


@pytest.mark.parametrize("seats", [2, 5, 3.0, True, "3"])
def test_only_three_or_four_players(seats):
    with pytest.raises(IllegalAction):
        engine.new_game(seats, 1, {})


def test_options_are_checked_strictly():
    assert engine.new_game(3, 1, {})["options"] == {"home_tiles_break_ties": False}
    assert engine.new_game(3, 1, {"home_tiles_break_ties": True})["options"] == {"home_tiles_break_ties": True}
    for bad in ({"home_tiles_break_ties": 1}, {"rats": True}):
        with pytest.raises(IllegalAction):
            engine.new_game(3, 1, bad)


def test_the_view_shows_the_table_but_not_the_pile_or_the_seed():
    state = engine.new_game(4, 123456789, {})
    shown = engine.view(state, 2)
    assert shown["tiles_left"] == 47 and shown["market"] == 14
    assert [d["id"] for d in shown["dumpsters"]] == ["home1", "home2", "home3", "catwalk", "shelter"]
    assert shown["dumpsters"][0]["tile"]["id"] == state["tiles"]["home1"]
    assert len(shown["players"]) == 4 and shown["players"][3]["catwalks"] == 6
    text = str(shown)
    assert "pile" not in shown and "seed" not in shown and "123456789" not in text
    hidden = [t for t in state["pile"]]
    assert not any(f"'{t}'" in text for t in hidden)
    assert engine.view(state, None)["seat"] is None
    with pytest.raises(IllegalAction):
        engine.view(state, 4)
