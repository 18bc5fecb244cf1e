"""Cat Tower in words: every event the engine logs and every refusal it raises has its sentence, plural-aware."""
import ast
from pathlib import Path

import pytest

from games.cat_tower import engine, words
from games.cat_tower.templatetags import cat_tower_tags
from games.log_words import with_names
from games.registry import get

from .helpers import draft, game, mark, refused, with_sheet

NAMES = ["Mia", "Leo", "Ada"]
SOURCE = Path(engine.__file__).read_text()


def engine_calls(call: str, index: int) -> set:
    found = set()
    for node in ast.walk(ast.parse(SOURCE)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == call and len(node.args) > index:
            if isinstance(node.args[index], ast.Constant) and isinstance(node.args[index].value, str):
                found.add(node.args[index].value)
    return found


@pytest.mark.parametrize("n, footprints, points", [(0, "no footprints", "0 points"), (1, "1 footprint", "1 point"),
                                                   (2, "2 footprints", "2 points")])
def test_footprints_and_points_are_plural_aware(n, footprints, points):
    assert words.footprints(n) == footprints and words.points(n) == points


@pytest.mark.parametrize("entry, sentence", [
    ({"event": "rolled", "seat": 1, "round": 2, "dice": [6, 4, 3]}, "rolled 6, 4, 3 to start round 2"),
    ({"event": "took_die", "seat": 0, "die": 2, "value": 5}, "took the 5"),
    ({"event": "passed", "seat": 0, "circled": True}, "passed and circled a footprint"),
    ({"event": "passed", "seat": 0, "circled": False}, "passed (every footprint is circled)"),
    ({"event": "marked", "seat": 1, "item": "yarn", "column": 2, "floor": 3, "footprints": 0},
     "marked a yarn on column 2, floor 3"),
    ({"event": "marked", "seat": 1, "item": "bowl", "column": 2, "floor": 3, "footprints": 1},
     "marked a bowl on column 2, floor 3 (1 footprint)"),
    ({"event": "marked", "seat": 0, "item": "house", "column": 4, "floor": 6, "footprints": 3, "cat": "mouse",
      "houses": 3, "count": 3, "points": 9},
     "marked a house on column 4, floor 6 (3 footprints) and scored the mouse cat: 3 x 3 = 9 points"),
    ({"event": "marked", "seat": 0, "item": "house", "column": 4, "floor": 6, "footprints": 0, "cat": "house",
      "houses": 1, "count": 1, "points": 1},
     "marked a house on column 4, floor 6 and scored the house cat: 1 x 1 = 1 point"),
    ({"event": "butterfly_footprint", "seat": 0}, "circled a footprint for the butterfly"),
    ({"event": "completed_column", "seat": 0, "column": 5, "first": True, "points": 3},
     "completed column 5 first: 3 points"),
    ({"event": "completed_column", "seat": 2, "column": 5, "first": False, "points": 2},
     "completed column 5: 2 points"),
    ({"event": "crossed_out", "seat": 2, "column": 5, "number": 3}, "crossed out the 3 on column 5"),
    ({"event": "game_ended", "seat": None, "enders": [0], "columns": 3}, "The game ends: Mia completed 3 columns."),
    ({"event": "game_ended", "seat": None, "enders": [0, 2], "columns": 1},
     "The game ends: Mia and Ada completed 1 column."),
    ({"event": "won", "seat": None, "winners": [1], "points": 31}, "Leo wins with 31 points"),
    ({"event": "won", "seat": None, "winners": [0, 1], "points": 27}, "Mia and Leo share the win with 27 points"),
])
def test_each_event_reads_as_a_sentence_naming_other_seats(entry, sentence):
    assert with_names(words.event(entry), NAMES) == sentence


def test_every_event_the_engine_writes_has_a_sentence_and_no_sentence_is_left_over():
    assert engine_calls("_log", 1) == set(words.EVENTS)


def test_every_refusal_the_engine_raises_has_a_sentence():
    raised = engine_calls("IllegalAction", 0) | {"not_an_action", "not_a_seat", "not_whole"}
    assert raised <= set(words.REFUSALS), raised - set(words.REFUSALS)


def test_refusals_read_as_sentences_with_their_details():
    cat_tower = get("cat_tower")
    state = draft(with_sheet(game(3, roll=[6, 1, 4, 2], first=0), 0, {"2-4": "yarn"}), 0, 1, 2)  # 6, the 2 shared
    assert cat_tower.refusal_text(refused(state, 0, mark(4, 2, 3), "too_few_footprints")) == (
        "Bowl on floor 3 needs 3 footprints from the dice 6 and 2; you have 0.")
    assert cat_tower.refusal_text(refused(state, 0, mark(6, 2, 4), "hex_taken")) == (
        "Column 2, floor 4 already holds a yarn.")
    assert cat_tower.refusal_text(refused(state, 0, mark(6, 1, 2, footprints=1), "wrong_footprints")) == (
        "Mouse on floor 2 takes exactly no footprints.")
    rich = draft(with_sheet(game(3, roll=[6, 1, 4, 2], first=0), 0, circled=5), 0, 1, 2)
    assert cat_tower.refusal_text(refused(rich, 0, mark(1, 2, 2, footprints=5), "choose_cat")) == (
        "After a house, choose a cat not yet scored: house, yarn, butterfly, bowl, cushion, mouse.")
    assert cat_tower.refusal_text(refused(state, 0, {"type": "take_die", "die": 3}, "marking_now")) == (
        "The dice have all been taken: it is time to mark.")
    assert words.refusal("no_such_code", {}) is None


def test_the_option_has_a_label_and_a_help():
    assert set(words.OPTION_LABELS) == set(engine.OPTIONS)
    assert str(words.OPTION_LABELS["columns_to_end"][0]) == "Complete columns that end the game"


def test_the_table_words_come_from_the_words_module():
    assert cat_tower_tags.item_label("mouse") == "Mouse"
    assert cat_tower_tags.describe_mark(mark(4, 3, 2, footprints=1)) == "Bowl on column 3, floor 2 (1 footprint)"
    assert cat_tower_tags.describe_mark(mark(1, 4, 6, cat="mouse")) == (
        "House on column 4, floor 6, scoring the mouse cat")
    assert cat_tower_tags.describe_mark({"type": "pass"}) == "Pass: circle a footprint"
    assert words.dice_changes(((2, 1), (4, 6))) == "your 2→1, shared 4→6"
    assert words.dice_changes(((5, 4), (3, 3))) == "your 5→4"  # a die left as it is is not mentioned


def test_the_engine_holds_no_english_for_people():
    assert '"text"' not in SOURCE and "label" not in SOURCE and "footprint\" if" not in SOURCE
