"""Cat Tower's table score sheets: totals by the shared scoring module, impossible sheets refused with the reason.

FINISHED is a three-player paper game whose every category is worked out by hand below.
"""

import copy
import random

import pytest

from games.cat_tower import engine, tally

MIA = {  # columns 1, 3 and 5 complete, each first: 6 + 7 + 3
    "marks": {"1-1": "yarn", "1-2": "mouse", "1-3": "mouse", "1-5": "house", "2-1": "yarn",
              "3-1": "bowl", "3-2": "yarn", "3-4": "house", "3-5": "cushion", "3-6": "mouse",
              "5-1": "cushion", "5-3": "house", "5-4": "butterfly"},
    "cats": {"mouse": 2, "house": 4, "cushion": 6},  # 1 house x 2 mice, 2 x 2 houses, 3 houses x 2 cushions
    "columns": {"1": 6, "3": 7, "5": 3},
    "footprints": {"circled": 4, "crossed": 2},
}
LEO = {  # column 2 first (9), column 1 after Mia (4)
    "marks": {"1-1": "yarn", "1-2": "yarn", "1-3": "bowl", "1-5": "house",
              "2-1": "mouse", "2-2": "house", "2-3": "mouse", "2-4": "butterfly", "2-5": "cushion", "2-6": "yarn",
              "4-1": "yarn"},
    "cats": {"yarn": 3, "bowl": 2},  # 1 house x 3 yarn (then), 2 houses x 1 bowl
    "columns": {"1": 4, "2": 9},
    "footprints": {"circled": 2, "crossed": 1},
}
ADA = {  # column 5 after Mia (2)
    "marks": {"1-1": "yarn", "1-2": "yarn", "3-1": "yarn", "3-2": "cushion", "4-1": "butterfly", "4-2": "bowl",
              "5-1": "mouse", "5-3": "house", "5-4": "mouse"},
    "cats": {"mouse": 2},
    "columns": {"5": 2},
    "footprints": {"circled": 3, "crossed": 0},
}
FINISHED = {"sheets": [MIA, LEO, ADA]}

# By hand. Yarn: column 1 Leo 2, Ada 2, Mia 1 -> Leo and Ada share 9 + 3 (6 each), Mia third (0); column 2 Mia 1,
# Leo 1 -> 6 each; column 3 Mia 1, Ada 1 -> 6 each; column 4 Leo alone -> 9.
# Bowls: Mia's 3-1 touches 3-2 yarn, 2-1 yarn (2-2, 4-1, 4-2 empty) -> 1 type; Leo's 1-3 touches 1-2 yarn,
# 2-3 mouse, 2-4 butterfly -> 3 types; Ada's 4-2 touches 4-1 butterfly, 3-1 yarn, 3-2 cushion, 5-1 mouse -> 4.
# Mice: Mia 1-2 + 1-3 touch (4) and 3-6 alone (1); Leo 2-1 and 2-3 apart (1 + 1); Ada 5-1 and 5-4 apart (1 + 1).
HAND = [
    {"cats": 12, "yarn": 0 + 6 + 6, "butterfly": 2, "bowl": 2, "cushion": 1 + 5, "mouse": 4 + 1, "columns": 16},
    {"cats": 5, "yarn": 6 + 6 + 9, "butterfly": 2, "bowl": 6, "cushion": 5, "mouse": 2, "columns": 13},
    {"cats": 2, "yarn": 6 + 6, "butterfly": 2, "bowl": 8, "cushion": 2, "mouse": 2, "columns": 2},
]
for parts in HAND:
    parts["total"] = sum(parts.values())


def test_totals_equal_the_hand_computed_ones():
    result = tally.outcome(FINISHED, {})
    assert result["breakdown"] == HAND
    assert result["scores"] == [55, 54, 30]
    assert result["ranks"] == [1, 2, 3]


def test_preview_gives_the_same_totals_and_no_problems():
    preview = tally.preview(FINISHED, {"columns_to_end": 3})
    assert preview["breakdown"] == HAND
    assert preview["sheet_problems"] == [[], [], []] and preview["game_problems"] == []


def with_change(seat, **changes):
    final = copy.deepcopy(FINISHED)
    sheet = final["sheets"][seat]
    for key, value in changes.items():
        if key == "marks":
            sheet["marks"].update(value)
            sheet["marks"] = {h: item for h, item in sheet["marks"].items() if item}
        else:
            sheet[key] = value
    return final


def reasons_of(final, options=None):
    with pytest.raises(tally.SheetProblems) as raised:
        tally.outcome(final, options or {})
    return raised.value


def test_a_house_off_a_house_hex_is_refused():
    problems = reasons_of(with_change(2, marks={"4-3": "house"}))
    assert problems.per_sheet[2] == ["a house on column 4, floor 3, which is not a house hex"]
    assert problems.per_sheet[:2] == [[], []]
    assert "Sheet 3: a house on column 4, floor 3, which is not a house hex" in str(problems)


def test_anything_but_a_house_on_a_house_hex_is_refused():
    problems = reasons_of(with_change(1, marks={"4-6": "yarn"}))
    assert problems.per_sheet[1] == ["a yarn on the house hex of column 4 (floor 6): only houses go there"]


def test_a_cat_scored_twice_is_refused():
    problems = reasons_of(with_change(1, cats=[["yarn", 3], ["yarn", 2]]))
    assert problems.per_sheet[1] == ["the yarn cat is scored 2 times; each cat is scored once"]


def test_a_bonus_the_column_does_not_allow_is_refused():
    problems = reasons_of(with_change(1, columns={"1": 4, "2": 8}))
    assert problems.per_sheet[1] == ["column 2 gives 9 or 5, not 8"]


def test_a_bonus_on_an_incomplete_column_is_refused():
    problems = reasons_of(with_change(2, columns={"5": 2, "4": 4}))
    assert problems.per_sheet[2] == ["column 4 scores a bonus but is not complete"]


def test_a_complete_column_without_its_bonus_is_refused():
    problems = reasons_of(with_change(0, columns={"1": 6, "3": 7}))
    assert problems.per_sheet[0] == ["column 5 is complete, so it scored its big (3) or small (2) number: tick it"]


def test_a_small_number_needs_somebody_to_have_taken_the_big_one():
    final = with_change(0, columns={"1": 4, "3": 7, "5": 3})  # Mia and Leo both took column 1's small number
    problems = reasons_of(final)
    assert problems.per_sheet == [[], [], []]
    assert problems.game == ["Column 1's small number (4) is scored on sheet 1, 2, but no sheet scored its big "
                             "number (6): the first to complete a column take it."]


def test_an_unfinished_game_is_refused():
    problems = reasons_of(FINISHED, {"columns_to_end": 4})
    assert problems.game == ["The game ends when a player has completed 4 columns; no sheet has yet."]


def test_preview_still_totals_impossible_sheets_and_says_why():
    preview = tally.preview(with_change(2, marks={"4-3": "house"}), {})
    assert preview["scores"][:2] == [55, 54]
    assert preview["sheet_problems"][2] == ["a house on column 4, floor 3, which is not a house hex"]


def test_players_and_options_are_checked():
    with pytest.raises(ValueError, match="for 2 to 4 players, not 1"):
        tally.outcome({"sheets": [MIA]}, {})
    with pytest.raises(ValueError, match="one sheet per player"):
        tally.outcome({}, {})
    with pytest.raises(ValueError, match="no option 'rats'"):
        tally.outcome(FINISHED, {"rats": True})


def test_record_sheet_gives_the_records_md_shape():
    sheet = dict(LEO, cats=[["yarn", 3], ["bowl", 2]], columns={1: 4, 2: 9})
    assert tally.record_sheet(sheet) == LEO


def play_out(seats, seed):
    rng = random.Random(seed)
    state = engine.new_game(seats, seed, {})
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("seed", range(3))
def test_the_sheets_give_the_engines_result_for_a_finished_online_game(seed):
    state = play_out(2 + seed, seed)
    assert tally.outcome(engine.final(state), state["options"]) == engine.outcome(state)
