"""Rat Hot, rule by rule as ../shared/rules/rat_hot.md plays it."""
import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.rat_hot import engine
from games.rat_hot.strips import ORDER, STRIPS

from .helpers import lay, new, place, points, reveal, top

# --------------------------------------------------------------------------------------------- setup and turns


def test_the_start_strip_lies_in_the_middle_and_seat_0_red_starts_with_one_strip():
    state = new()
    assert {k: v for k, v in state["cells"].items()} == {
        "-1,0": [1, "empty", "start"], "0,0": [1, "start", "start"], "1,0": [1, "empty", "start"]}
    assert engine.to_move(state) == [0]
    assert len(state["revealed"]) == 1 and len(state["deck"]) == 41
    assert sorted(state["deck"] + state["revealed"]) == sorted(ORDER)


def test_the_shuffle_is_seeded_and_hidden():
    assert new(seed=7)["deck"] == new(seed=7)["deck"]
    assert new(seed=7)["deck"] != new(seed=8)["deck"]
    view = json.dumps(engine.view(new(seed=7), 1))
    state = new(seed=7)
    assert '"deck"' not in view and '"seed"' not in view
    assert state["deck"][0] not in view  # the next strip is not named anywhere


def test_first_turn_one_strip_then_two_placed_in_the_order_the_player_likes():
    state = reveal(new(), 0, "s14")
    state = place(state, "s14", 2, 0, "E")
    assert engine.to_move(state) == [1] and len(state["revealed"]) == 2
    first, second = state["revealed"]
    # both are shown before placing, and either may go first
    assert [s["id"] for s in engine.view(state, 1)["revealed"]] == [first, second]
    assert {a["strip"] for a in engine.legal_actions(state, 1)} == {first, second}
    state = place(state, second, -4, 0, "E")
    assert engine.to_move(state) == [1] and state["revealed"] == [first]
    state = place(state, first, -1, 1, "E")
    assert engine.to_move(state) == [0] and len(state["revealed"]) == 2


def test_a_whole_game_reveals_one_then_twenty_pairs_then_the_last_single_strip():
    state, reveals = new(seed=3, rats=False), []
    while not engine.is_over(state):
        if not reveals or reveals[-1][0] != state["turn_number"]:
            reveals.append((state["turn_number"], state["turn"], len(state["revealed"])))
        state = engine.apply(state, state["turn"], engine.legal_actions(state, state["turn"])[0])
    assert [n for _, _, n in reveals] == [1] + [2] * 20 + [1]
    assert [seat for _, seat, _ in reveals] == [n % 2 for n in range(22)]
    assert state["ended_by"] == "last_strip" and len(state["placements"]) == 43
    assert engine.final(state)["deck"] == state["drawn"] and sorted(state["drawn"]) == sorted(ORDER)


def test_the_last_single_strip_is_placed_scored_and_ends_the_game_with_the_final_tally():
    state = reveal(new(rats=False), 1, "s27", left=0)  # saffron saffron empty
    state = place(state, "s27", -1, 1, "E")
    assert engine.is_over(state) and state["ended_by"] == "last_strip"
    assert points(state) == [1, 0]  # the saffron pair scored when placed ...
    assert state["tally"] == [{"pairs": 1, "large": 0, "points": 1}, {"pairs": 0, "large": 0, "points": 0}]
    assert engine.outcome(state) == {  # ... and once more in the final tally
        "scores": [2, 0], "ranks": [1, 2],
        "breakdown": [{"chips": 1, "final_tally": 1, "total": 2}, {"chips": 0, "final_tally": 0, "total": 0}]}
    assert engine.final(state) == {"deck": state["drawn"], "ended_by": "last_strip"}
    assert engine.to_move(state) == [] and engine.legal_actions(state, 1) == []


def test_equal_points_at_the_end_are_a_draw():
    state = reveal(new(rats=False), 0, "s14", left=0)
    state = place(state, "s14", 2, 0, "E")
    assert engine.outcome(state)["ranks"] == [1, 1]


# --------------------------------------------------------------------------------------------- placing a strip


@pytest.mark.parametrize("x, y, d, code", [
    (11, 0, "E", "off_table"),  # 11, 12, 13: off the edge
    (0, -11, "N", "off_table"),
    (1, 0, "E", "hollow"),  # height 1 under (1, 0), 0 under (2, 0) and (3, 0)
    (-1, 0, "E", "covers_one_strip"),  # entirely on the start strip
    (1, 0, "W", "covers_one_strip"),  # the same, reversed
    (5, 5, "E", "not_touching"),
    (2, 1, "E", "not_touching"),  # only diagonal to the start strip
])
def test_placements_the_rules_refuse(x, y, d, code):
    state = reveal(new(), 0, "s14")
    before = copy.deepcopy(state)
    with pytest.raises(engine.IllegalAction) as refused:
        place(state, "s14", x, y, d)
    assert refused.value.code == code
    assert state == before
    assert {"type": "place", "strip": "s14", "x": x, "y": y, "dir": d} not in engine.legal_actions(state, 0)


def test_a_strip_may_lie_at_the_edge_of_the_table():
    state = new(rats=False)
    for n, strip in enumerate(["s14", "s17", "s27"]):  # a row on (2..10, 0)
        state = lay(state, strip, 2 + 3 * n, 0, "E")
    state = reveal(state, 0, "s01")
    legal = engine.legal_actions(state, 0)
    assert {"type": "place", "strip": "s01", "x": 12, "y": 1, "dir": "W"} in legal  # (12..10, 1): x 12 is in
    assert {"type": "place", "strip": "s01", "x": 11, "y": 1, "dir": "E"} not in legal  # 11, 12, 13: out
    with pytest.raises(engine.IllegalAction, match="wholly on the table"):
        place(state, "s01", 11, 1, "E")
    state = place(state, "s01", 12, 1, "W")
    assert top(state, 12, 1) == "bay" and top(state, 10, 1) == "chili"


def test_stacking_needs_equal_heights_and_covers_parts_of_two_strips():
    state = lay(new(), "s14", 2, 0, "E")  # bay empty empty on (2..4, 0)
    state = reveal(state, 0, "s17")
    state = place(state, "s17", 0, 0, "E")  # over the start strip's (0,0), (1,0) and s14's (2,0)
    assert [state["cells"][k] for k in ("0,0", "1,0", "2,0")] == [
        [2, "coriander", "s17"], [2, "empty", "s17"], [2, "empty", "s17"]]
    assert state["cells"]["3,0"] == [1, "empty", "s14"]


def test_a_strip_on_the_table_touches_the_layout_orthogonally():
    state = reveal(new(), 0, "s14")
    assert {"type": "place", "strip": "s14", "x": 2, "y": 0, "dir": "E"} in engine.legal_actions(state, 0)
    assert {"type": "place", "strip": "s14", "x": 1, "y": 1, "dir": "S"} in engine.legal_actions(state, 0)


def test_legal_actions_are_exactly_the_placements_apply_accepts():
    state = new(seed=11, rats=False)
    for _ in range(9):
        state = engine.apply(state, state["turn"], engine.legal_actions(state, state["turn"])[-1])
    strip = state["revealed"][0]
    legal = {(a["x"], a["y"], a["dir"]) for a in engine.legal_actions(state, state["turn"]) if a["strip"] == strip}
    for x in range(-13, 14):
        for y in range(-13, 14):
            for d in "ESWN":
                try:
                    place(state, strip, x, y, d)
                except engine.IllegalAction:
                    assert (x, y, d) not in legal
                else:
                    assert (x, y, d) in legal


def test_strips_never_move_and_the_visible_layer_is_the_top_strip():
    state = lay(new(), "s14", 2, 0, "E")
    state = reveal(state, 0, "s17")
    state = place(state, "s17", 0, 0, "E")
    assert state["placements"] == [["start", -1, 0, "E"], ["s14", 2, 0, "E"], ["s17", 0, 0, "E"]]
    assert [top(state, x, 0) for x in range(-1, 5)] == ["empty", "coriander", "empty", "empty", "empty", "empty"]


# --------------------------------------------------------------------------------------------- scoring


def five_columns(state, middle=True):
    """Five strips downward from row 1, x = -2..2, each with chili on row 1 (a chili row of five)."""
    for x, strip in zip(range(-2, 3), ["s12", "s04", "s36", "s41", "s05"], strict=True):
        if x or middle:
            state = lay(state, strip, x, 1, "S")
    return state


def test_a_group_formed_scores_for_the_owner_of_the_spice_grey_for_two():
    state = reveal(new(), 0, "s27")  # saffron saffron empty
    state = place(state, "s27", -1, 1, "E")
    assert state["chips"] == [{"grey": 1, "yellow": 0}, {"grey": 0, "yellow": 0}]
    assert state["scored"] == [{"seat": 0, "spice": "saffron", "cells": [[-1, 1], [0, 1]], "chip": "grey"}]


def test_points_are_scored_on_the_opponents_turn():
    state = reveal(new(), 1, "s27", "s14")  # green places red's saffron pair: red scores
    state = place(state, "s27", -1, 1, "E")
    assert points(state) == [1, 0]
    assert state["log"][-1] == {"event": "scored", "seat": 0, "spice": "saffron", "size": 2, "chip": "grey",
                                "points": 1, "by": 1}


def test_three_or_more_score_a_yellow_chip():
    state = lay(new(), "s27", -1, 1, "E")  # saffron on (-1,1), (0,1)
    state = reveal(state, 0, "s39")  # bay saffron empty
    state = place(state, "s39", 0, 2, "W")  # bay (0,2), saffron (-1,2), empty (-2,2)
    assert top(state, -1, 2) == "saffron"
    assert state["chips"][0] == {"grey": 0, "yellow": 1}  # saffron (-1,1), (0,1), (-1,2): three


def test_a_group_shrunk_by_covering_scores_again():
    state = lay(new(), "s20", -1, 1, "E")  # paprika chili empty: chili on (0,1)
    state = lay(state, "s12", 0, 2, "S")  # chili cinnamon cinnamon down from (0,2)
    state = lay(state, "s04", 1, 2, "E")  # chili on (1,2): chili group of three
    state = reveal(state, 1, "s14")  # bay empty empty
    state = place(state, "s14", 1, 0, "S")  # over start, s20, s04: covers the chili on (1,2)
    assert top(state, 1, 2) == "empty"
    assert state["scored"] == [{"seat": 0, "spice": "chili", "cells": [[0, 1], [0, 2]], "chip": "grey"}]
    # the cinnamon pair on (0,3), (0,4) was not touched and scored nothing
    assert points(state) == [1, 0]


def test_a_group_split_in_two_scores_both_parts():
    state = reveal(five_columns(new()), 0, "s14")
    state = place(state, "s14", 0, 0, "S")  # bay empty empty over (0,0), (0,1), (0,2): the chili row splits
    groups = sorted(entry["cells"] for entry in state["scored"])
    assert groups == [[[-2, 1], [-1, 1]], [[1, 1], [2, 1]]]
    assert state["chips"][0] == {"grey": 2, "yellow": 0}


def test_a_merge_of_two_groups_scores_once_for_the_merged_group():
    state = reveal(five_columns(new(), middle=False), 1, "s36")
    state = place(state, "s36", 0, 1, "S")  # chili coriander paprika fills the gap in the chili row
    assert state["scored"] == [{"seat": 0, "spice": "chili", "cells": [[x, 1] for x in range(-2, 3)],
                                "chip": "yellow"}]
    assert points(state) == [2, 0]


def test_groups_the_placement_did_not_touch_score_nothing_and_rats_and_empty_never_score():
    state = lay(new(), "s27", -1, 1, "E")
    state = reveal(state, 0, "s14")
    state = place(state, "s14", 2, 0, "E")  # bay empty empty: next to the start strip's empty space
    assert state["scored"] == [] and points(state) == [0, 0]
    state = lay(new(), "s34", -1, 1, "E")  # basil rat-red basil
    state = reveal(state, 0, "s18")  # empty rat-red basil
    state = place(state, "s18", -1, 2, "E")  # rats and empties side by side: only the basil pair
    assert [(e["spice"], len(e["cells"])) for e in state["scored"]] == [("basil", 2)]


def test_a_placed_space_scores_even_when_the_group_keeps_its_cells():
    state = lay(new(), "s27", -1, 1, "E")  # saffron (-1,1), saffron (0,1), empty (1,1)
    state = lay(state, "s14", -1, 2, "E")  # bay (-1,2), empty (0,2), empty (1,2)
    state = reveal(state, 0, "s39")  # bay saffron empty, upward from (0,2): saffron lands on saffron
    state = place(state, "s39", 0, 2, "N")
    assert [(e["spice"], e["cells"]) for e in state["scored"]] == [
        ("bay", [[-1, 2], [0, 2]]), ("saffron", [[-1, 1], [0, 1]])]
    assert points(state) == [1, 1]


# --------------------------------------------------------------------------------------------- rats


def two_red_rats(state):
    state = lay(state, "s09", -1, 1, "E")  # bay mint rat-red
    return lay(state, "s11", -1, -1, "E")  # rat-red mint bay


def test_three_of_ones_own_rats_after_ones_turn_lose_the_game():
    state = reveal(two_red_rats(new()), 0, "s16", "s14")
    state = place(state, "s16", 2, -1, "S")  # saffron coriander rat-red: the third red rat
    assert not engine.is_over(state)  # the turn is not over yet
    state = place(state, "s14", -4, 0, "E")
    assert engine.is_over(state) and state["ended_by"] == "rats" and state["loser"] == 0
    assert engine.outcome(state) == {"scores": [0, 0], "ranks": [2, 1],
                                     "breakdown": [{"lost_by_rats": True}, {"chips": 0, "final_tally": 0,
                                                                             "total": 0}]}
    assert engine.final(state)["ended_by"] == "rats" and state["tally"] is None
    assert {"event": "lost_by_rats", "seat": 0, "rats": 3} in state["log"]


def test_a_third_rat_covered_again_in_the_same_turn_does_not_lose():
    state = reveal(two_red_rats(new()), 0, "s16", "s14")
    state = place(state, "s16", 2, -1, "S")  # rat-red on (2,1)
    state = place(state, "s14", 0, 1, "E")  # bay empty empty over (0,1), (1,1) of s09 and (2,1) of s16
    assert not engine.is_over(state) and engine.to_move(state) == [1]


def test_the_opponents_rats_do_not_count_for_the_player_who_placed_them():
    state = reveal(two_red_rats(new()), 1, "s16", "s14")  # green shows red's third rat
    state = place(state, "s16", 2, -1, "S")
    state = place(state, "s14", -4, 0, "E")
    assert not engine.is_over(state) and engine.to_move(state) == [0]
    # red then ends a turn with the three red rats still showing: red loses
    state = reveal(state, 0, "s17", "s08")
    state = place(state, "s17", -4, 1, "E")
    state = place(state, "s08", -4, 2, "E")
    assert state["ended_by"] == "rats" and state["loser"] == 0


def test_the_first_and_the_last_turn_check_the_rats_too():
    state = reveal(two_red_rats(new()), 0, "s16")  # a first turn of one strip
    state = place(state, "s16", 2, -1, "S")
    assert state["ended_by"] == "rats"
    state = reveal(two_red_rats(new()), 0, "s16", left=0)  # the last strip: rats before the final tally
    state = place(state, "s16", 2, -1, "S")
    assert state["ended_by"] == "rats" and state["tally"] is None


def test_without_rats_they_are_only_blanks():
    state = reveal(two_red_rats(new(rats=False)), 0, "s16", "s14")
    state = place(state, "s16", 2, -1, "S")
    state = place(state, "s14", -4, 0, "E")
    assert not engine.is_over(state)
    assert engine.view(state, 0)["rats"] == [3, 0]


# --------------------------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("seat, action, code", [
    (1, {"type": "place", "strip": "s14", "x": 2, "y": 0, "dir": "E"}, "not_your_turn"),
    (2, {"type": "place", "strip": "s14", "x": 2, "y": 0, "dir": "E"}, "not_a_seat"),
    (None, {"type": "place", "strip": "s14", "x": 2, "y": 0, "dir": "E"}, "not_a_seat"),
    (0, {"type": "pass"}, "unknown_action"),
    (0, "place", "not_an_action"),
    (0, {"type": "place", "strip": "s13", "x": 2, "y": 0, "dir": "E"}, "not_revealed"),
    (0, {"type": "place", "strip": "start", "x": 2, "y": 0, "dir": "E"}, "not_revealed"),
    (0, {"type": "place", "strip": "s14", "x": 2.0, "y": 0, "dir": "E"}, "bad_place"),
    (0, {"type": "place", "strip": "s14", "x": True, "y": 0, "dir": "E"}, "bad_place"),
    (0, {"type": "place", "strip": "s14", "x": 2, "y": 0, "dir": "east"}, "bad_place"),
    (0, {"type": "place", "strip": "s14", "x": 2, "y": 0}, "bad_place"),
    (0, {"type": "place", "strip": "s14", "x": 2, "y": 0, "dir": "E", "extra": 1}, "bad_place"),
    (0, {"type": "place", "strip": ["s14"], "x": 2, "y": 0, "dir": "E"}, "bad_place"),
    (0, {"type": "place", "strip": "s14", "x": 2, "y": 0, "dir": ["E"]}, "bad_place"),
    (0, {"type": "place", "strip": "s14", "x": 2, "y": 0, "dir": {"E": 1}}, "bad_place"),
])
def test_bad_moves_are_refused_with_a_code_and_change_nothing(seat, action, code):
    state = reveal(new(), 0, "s14")
    before = copy.deepcopy(state)
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(state, seat, action)
    assert refused.value.code == code
    assert state == before


def test_no_move_after_the_game_is_over():
    state = reveal(new(rats=False), 0, "s14", left=0)
    state = place(state, "s14", 2, 0, "E")
    with pytest.raises(engine.IllegalAction) as refused:
        place(state, "s14", 2, 1, "E", seat=1)
    assert refused.value.code == "game_over"


def test_options_are_checked():
    with pytest.raises(engine.IllegalAction):
        engine.new_game(2, 1, {"rats": "no"})
    with pytest.raises(engine.IllegalAction):
        engine.new_game(2, 1, {"dice": 2})
    with pytest.raises(engine.IllegalAction):
        engine.new_game(3, 1, {})
    assert engine.new_game(2, 1, None)["options"] == {"rats": True}


# --------------------------------------------------------------------------------------------- the view


def test_the_view_shows_the_table_both_scores_this_turns_strips_and_how_many_are_left():
    state = reveal(new(), 0, "s27")
    state = place(state, "s27", -1, 1, "E")
    view = engine.view(state, None)
    assert view["chips"] == [{"grey": 1, "yellow": 0, "points": 1}, {"grey": 0, "yellow": 0, "points": 0}]
    assert [-1, 1, 1, "saffron", "s27"] in view["cells"]
    assert view["left"] == len(state["deck"]) and len(view["revealed"]) == 2
    assert view["revealed"][0]["spaces"] == list(STRIPS[view["revealed"][0]["id"]])
    assert view["turn"] == 1 and view["scored"][0]["cells"] == [[-1, 1], [0, 1]]
    json.dumps(view)


# --------------------------------------------------------------------------------------------- the data


def test_the_deck_is_the_rules_deck_read_as_data():
    shared = Path(__file__).resolve().parents[4] / "shared" / "rules" / "rat_hot_deck.json"
    ours = Path(engine.__file__).with_name("deck.json")
    if shared.exists():  # the product reads its own copy; the copy must match the rules'
        assert json.loads(ours.read_text()) == json.loads(shared.read_text())
    assert len(STRIPS) == 42 and sorted(STRIPS) == sorted(ORDER)
    assert engine.new_game(2, 1)["cells"]["0,0"] == [1, "start", "start"]


def test_the_rules_modules_are_pure():
    code = ("import sys; import games.rat_hot.engine, games.rat_hot.bots, games.rat_hot.tally, games.rat_hot.board; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           cwd=Path(__file__).resolve().parents[3])
    assert found.stdout.strip() == "[]", found.stdout
