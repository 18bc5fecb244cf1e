"""Rooftop racing: routes, catwalks and shelters, tolls to their owners, cheapest paths only, joining a pair."""

import pytest

from games.contract import IllegalAction
from games.hot_tin_roof import engine

from .helpers import BLUE, BROWN, ORANGE, WHITE, copy, events, gains, moves_of, paths_to, play, table


def move(pair, cat, *patios):
    return {"type": "move", "pair": pair, "cat": cat, "path": list(patios)}


def refused(state, seat, action, code):
    before = copy(state)
    with pytest.raises(IllegalAction) as caught:
        engine.apply(state, seat, action)
    assert caught.value.code == code
    assert state == before


def lone_cat(at="A", partner="O", **kwargs):
    """Seat 0's sitting cat 0 on `at` (its partner far away on `partner`)."""
    return table(cats={(0, "sitting"): [at, partner]}, **kwargs)


def test_moonlit_routes_are_free_and_a_gap_without_catwalk_cannot_be_crossed():
    state = lone_cat("A")
    assert [a["path"] for a in moves_of(state, 0, "sitting", 0)] == [["A", "B"]]
    after = play(state, 0, move("sitting", 0, "A", "B"))
    assert gains(state, after) == [0, 0, 0, 0]
    refused(state, 0, move("sitting", 0, "A", "C"), "unreachable")


def test_an_opponents_catwalk_costs_one_can_to_its_owner_and_ones_own_is_free():
    state = lone_cat("B", catwalks={"g1": 1})
    after = play(state, 0, move("sitting", 0, "B", "C"))
    assert gains(state, after) == [-1, 1, 0, 0]
    assert events(after, "paid_toll") == [{"event": "paid_toll", "seat": 0, "to": 1, "cans": 1, "catwalks": 1,
                                           "shelters": 0}]
    own = lone_cat("B", catwalks={"g1": 0})
    assert gains(own, play(own, 0, move("sitting", 0, "B", "C"))) == [0, 0, 0, 0]


def test_entering_an_opponents_shelter_costs_two_each_time_passing_through_included():
    state = lone_cat("A", catwalks={"g14": 0, "g2": 0, "g15": 0, "g7": 0}, shelters={"C": 2, "L": 2})
    assert paths_to(state, 0, "sitting", 0, "C") == [["A", "C"]]
    after = play(state, 0, move("sitting", 0, "A", "C", "D", "L", "M"))  # through C, then through L
    assert gains(state, after) == [-4, 0, 4, 0]
    assert events(after, "paid_toll")[-1] == {"event": "paid_toll", "seat": 0, "to": 2, "cans": 4, "catwalks": 0,
                                              "shelters": 2}
    # Crossing two catwalks of one opponent: 1 can each time.
    two = lone_cat("A", catwalks={"g14": 1, "g2": 1})
    assert gains(two, play(two, 0, move("sitting", 0, "A", "C", "D"))) == [-2, 2, 0, 0]


def test_leaving_a_shelter_is_free_the_starting_patio_is_not_entered():
    state = lone_cat("C", catwalks={"g14": 0}, shelters={"C": 1})
    assert gains(state, play(state, 0, move("sitting", 0, "C", "A"))) == [0, 0, 0, 0]


def test_own_shelters_are_free():
    """Nothing is charged at all: a player without a can or a fish may still enter its own shelter, and no toll is
    paid (not even to oneself, which would leave the cans as they were)."""
    state = lone_cat("A", catwalks={"g14": 0}, shelters={"C": 0}, cans={0: 0})
    assert paths_to(state, 0, "sitting", 0, "C") == [["A", "C"]]
    after = play(state, 0, move("sitting", 0, "A", "C"))
    assert gains(state, after) == [0, 0, 0, 0] and events(after, "paid_toll") == []


def test_only_the_cheapest_path_to_a_destination_is_offered():
    state = lone_cat("B", catwalks={"g1": 1, "g14": 0})
    assert paths_to(state, 0, "sitting", 0, "C") == [["B", "A", "C"]]  # free, rather than 1 can across g1
    refused(state, 0, move("sitting", 0, "B", "C"), "not_cheapest")


def test_equally_cheap_paths_that_pay_different_opponents_are_all_offered():
    state = lone_cat("B", catwalks={"g1": 1, "g14": 2})
    assert paths_to(state, 0, "sitting", 0, "C") == [["B", "C"], ["B", "A", "C"]]  # fewest steps first
    after = play(state, 0, move("sitting", 0, "B", "A", "C"))
    assert gains(state, after) == [-1, 0, 1, 0]


def test_equal_paths_paying_the_same_go_by_fewest_steps_then_board_order():
    state = lone_cat("A", catwalks={"g14": 0, "g1": 0})
    assert paths_to(state, 0, "sitting", 0, "C") == [["A", "C"]]
    state = lone_cat("D", catwalks={"g18": 0, "g15": 0, "g7": 0})
    assert paths_to(state, 0, "sitting", 0, "M") == [["D", "E", "M"]]  # not D, L, M: E comes before L


def test_each_cat_moves_at_most_once_a_turn():
    state = table(cats={(0, "sitting"): ["A", "O"], (0, "standing"): ["H", "D"]})
    after = play(state, 0, move("sitting", 0, "A", "B"))
    assert not moves_of(after, 0, "sitting", 0)
    assert moves_of(after, 0, "standing", 0)
    refused(after, 0, move("sitting", 0, "B", "A"), "cat_moved")
    refused(after, 0, move("sitting", 1, "O", "A"), "unreachable")
    refused(after, 0, move("sitting", 2, "B", "A"), "no_such_cat")
    refused(after, 0, move("sitting", True, "O", "N"), "no_such_cat")


def test_a_move_that_cannot_be_paid_is_illegal_and_fish_are_exchanged_as_needed():
    state = lone_cat("B", catwalks={"g1": 1}, cans={0: 0})
    assert paths_to(state, 0, "sitting", 0, "C") == []
    refused(state, 0, move("sitting", 0, "B", "C"), "cannot_afford")
    rich = lone_cat("B", catwalks={"g1": 1}, cans={0: 0}, fish={0: 1})
    after = play(rich, 0, move("sitting", 0, "B", "C"))
    assert (after["players"][0]["cans"], after["players"][0]["fish"]) == (9, 0)
    assert after["bank"] == rich["bank"] + 10


def test_the_turn_ends_by_itself_when_nothing_is_left_to_move_or_when_the_player_says_so():
    state = lone_cat("A")
    after = play(state, 0, move("sitting", 0, "A", "B"))
    assert after["turn"] == 1 and events(after, "turn_over")
    said = play(state, 0, {"type": "end_turn"})
    assert said["turn"] == 1 and events(said, "ended_turn") == [{"event": "ended_turn", "seat": 0}]
    refused(state, 1, {"type": "end_turn"}, "not_your_turn")
    refused(state, 0, {"type": "dive", "dumpster": "catwalk", "gap": "g1"}, "no_dive_now")


def test_a_cat_ending_on_its_partner_joins_it_for_a_fish():
    state = table(cats={(0, "sitting"): ["A", "B"], (0, "standing"): ["C", "D"]}, catwalks={"g2": 0})
    after = play(state, 0, move("sitting", 0, "A", "B"))
    assert after["players"][0]["cats"]["sitting"] == [None, None]
    assert after["players"][0]["fish"] == 1 and after["market"] == state["market"] - 1
    assert events(after, "joined") == [{"event": "joined", "seat": 0, "pair": "sitting", "patio": "B",
                                        "market": 13}]


def test_meeting_a_cat_that_is_not_the_partner_does_nothing():
    state = table(cats={(0, "sitting"): ["A", "O"], (0, "standing"): ["B", "H"], (1, "sitting"): ["B", "N"]})
    after = play(state, 0, move("sitting", 0, "A", "B"))
    assert after["players"][0]["cats"]["sitting"] == ["B", "O"] and after["players"][0]["fish"] == 0
    assert after["players"][0]["cats"]["standing"] == ["B", "H"]


def test_passing_through_the_partners_patio_does_not_join():
    state = table(cats={(0, "sitting"): ["A", "C"]}, catwalks={"g14": 0, "g2": 0})
    after = play(state, 0, move("sitting", 0, "A", "C", "D"))
    assert after["players"][0]["cats"]["sitting"] == ["D", "C"] and after["players"][0]["fish"] == 0


# The rulebook's example: Orange joins her cats at the Oscars'. Her cat crosses Brown's catwalk and her own, enters
# Brown's shelter, crosses White's catwalk: 3 cans to Brown (1 + 2), 1 to White. It leaves Blue's shelter for
# free; from the other side (the Newmans', next door) it would enter Blue's shelter too: 2 more, to Blue.
EXAMPLE = {"catwalks": {"g12": BROWN, "g4": ORANGE, "g16": WHITE}, "shelters": {"G": BROWN, "M": BLUE}}


def test_the_rulebooks_example():
    state = table(turn=ORANGE, cats={(ORANGE, "sitting"): ["M", "O"]}, **EXAMPLE)
    assert paths_to(state, ORANGE, "sitting", 0, "O") == [["M", "F", "G", "O"]]
    after = play(state, ORANGE, move("sitting", 0, "M", "F", "G", "O"))
    assert gains(state, after) == [1, -4, 3, 0]
    assert after["players"][ORANGE]["fish"] == 1
    paid = [(e["to"], e["cans"], e["catwalks"], e["shelters"]) for e in events(after, "paid_toll")]
    assert paid == [(WHITE, 1, 1, 0), (BROWN, 3, 1, 1)]


def test_the_rulebooks_example_from_the_other_side_pays_blue_too():
    state = table(turn=ORANGE, cats={(ORANGE, "sitting"): ["N", "O"]}, **EXAMPLE)
    assert paths_to(state, ORANGE, "sitting", 0, "O") == [["N", "M", "F", "G", "O"]]
    after = play(state, ORANGE, move("sitting", 0, "N", "M", "F", "G", "O"))
    assert gains(state, after) == [1, -6, 3, 2]
