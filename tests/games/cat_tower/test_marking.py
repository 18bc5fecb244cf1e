"""Marking: one die names the item, the other the floor; footprints nudge dice; passing, houses, cats, butterflies.

In these games seat 0 drafts first and takes die 0, seat 1 takes die 1, and the last die is shared.
"""

import pytest

from games.cat_tower import engine

from .helpers import PASS, draft, game, mark, refused, submit, with_sheet


def marking(roll, marks=(), circled=0, crossed=0, cats=None):
    """A two-player game at the marking step: seat 0 holds roll[0], the shared die is roll[2]."""
    state = with_sheet(game(2, roll=roll, first=0), 0, marks, circled, crossed, cats)
    return draft(state, 0, 1)


def placements(state, seat=0):
    return {(a["item"], a["column"], a["floor"], a["footprints"]) for a in engine.legal_marks(state, seat)}


def reveal(state, action):
    return submit(engine.apply(state, 0, action), {})


def test_either_die_may_be_the_item_and_the_other_the_floor():
    # A 6 and a 4: a mouse on floor 4, or a bowl on floor 6 (3-4 and 4-6 are house hexes).
    state = marking([6, 1, 4])
    assert placements(state) == {(6, 2, 4, 0), (6, 4, 4, 0), (6, 5, 4, 0), (4, 2, 6, 0), (4, 3, 6, 0)}
    assert engine.legal_actions(state, 0)[-1] == PASS
    assert reveal(state, mark(4, 3, 6))["sheets"][0]["marks"] == {"3-6": "bowl"}


def test_a_mark_the_dice_do_not_give_needs_footprints():
    state = marking([6, 1, 4])
    refused(state, 0, mark(4, 2, 4), "too_few_footprints", item="bowl", floor=4, needed=2, dice=[6, 4], spare=0)


def test_each_crossed_footprint_changes_a_die_by_one_and_several_may_be_spent_on_both_dice():
    # The rulebook's example: a 2 and a 4, three footprints: the 2 becomes 1 and the 4 becomes 6.
    state = marking([2, 5, 4], circled=3)
    assert (1, 4, 6, 3) in placements(state)
    after = reveal(state, mark(1, 4, 6, footprints=3, cat="house"))
    assert after["sheets"][0]["footprints"] == {"circled": 3, "crossed": 3}
    assert after["log"][-3] == {"event": "marked", "seat": 0, "item": "house", "column": 4, "floor": 6,
                                "footprints": 3, "cat": "house", "houses": 1, "count": 1, "points": 1}


def test_only_circled_footprints_not_yet_crossed_can_be_spent():
    state = marking([2, 5, 4], circled=5, crossed=3)
    refused(state, 0, mark(1, 4, 6, footprints=3, cat="house"), "too_few_footprints", needed=3, dice=[2, 4],
            spare=2)
    assert (1, 4, 6, 3) not in placements(state)


def test_a_mark_spends_exactly_the_fewest_footprints_it_needs():
    state = marking([2, 5, 4], circled=6)
    refused(state, 0, mark(1, 4, 6, footprints=4, cat="house"), "wrong_footprints", needed=3, given=4)
    refused(state, 0, mark(2, 2, 4, footprints=1), "wrong_footprints", item="yarn", floor=4, needed=0, given=1)


def test_a_die_never_goes_below_1_or_above_6():
    # Two 6s: a house is five steps down from 6, never one step "round" from 6 to 1.
    assert engine.mark_cost((6, 6), 1, 6) == 5
    assert engine.mark_cost((1, 1), 6, 1) == 5
    assert engine.mark_cost((2, 4), 1, 6) == 3
    state = marking([6, 1, 6], circled=4)
    assert all(item != 1 for item, *_ in placements(state))
    refused(state, 0, mark(1, 4, 6, footprints=1, cat="house"), "too_few_footprints", needed=5)


def test_passing_circles_one_footprint():
    state = reveal(marking([6, 1, 4]), PASS)
    assert state["sheets"][0]["footprints"] == {"circled": 1, "crossed": 0}
    assert {"event": "passed", "seat": 0, "circled": True} in state["log"]


def test_with_all_18_footprints_circled_a_pass_circles_nothing():
    state = marking([6, 1, 4], circled=18, crossed=2)
    assert PASS in engine.legal_actions(state, 0)
    state = reveal(state, PASS)
    assert state["sheets"][0]["footprints"] == {"circled": 18, "crossed": 2}
    assert {"event": "passed", "seat": 0, "circled": False} in state["log"]


def test_a_house_goes_only_on_a_house_hex_and_a_house_hex_holds_only_a_house():
    state = marking([1, 5, 2])  # a 1 and a 2: a house on floor 2, or a yarn on floor 1
    assert {(item, column, floor) for item, column, floor, _ in placements(state)} == {
        (1, 2, 2), (2, 1, 1), (2, 2, 1), (2, 3, 1), (2, 4, 1), (2, 5, 1)}
    refused(marking([1, 5, 2], circled=2), 0, mark(1, 3, 2, cat="house"), "not_a_house_hex", column=3, floor=2,
            house_floor=4)
    refused(marking([2, 5, 2]), 0, mark(2, 2, 2), "house_hex", column=2, floor=2, item="yarn")


def test_a_house_scores_a_cat_houses_times_hexes_of_that_item():
    # Two houses and three mice already; a third house on 4-6 (a 1 and a 6).
    sheet = {"2-2": "house", "3-4": "house", "1-1": "mouse", "1-2": "mouse", "5-1": "mouse"}
    state = marking([1, 5, 6], sheet, cats={"house": 1, "bowl": 0})
    houses = [a for a in engine.legal_marks(state, 0) if a["item"] == 1]
    assert [a["cat"] for a in houses] == ["yarn", "butterfly", "cushion", "mouse"]
    after = reveal(state, mark(1, 4, 6, cat="mouse"))
    assert after["sheets"][0]["cats"] == {"house": 1, "bowl": 0, "mouse": 9}
    assert {"event": "marked", "seat": 0, "item": "house", "column": 4, "floor": 6, "footprints": 0, "cat": "mouse",
            "houses": 3, "count": 3, "points": 9} in after["log"]


def test_the_house_cat_counts_houses_including_the_new_one():
    state = marking([1, 5, 6], {"2-2": "house", "3-4": "house"})
    assert reveal(state, mark(1, 4, 6, cat="house"))["sheets"][0]["cats"] == {"house": 9}


def test_each_cat_is_scored_once_and_one_must_be_chosen_while_any_is_left():
    state = marking([1, 5, 6], cats={"mouse": 0})
    refused(state, 0, mark(1, 4, 6, cat="mouse"), "cat_scored", cat="mouse")
    refused(state, 0, mark(1, 4, 6, cat=None), "choose_cat", cats=["house", "yarn", "butterfly", "bowl", "cushion"])
    refused(state, 0, mark(1, 4, 6, cat="tabby"), "choose_cat")


def test_with_all_six_cats_scored_a_house_scores_nothing_more():
    cats = dict.fromkeys(["house", "yarn", "butterfly", "bowl", "cushion", "mouse"], 2)
    state = marking([1, 5, 6], cats=cats)
    assert [a["cat"] for a in engine.legal_marks(state, 0) if a["item"] == 1] == [None]
    refused(state, 0, mark(1, 4, 6, cat="mouse"), "all_cats_scored")
    assert reveal(state, mark(1, 4, 6))["sheets"][0]["cats"] == cats


def test_only_a_house_scores_a_cat():
    refused(marking([6, 1, 4]), 0, mark(6, 2, 4, cat="mouse"), "cat_without_house")


def test_a_butterfly_circles_a_footprint_at_once():
    state = reveal(marking([3, 1, 2], circled=1), mark(3, 1, 2))
    assert state["sheets"][0]["footprints"] == {"circled": 2, "crossed": 0}
    assert {"event": "butterfly_footprint", "seat": 0} in state["log"]


def test_a_butterfly_circles_nothing_past_18_footprints():
    state = reveal(marking([3, 1, 2], circled=18, crossed=1), mark(3, 1, 1, footprints=1))
    assert state["sheets"][0]["footprints"] == {"circled": 18, "crossed": 2}
    assert state["sheets"][0]["marks"] == {"1-1": "butterfly"}


def test_a_mark_goes_only_on_an_empty_hex_that_exists():
    state = marking([6, 1, 4], {"2-4": "yarn"}, circled=2)
    refused(state, 0, mark(6, 2, 4), "hex_taken", column=2, floor=4, item="yarn")
    refused(state, 0, mark(6, 1, 4), "no_such_hex", column=1, floor=4)
    refused(state, 0, mark(6, 6, 4), "no_such_column", column=6)
    assert not any(column == 2 and floor == 4 for _, column, floor, _ in placements(state))


@pytest.mark.parametrize(
    "action, code, params",
    [
        ({"type": "mark", "item": 6, "column": 4, "floor": 4, "footprints": 0}, "missing_field", {"field": "cat"}),
        ({**mark(6, 4, 4), "colour": "red"}, "extra_field", {"field": "colour"}),
        (mark(True, 4, 4), "not_whole", {"field": "item"}),
        (mark(6, 4, "4"), "not_whole", {"field": "floor"}),
        (mark(7, 4, 4), "no_such_item", {"item": 7}),
        (mark(6, 4, 4, footprints=-1), "wrong_footprints", {"needed": 0, "given": -1}),
        ({"type": "pass", "now": True}, "extra_field", {"field": "now", "action": "pass"}),
        ({"type": "scribble"}, "unknown_action", {"action": "scribble"}),
        ({"type": 3}, "not_an_action", {}),
        ([], "not_an_action", {}),
    ],
)
def test_a_malformed_mark_is_refused_with_a_reason(action, code, params):
    refused(marking([6, 1, 4]), 0, action, code, **params)
