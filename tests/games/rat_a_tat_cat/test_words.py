"""Rat-a-Tat Cat in words: every event the engine logs and every refusal it raises has its sentence."""
import ast
from pathlib import Path

import pytest

from games.log_words import with_names
from games.rat_a_tat_cat import engine, words
from games.registry import get

from .helpers import all_memorised, play, refused, stacked_game

NAMES = ["Mia", "Leo", "Ada"]
ENGINE_FILES = ["engine.py", "scoring.py", "deck.py"]


def codes_in(call: str, index: int = 0) -> set:
    """The string argument at `index` of every call to `call` in the engine's modules: the codes or events."""
    found = set()
    for name in ENGINE_FILES:
        tree = ast.parse((Path(engine.__file__).parent / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == call:
                argument = node.args[index] if len(node.args) > index else None
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    found.add(argument.value)
    return found


def events_written() -> set:
    """Every event name the engine's modules write: in {"event": ...} literals and through _say / _announce."""
    found = codes_in("_say", 1) | codes_in("_announce", 1)
    for name in ENGINE_FILES:
        for node in ast.walk(ast.parse((Path(engine.__file__).parent / name).read_text())):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "event" and isinstance(value, ast.Constant):
                        found.add(value.value)
    return found


@pytest.mark.parametrize("card, named", [(8, "an 8"), (0, "a 0"), (7, "a 7"), ("peek", "a Peek"),
                                         ("swap", "a Swap"), ("draw2", "a Draw 2")])
def test_cards_are_named_with_the_right_article(card, named):
    assert words.with_article(card) == named


def test_card_faces():
    assert [words.card_name(card) for card in (0, 9, "peek", "swap", "draw2")] == ["0", "9", "Peek", "Swap", "Draw 2"]


@pytest.mark.parametrize("entry, sentence", [
    ({"event": "dealt", "seat": None, "round": 2, "dealer": 1}, "Round 2: Leo deals."),
    ({"event": "power_turned_up", "seat": None, "card": "swap"},
     "A Swap turned up as the first discard and went back into the middle of the draw pile."),
    ({"event": "time_up", "seat": None}, "Time is up: the round in progress is the last."),
    ({"event": "took_discard", "seat": 0, "card": 4, "position": 2, "discarded": 8},
     "took the 4 from the discard pile and put it in position 3, discarding an 8"),
    ({"event": "drew_draw2", "seat": 0}, "drew a Draw 2 and discarded it: up to two more draws"),
    ({"event": "replaced", "seat": 1, "position": 1, "discarded": 0},
     "drew a card and put it in position 2, discarding a 0"),
    ({"event": "discarded", "seat": 0, "card": 6}, "drew a card and discarded it: 6"),
    ({"event": "discarded", "seat": 0, "card": "peek"}, "drew a Peek and did not use it"),
    ({"event": "peeked", "seat": 0, "position": 3}, "drew a Peek and looked at position 4"),
    ({"event": "swapped", "seat": 0, "position": 0, "opponent": 2, "their_position": 3},
     "drew a Swap and swapped their position 1 with position 4 of Ada"),
    ({"event": "knocked", "seat": 2}, "knocked: Rat-a-tat cat!"),
    ({"event": "reshuffled", "seat": None}, "The discard pile, except its top card, is shuffled into the draw pile."),
    ({"event": "power_replaced", "seat": None, "card": "peek", "owner": 0, "position": 1, "replacement": 8},
     "The Peek in position 2 of Mia goes to the bottom of the draw pile and is replaced by an 8."),
    ({"event": "round_ended", "seat": None, "round": 1, "scores": [18, None, 20]}, "Round 1 ends: Mia 18, Ada 20."),
    ({"event": "went_out", "seat": 2, "total": 20}, "reaches 20 and is out."),
    ({"event": "game_over", "seat": None, "winners": [0]}, "The game is over: Mia wins."),
    ({"event": "game_over", "seat": None, "winners": [0, 2]}, "The game is over: Mia and Ada share the win."),
    ({"event": "game_over", "seat": None, "winners": [0, 1, 2]},
     "The game is over: Mia, Leo and Ada share the win."),
])
def test_each_event_reads_as_a_sentence_naming_other_seats(entry, sentence):
    assert with_names(words.event(entry), NAMES) == sentence


def test_every_event_the_engine_writes_has_a_sentence():
    written = events_written()
    assert len(written) == 15
    assert written <= set(words.EVENTS)
    assert set(words.EVENTS) <= written  # and no sentence for an event that no longer exists


def test_an_unknown_event_shows_its_name_and_an_old_entry_its_text():
    assert words.event({"event": "sang_a_song", "seat": 0}) == "sang a song"
    game = get("rat_a_tat_cat")
    assert game.event_text({"seat": 0, "text": "knocked: Rat-a-tat cat!"}) == "knocked: Rat-a-tat cat!"


def test_every_refusal_the_engine_raises_has_a_sentence():
    raised = codes_in("IllegalAction") | {"not_an_action", "not_a_seat", "not_whole", "seat_count"}
    raised -= {"seat_count"}  # new_game's refusal, shown by the lobby, not a move's
    assert raised <= set(words.REFUSALS), raised - set(words.REFUSALS)


def test_refusals_read_as_sentences_with_their_details():
    state = all_memorised(stacked_game([[1, 7, 8, 2], [9, 0, 4, 6]], discard=4, draw=["swap", 8]))
    game = get("rat_a_tat_cat")
    drew = play(state, (0, "draw"))
    assert game.refusal_text(refused(drew, 0, {"type": "replace", "position": 0})) == (
        "You drew a Swap: play or discard the card you drew.")
    assert game.refusal_text(refused(state, 0, {"type": "replace", "position": 0})) == (
        "Not now: take the top discard or draw a card.")
    assert game.refusal_text(refused(state, 1, {"type": "draw"})) == "It is not your turn."
    assert game.refusal_text(refused(state, 0, {"type": "take_discard", "position": 4})) == "Positions run from 1 to 4."
    assert words.refusal("no_such_code", {}) is None
    assert game.refusal_text(engine.IllegalAction("no_such_code", "The English fallback.")) == "The English fallback."


def test_every_option_and_choice_has_a_label():
    assert set(words.OPTION_LABELS) == set(engine.OPTIONS)
    assert all(str(label) and str(help_text) for label, help_text in words.OPTION_LABELS.values())
    assert set(words.CHOICE_LABELS["end"]) == set(engine.OPTIONS["end"]["choices"])


def test_the_engine_holds_no_english_for_people():
    for name in ENGINE_FILES + ["visibility.py", "memory.py", "tally.py"]:
        source = (Path(engine.__file__).parent / name).read_text()
        assert "card_name" not in source and "with_article" not in source and '"text"' not in source, name
    assert not any("label" in spec or "help" in spec for spec in engine.OPTIONS.values())


def test_a_round_score_out_of_range_is_named_beside_the_rule():
    assert words.refusal("bad_round_score", {"highest": 36, "points": 40}) == (
        "A round score is the sum of four cards: a whole number from 0 to 36, not 40.")
    assert words.refusal("bad_round_score", {"highest": 36, "points": "forty"}) == (
        "A round score is the sum of four cards: a whole number from 0 to 36."), "only a number is repeated back"
