"""The end: the last fish ends the game at once; pairs left are paid for or joined, in turn order from the player
who took it; scores, the seat tie-break and the home-tile option; the record's final and result."""

import pytest

from games.contract import IllegalAction
from games.hot_tin_roof import engine, rules

from .helpers import copy, events, play, table


def settle(pair, *path):
    return {"type": "settle", "pair": pair, **({"path": list(path)} if path else {})}


def last_fish(**kwargs):
    """Seat 1 is about to take the last fish (its sitting pair on A and B); seats 0 and 2 have pairs left."""
    cats = {(1, "sitting"): ["A", "B"], (0, "sitting"): ["C", "E"], (0, "standing"): ["H", "G"],
            (2, "standing"): ["J", "N"], **kwargs.pop("cats", {})}
    return table(seats=3, turn=1, cats=cats, **{"market": 1, **kwargs})


def ended(**kwargs):
    return play(last_fish(**kwargs), 1, {"type": "move", "pair": "sitting", "cat": 0, "path": ["A", "B"]})


def test_the_last_fish_ends_the_game_at_once():
    state = last_fish(cats={(1, "standing"): ["K", "O"]})
    after = play(state, 1, {"type": "move", "pair": "sitting", "cat": 0, "path": ["A", "B"]})
    assert after["market"] == 0 and after["trigger"] == 1 and after["phase"] == "settle"
    assert events(after, "last_fish") == [{"event": "last_fish", "seat": 1}]
    # The rest of the turn is not played: seat 1 settles its own pair left first, then 2, then 0.
    assert engine.to_move(after) == [1]
    assert engine.legal_actions(after, 1)[0] == settle("standing")
    assert [p["pairs_left"] for p in after["players"]] == [2, 1, 1]


def test_the_game_goes_on_while_a_fish_is_left():
    state = last_fish(market=2, cats={(1, "standing"): ["K", "O"]})
    after = play(state, 1, {"type": "move", "pair": "sitting", "cat": 0, "path": ["A", "B"]})
    assert after["market"] == 1 and after["players"][1]["fish"] == 1
    assert after["trigger"] is None and after["phase"] == "race" and not events(after, "last_fish")
    assert engine.to_move(after) == [1] and {"type": "end_turn"} in engine.legal_actions(after, 1)


def test_pairs_are_settled_in_turn_order_from_the_trigger_player():
    after = ended()
    assert engine.to_move(after) == [2]
    after = play(after, 2, settle("standing"))
    assert engine.to_move(after) == [0]
    refused(after, 2, settle("standing"), "not_your_turn")


def refused(state, seat, action, code):
    before = copy(state)
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, seat, action)
    assert caught.value.code == code
    assert state == before


def test_a_pair_left_costs_fifteen_cans_to_the_bank():
    state = ended()
    state["players"][2]["cans"] = 30
    after = play(state, 2, settle("standing"))
    player = after["players"][2]
    assert (player["cans"], player["penalties"], player["cats"]["standing"]) == (15, 15, [None, None])
    assert events(after, "settled_paid") == [{"event": "settled_paid", "seat": 2, "pair": "standing", "cans": 15}]
    assert after["bank"] == state["bank"] - 15


def test_a_player_who_cannot_pay_in_full_exchanges_fish_then_pays_what_they_have():
    state = ended()
    state["players"][2].update(cans=3, fish=1)
    after = play(state, 2, settle("standing"))
    assert (after["players"][2]["cans"], after["players"][2]["fish"], after["players"][2]["penalties"]) == (0, 0, 13)
    rich = ended()
    rich["players"][2].update(cans=20, fish=1)
    after = play(rich, 2, settle("standing"))
    assert (after["players"][2]["cans"], after["players"][2]["fish"], after["players"][2]["penalties"]) == (5, 1, 15)


def test_a_pair_may_be_joined_paying_the_normal_tolls_but_no_fish():
    state = ended(catwalks={"g14": 1}, shelters={"C": 1})
    state["players"][0]["cans"] = 20
    state.update(turn=0, settle_order=[0])  # seat 0 settles now
    state["players"][0]["cats"]["sitting"] = ["A", "C"]
    assert settle("sitting", "A", "C") in engine.legal_actions(state, 0)
    assert settle("sitting", "C", "A") in engine.legal_actions(state, 0)  # either cat may go to the other
    after = play(state, 0, settle("sitting", "A", "C"))
    assert after["players"][0]["cans"] == 17 and after["players"][1]["cans"] == state["players"][1]["cans"] + 3
    assert after["players"][0]["fish"] == state["players"][0]["fish"] and after["market"] == 0
    assert after["players"][0]["penalties"] == 0
    refused(state, 0, settle("sitting", "A", "B"), "not_a_join")
    refused(state, 0, settle("standing", "A", "C"), "path_not_from_cat")
    refused(state, 1, settle("sitting"), "not_your_turn")


def test_joining_is_impossible_without_a_path_so_paying_is_the_only_choice():
    state = ended()
    assert engine.legal_actions(state, 2) == [settle("standing")]
    refused(state, 2, settle("standing", "J", "K", "N"), "unreachable")


def test_a_player_with_two_pairs_settles_them_in_the_order_they_like():
    state = play(ended(), 2, settle("standing"))
    assert {a["pair"] for a in engine.legal_actions(state, 0)} == {"sitting", "standing"}
    after = play(state, 0, settle("standing"))
    assert engine.to_move(after) == [0] and engine.legal_actions(after, 0) == [settle("sitting")]
    done = play(after, 0, settle("sitting"))
    assert engine.is_over(done) and engine.to_move(done) == []
    # Seat 0 had 5 cans after its ante: all 5 for the first pair, nothing left for the second; never below 0.
    assert (done["players"][0]["penalties"], done["players"][0]["cans"]) == (5, 0)
    refused(done, 0, settle("sitting"), "game_over")


def finish(state):
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        state = play(state, seat, {"type": "settle", "pair": engine.legal_actions(state, seat)[0]["pair"]})
    return state


def test_final_and_result_as_the_record_says():
    done = finish(ended())
    assert engine.final(done) == {
        "players": [
            {"cans": 0, "fish": 0, "home_tiles": 0, "pairs_left": 2, "penalties": 5},
            {"cans": 10, "fish": 1, "home_tiles": 0, "pairs_left": 0, "penalties": 0},
            {"cans": 0, "fish": 0, "home_tiles": 0, "pairs_left": 1, "penalties": 10},
        ],
        "trigger_seat": 1,
    }
    assert engine.outcome(done) == {"scores": [0, 20, 0], "ranks": [2, 1, 3],  # 0 is furthest left of 1
                                    "breakdown": [{"cans": 0, "fish": 0, "total": 0},
                                                  {"cans": 10, "fish": 10, "total": 20},
                                                  {"cans": 0, "fish": 0, "total": 0}]}


def test_a_tie_goes_to_the_player_furthest_left_of_the_trigger_player():
    done = finish(ended())
    for seat in range(3):
        done["players"][seat].update(cans=30, fish=0)
    # Trigger 1: seat 2 is 1 to its left, seat 0 is 2 to its left; the trigger player loses every tie.
    assert engine.outcome(done)["ranks"] == [1, 3, 2]
    assert engine.view(done, None)["ties"] == [{"score": 30, "seats": [0, 1, 2], "by": "seat"}]


def test_with_the_option_the_most_home_tiles_break_a_tie_first():
    done = finish(ended(options={"home_tiles_break_ties": True}))
    for seat, tiles in enumerate([1, 2, 3]):
        done["players"][seat].update(cans=30, fish=0, home_tiles=tiles)
    assert engine.outcome(done)["ranks"] == [3, 2, 1]
    assert engine.view(done, None)["ties"] == [{"score": 30, "seats": [0, 1, 2], "by": "home_tiles"}]
    without = finish(ended())
    for seat, tiles in enumerate([1, 2, 3]):
        without["players"][seat].update(cans=30, fish=0, home_tiles=tiles)
    assert engine.outcome(without)["ranks"] == [1, 3, 2]


def test_a_game_ended_early_ranks_ties_from_the_player_whose_turn_it_was():
    """A resignation ends a match before the last fish (docs/live-matches.md): with nobody having taken the last
    fish, the seat tie-break counts from the player to move, as if they had."""
    state = last_fish()
    assert not engine.is_over(state) and engine.final(state)["trigger_seat"] is None
    result = engine.outcome(state)
    assert result["ranks"] == rules.ranks(result["scores"], state["turn"])


def test_the_engine_and_the_tally_end_the_game_by_one_rule(monkeypatch):
    """The end is written once (rules.market_empty): a game ended one fish early there ends early in the engine
    and in the table tally alike."""
    from games.hot_tin_roof import tally

    players = [{"cans": 10, "fish": 4, "home_tiles": 4, "pairs_left": 0, "penalties": 0},
               {"cans": 10, "fish": 4, "home_tiles": 4, "pairs_left": 0, "penalties": 0},
               {"cans": 10, "fish": 3, "home_tiles": 3, "pairs_left": 0, "penalties": 0}]  # 11 of 12 fish taken
    one_short = {"players": players, "trigger_seat": 1}
    with pytest.raises(ValueError, match="must add up to 12, not 11"):
        tally.outcome(one_short, {})
    state = last_fish(market=2, cats={(1, "standing"): ["K", "O"]})
    move = {"type": "move", "pair": "sitting", "cat": 0, "path": ["A", "B"]}
    assert play(state, 1, move)["phase"] != "settle"

    monkeypatch.setattr(rules, "market_empty", lambda left: left <= 1)
    assert tally.outcome(one_short, {})["scores"] == [50, 50, 40]
    assert play(state, 1, move)["phase"] == "settle"
