"""Hot Tin Roof's status line (issue 30.1): what the seat may do now, in the game's words, made from its view's
phase and the moves it is offered; nothing for a seat that is offered none."""
import random

import pytest
from django.utils import translation

from games.hot_tin_roof import engine, words


def said(state, seat):
    return words.instruction(engine.view(state, seat), engine.legal_actions(state, seat))


def played_until(phase, seed=3, limit=3000):
    """A 3-player game played at random until the seat to move is in `phase`."""
    state, chance = engine.new_game(3, seed), random.Random(seed)
    for _ in range(limit):
        if state["phase"] == phase:
            return state
        seat = engine.to_move(state)[0]
        actions = engine.legal_actions(state, seat)
        moves = [a for a in actions if a["type"] != "end_turn"] or actions
        state = engine.apply(state, seat, chance.choice(moves))
    pytest.skip(f"no {phase} reached")  # pragma: no cover


def test_a_diving_seat_is_told_to_choose_a_dumpster_and_the_others_nothing():
    state = engine.new_game(3, 1)
    assert state["phase"] == "dive"
    assert said(state, 0) == "choose a dumpster below the board: you take its cans and do its action."
    assert said(state, 1) == "" and said(state, None) == ""


def test_a_racing_seat_is_told_to_pick_a_cat_or_end_the_turn():
    state = played_until("race")
    seat = state["turn"]
    kinds = {a["type"] for a in engine.legal_actions(state, seat)}
    expected = ("pick a cat on the board, then where it goes; or end your turn." if "move" in kinds
                else "no cat of yours can move now: end your turn.")
    assert said(state, seat) == expected


def test_no_cat_to_move_leaves_only_the_end_of_the_turn():
    assert words.instruction({"phase": "race"}, [{"type": "end_turn"}]) == \
        "no cat of yours can move now: end your turn."


def test_a_settling_seat_is_told_to_settle_its_pairs():
    assert words.instruction({"phase": "settle"}, [{"type": "settle", "pair": "sitting"}]).startswith(
        "the last fish is gone: settle each of your pairs")


def test_the_instruction_is_in_chinese_too():
    with translation.override("zh-hant"):
        text = said(engine.new_game(3, 1), 0)
    assert text and text != "choose a dumpster below the board: you take its cans and do its action."
