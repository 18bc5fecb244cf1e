"""Scoring, category by category, on sheets worked out by hand."""

import pytest

from games.cat_tower import scoring
from games.cat_tower.sheet import default_tower, load_data

from .helpers import record_sheet

TOWER = default_tower()


def test_cats_score_the_sum_written_under_them():
    assert scoring.cats_points(record_sheet(cats={"mouse": 12, "house": 4})) == 16
    assert scoring.cats_points(record_sheet()) == 0


def test_butterflies_score_2_each():
    assert scoring.butterfly_points(record_sheet({"1-1": "butterfly", "4-6": "house", "5-4": "butterfly"})) == 4


def test_a_cushion_scores_its_floor_number():
    assert scoring.cushion_points(record_sheet({"2-6": "cushion", "5-1": "cushion", "3-1": "yarn"}), TOWER) == 7


def test_column_bonuses_add_up():
    assert scoring.columns_points(record_sheet(columns={"2": 9, "4": 4})) == 13


# --- Bowls -------------------------------------------------------------------------------------------------


def test_a_bowl_scores_2_per_different_item_type_touching_it_and_a_touching_bowl_counts():
    # 3-2 touches 3-1 below and 2-2, 2-3, 4-2, 4-3 beside it (3-3 is a scratching post).
    sheet = record_sheet({"3-2": "bowl", "3-1": "yarn", "2-2": "house", "2-3": "yarn", "4-2": "bowl"})
    # 3-2 sees yarn (twice, one type), house and bowl: 6. 4-2 touches 4-1, 4-3, 3-1, 3-2, 5-1: yarn, bowl: 4.
    assert scoring.bowl_points(sheet, TOWER) == 10


def test_a_scratching_post_keeps_a_bowl_from_touching():
    sheet = record_sheet({"1-5": "bowl", "1-3": "mouse"})
    assert scoring.bowl_points(sheet, TOWER) == 0
    sheet["marks"]["2-6"] = "cushion"  # beside 1-5, because column 2 sits half a hex lower
    assert scoring.bowl_points(sheet, TOWER) == 2


def test_offset_columns_touch_floors_f_minus_1_and_f_beside_them():
    # 2-3 touches 1-2 and 1-3 (and 3-2, 3-3 which does not exist), not 1-1 or 1-5.
    sheet = record_sheet({"2-3": "bowl", "1-2": "mouse", "1-3": "yarn", "1-1": "cushion", "3-2": "butterfly"})
    assert scoring.bowl_points(sheet, TOWER) == 6


# --- Mice --------------------------------------------------------------------------------------------------


def test_each_group_of_touching_mice_scores_its_size_squared():
    sheet = record_sheet({"1-1": "mouse", "1-2": "mouse", "2-3": "mouse", "5-1": "mouse"})
    assert scoring.mouse_points(sheet, TOWER) == 9 + 1
    assert sorted(len(g) for g in scoring.mouse_groups(sheet, TOWER)) == [1, 3]


def test_mice_across_a_scratching_post_are_two_groups_until_joined_beside_it():
    sheet = record_sheet({"3-2": "mouse", "3-4": "mouse"})
    assert scoring.mouse_points(sheet, TOWER) == 1 + 1
    sheet["marks"]["2-3"] = "mouse"  # touches 3-2 but not 3-4
    assert scoring.mouse_points(sheet, TOWER) == 4 + 1
    sheet["marks"]["4-4"] = "mouse"  # touches 3-4
    assert scoring.mouse_points(sheet, TOWER) == 4 + 4


def test_mice_touch_down_from_an_offset_column():
    # 4-5 (half a hex lower) touches 5-4; 5-4 touches 5-3 below it.
    assert scoring.mouse_points(record_sheet({"4-5": "mouse", "5-4": "mouse", "4-4": "mouse"}), TOWER) == 9


# --- Yarn --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "counts, shares",
    [
        ([2, 1, 0], [9, 3, 0]),  # most and next most
        ([1, 0, 0], [9, 0, 0]),  # no yarn, no place
        ([0, 0, 0], [0, 0, 0]),
        ([1, 1, 1], [4, 4, 4]),  # three tied for most share 9 + 3 + 0
        ([2, 2, 1], [6, 6, 0]),  # two tied for most share 9 + 3; the next is third
        ([3, 1, 1], [9, 1, 1]),  # two tied for second share 3 + 0, rounded down
        ([1, 1, 1, 1], [3, 3, 3, 3]),  # 9 + 3 + 0 + 0 over four
        ([2, 1, 1, 1], [9, 1, 1, 1]),
    ],
)
def test_yarn_majorities_in_one_column(counts, shares):
    assert scoring.yarn_shares(counts, (9, 3)) == shares


def test_yarn_is_scored_column_by_column_across_all_sheets():
    sheets = [
        record_sheet({"2-1": "yarn", "2-3": "yarn", "4-1": "yarn"}),
        record_sheet({"2-4": "yarn", "4-2": "yarn"}),
        record_sheet({"4-3": "yarn", "1-1": "yarn"}),
    ]
    # Column 2: 2, 1, 0 -> 9, 3, 0. Column 4: 1, 1, 1 -> 4 each. Column 1: only seat 2 -> 9.
    assert scoring.yarn_points(sheets, TOWER) == [13, 7, 13]


# --- All together ------------------------------------------------------------------------------------------

FULL = record_sheet(
    {
        "2-2": "house", "3-4": "house",
        "3-1": "yarn", "2-3": "yarn",
        "3-2": "bowl", "4-2": "bowl",
        "1-1": "butterfly",
        "2-6": "cushion", "5-1": "cushion",
        "4-4": "mouse", "4-5": "mouse", "5-4": "mouse",
    },
    cats={"mouse": 3, "house": 4},
)


def test_score_sheets_gives_every_category_and_the_total():
    (breakdown,) = scoring.score_sheets([FULL])
    # cats 3 + 4; yarn alone in columns 2 and 3: 18; one butterfly; bowls 3-2 (yarn, house, bowl) and
    # 4-2 (yarn, bowl, cushion); cushions on floors 6 and 1; the three mice touch: 9.
    assert breakdown == {"cats": 7, "yarn": 18, "butterfly": 2, "bowl": 12, "cushion": 7, "mouse": 9,
                         "columns": 0, "total": 55}


def test_score_sheets_takes_the_sheet_as_raw_data_or_a_tower():
    assert scoring.score_sheets([FULL], load_data()) == scoring.score_sheets([FULL], TOWER)


def test_complete_columns_hold_an_item_on_every_hex():
    sheet = record_sheet({"5-1": "yarn", "5-3": "house", "5-4": "mouse", "1-1": "yarn"})
    assert scoring.complete_columns(sheet, TOWER) == [5]


def test_ranks_share_places_on_ties():
    assert scoring.ranks([31, 27, 31]) == [1, 3, 1]
    assert scoring.ranks([10, 20, 20, 5]) == [3, 1, 1, 4]
