"""validate_sheet: the plain-English reasons a hand-entered score sheet cannot have come from a real game."""

from games.cat_tower.scoring import validate_sheet

from .helpers import record_sheet
from .test_scoring import FULL

COLUMN_5 = {"5-1": "yarn", "5-3": "house", "5-4": "mouse"}


def reasons(**sheet):
    return validate_sheet(record_sheet(**sheet))


def test_a_possible_sheet_has_no_reasons():
    assert validate_sheet(FULL) == []
    assert reasons() == []
    assert reasons(marks=COLUMN_5, columns={"5": 3}, cats={"mouse": 1}, circled=18, crossed=18) == []


def test_a_house_off_a_house_hex():
    assert reasons(marks={"1-1": "house"}) == ["a house on column 1, floor 1, which is not a house hex"]


def test_a_non_house_on_a_house_hex():
    (reason,) = reasons(marks={"2-2": "bowl"})
    assert "house hex of column 2" in reason and "only houses" in reason


def test_an_unknown_hex():
    assert reasons(marks={"1-4": "yarn"}) == ["there is no hex at column 1, floor 4"]
    assert reasons(marks={"6-1": "yarn"}) == ["there is no hex at column 6, floor 1"]
    assert "not a hex name" in reasons(marks={"top": "yarn"})[0]


def test_an_item_not_in_the_game():
    assert reasons(marks={"1-1": "dog"}) == ['"dog" on column 1, floor 1 is not an item of the game']


def test_a_cat_scored_twice():
    sheet = record_sheet(marks={"2-2": "house", "3-4": "house"})
    sheet["cats"] = [["house", 1], ["house", 4]]  # a hand-entered form may send pairs
    assert validate_sheet(sheet) == ["the house cat is scored 2 times; each cat is scored once"]


def test_an_unknown_cat():
    assert reasons(marks={"2-2": "house"}, cats={"dog": 1}) == ['"dog" is not one of the cats']


def test_more_cats_than_houses():
    (reason,) = reasons(marks={"2-2": "house"}, cats={"house": 1, "yarn": 0})
    assert "2 cats are scored but the sheet has only 1 house: one cat per house" in reason


def test_a_cat_score_that_is_not_possible():
    # One house and one mouse: the mouse cat scored 0 or 1, never 5.
    (reason,) = reasons(marks={"2-2": "house", "1-1": "mouse"}, cats={"mouse": 5})
    assert reason.startswith("the mouse cat cannot score 5")
    # The house cat scores houses x houses: 1 or 4 with two houses.
    assert reasons(marks={"2-2": "house", "3-4": "house"}, cats={"house": 2})[0].startswith(
        "the house cat cannot score 2")
    assert "whole number" in reasons(marks={"2-2": "house"}, cats={"yarn": "lots"})[0]


def test_cats_that_need_the_same_house():
    # Two houses, one yarn: the house cat's 1 needs the first house, and so does yarn's 1 (1 x 1).
    (reason,) = reasons(marks={"2-2": "house", "3-4": "house", "1-1": "yarn"}, cats={"house": 1, "yarn": 1})
    assert "each house scores one cat" in reason
    assert reasons(marks={"2-2": "house", "3-4": "house", "1-1": "yarn"}, cats={"house": 1, "yarn": 2}) == []


def test_a_column_bonus_the_column_does_not_give():
    assert reasons(marks=COLUMN_5, columns={"5": 7}) == ["column 5 gives 3 or 2, not 7"]
    assert reasons(columns={"9": 3}) == ["there is no column 9"]


def test_a_column_bonus_for_an_incomplete_column():
    assert reasons(marks={"5-1": "yarn"}, columns={"5": 2}) == ["column 5 scores a bonus but is not complete"]


def test_footprints_out_of_range():
    assert reasons(circled=19, crossed=0) == ["19 footprints circled: the track has 0 to 18"]
    assert reasons(circled=3, crossed=4) == [
        "4 footprints crossed out but 3 circled: only circled footprints are crossed"]
    assert reasons(circled=-1, crossed=0)[0] == "-1 footprints circled: the track has 0 to 18"
    assert "whole number" in reasons(circled=2.5)[0]


def test_several_reasons_are_all_given():
    assert len(reasons(marks={"1-1": "house", "2-2": "yarn"}, circled=20)) == 3


def test_a_sheet_that_is_not_a_sheet():
    assert validate_sheet("nonsense") == ["the sheet must be a set of marks, cats, columns and footprints"]


def test_cats_that_are_not_cat_and_points_pairs():
    sheet = record_sheet()
    for cats in ([["mouse"]], 7, [3], [[["mouse"], 3]]):
        sheet["cats"] = cats
        assert validate_sheet(sheet) == ["the cats must map each cat to its points"]
