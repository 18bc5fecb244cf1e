"""Rat Hot in words: every log event and every refusal code has a sentence, plural-aware, seats as mentions."""
import random
import re
from pathlib import Path

import pytest

from games import registry
from games.rat_hot import engine, words

from .helpers import new, place, reveal

GAME_DIR = Path(engine.__file__).parent


def log_of_games(seeds, rats=True):
    for seed in seeds:
        rng, state = random.Random(seed), engine.new_game(2, seed, {"rats": rats})
        while not engine.is_over(state):
            state = engine.apply(state, state["turn"], rng.choice(engine.legal_actions(state, state["turn"])))
        yield from state["log"]


def test_every_event_of_whole_games_is_a_sentence():
    kinds = set()
    for entry in [*log_of_games(range(3), rats=False), *log_of_games(range(3))]:
        text = words.event(entry)
        kinds.add(entry["event"])
        assert text and text != entry["event"] and "%(" not in text and "_" not in text
    assert kinds == {"revealed", "placed", "scored", "final_tally", "game_over", "lost_by_rats"}


def test_sentences_read_like_the_table():
    assert words.event({"event": "placed", "seat": 0, "strip": "s07", "spaces": ["basil", "paprika", "empty"],
                        "x": 2, "y": -1, "dir": "E"}) == "placed basil, paprika, empty at column 2, row -1, facing east"
    assert words.event({"event": "scored", "seat": 0, "spice": "chili", "size": 2, "chip": "grey", "points": 1,
                        "by": 0}) == "took a grey chip (1 point) for a group of 2 chili"
    assert words.event({"event": "scored", "seat": 0, "spice": "chili", "size": 4, "chip": "yellow", "points": 2,
                        "by": 1}) == "took a yellow chip (2 points) for a group of 4 chili on {seat:1}'s turn"
    assert words.event({"event": "revealed", "seat": 1, "strips": ["s07"]}) == \
        "turned up a strip: basil, paprika, empty"
    assert words.event({"event": "revealed", "seat": 1, "strips": ["s07", "s14"]}) == \
        "turned up 2 strips: basil, paprika, empty; bay, empty, empty"
    assert words.event({"event": "lost_by_rats", "seat": 1, "rats": 3}) == \
        "ended the turn with 3 own rats showing and lost the game"
    assert words.event({"event": "final_tally", "seat": 0, "pairs": 1, "large": 2, "points": 5}) == \
        "scored 5 points in the final tally (1 group of two, 2 groups of three or more)"
    assert words.event({"event": "game_over", "seat": None, "scores": [31, 27], "ranks": [1, 2],
                        "ended_by": "last_strip"}) == "The game is over: {seat:0} wins with 31 points to 27."
    assert words.event({"event": "game_over", "seat": None, "scores": [1, 1], "ranks": [1, 1],
                        "ended_by": "last_strip"}) == "The game is over: a draw at 1 point each."
    assert words.event({"event": "game_over", "seat": None, "scores": [3, 0], "ranks": [2, 1],
                        "ended_by": "rats"}) == "The game is over: {seat:1} wins, {seat:0} showed three own rats."


def test_a_spot_is_named_for_the_keyboard():
    assert words.spot(["basil", "empty", "rat-green"], 3, -1, "E", [0, 2]) == \
        "basil, empty, green rat; at column 3, row -1, facing east; scores 2 for green"
    assert words.spot(["bay", "empty", "empty"], 0, 4, "N", [0, 0]).endswith("facing north; scores nothing")
    assert words.spot(["chili", "mint", "bay"], 0, 4, "S", [1, 2]).endswith("scores 1 for red and 2 for green")


def codes_raised() -> set[str]:
    """Every refusal code the engine and the game's modules can raise (read from their source)."""
    sources = [p.read_text() for p in GAME_DIR.glob("*.py")] + [(GAME_DIR.parent / "contract.py").read_text()]
    codes = set()
    for source in sources:
        codes |= set(re.findall(r'IllegalAction\(\s*"(\w+)"', source))
        codes |= set(re.findall(r'Problem\([^,()]+, [^,()]+,\s*"(\w+)"', source))
    from games.rat_hot import layout
    return codes | {layout.OFF_TABLE, layout.HOLLOW, layout.ONE_STRIP, layout.NOT_TOUCHING}


def test_every_refusal_code_has_a_sentence():
    params = {"group": "pairs", "groups": 2, "chip": "grey", "chips": 1, "cells": 47, "spaces": 44}
    assert {"more_groups_than_chips", "no_final_tally", "not_bad_end"} - codes_raised() == {"not_bad_end"}
    missing = sorted(code for code in codes_raised() if words.refusal(code, params) is None)
    assert missing == []
    assert words.refusal("more_groups_than_chips", params) == (
        "2 groups of two at the end, but only 1 grey chip: each such group took a chip of that colour when it got its "
        "final shape.")
    assert words.refusal("more_groups_than_chips", {**params, "group": "large", "groups": 1, "chip": "yellow",
                                                    "chips": 0}).startswith("1 group of three or more at the end, "
                                                                            "but only 0 yellow chips")
    assert words.refusal("no_such_code", {}) is None
    assert words.refusal("out_of_range", {"low": 0, "high": 44}) == "Enter a number from 0 to 44."


@pytest.mark.parametrize("x, y, d, text", [
    (5, 5, "E", "must touch the layout"),
    (1, 0, "E", "no hollow"),
    (-1, 0, "E", "cover parts of two or three strips"),
])
def test_the_framework_shows_the_words_of_a_refusal(x, y, d, text):
    state = reveal(new(), 0, "s14")
    with pytest.raises(engine.IllegalAction) as refused:
        place(state, "s14", x, y, d)
    assert text in registry.get("rat_hot").refusal_text(refused.value)


def test_the_framework_puts_log_events_in_words():
    state = reveal(new(), 1, "s39")
    state = place(state, "s39", 2, 0, "E")
    assert registry.get("rat_hot").event_text(state["log"][-2]).startswith("placed bay, saffron, empty")
