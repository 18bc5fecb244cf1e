"""Rat Hot's status line (issue 30.1): what the seat may do now, in the game's words, from the strips its view
shows turned up and the placements it is offered."""
from django.utils import translation

from games.rat_hot import engine, words

ONE = "place your strip on the table: choose its facing and a spot on the table, then Place the strip."


def said(state, seat):
    return words.instruction(engine.view(state, seat), engine.legal_actions(state, seat))


def test_the_seat_to_move_is_told_to_place_its_strips_the_other_nothing():
    state = engine.new_game(2, 11, {})
    seat = state["turn"]
    two = len(state["revealed"]) == 2
    assert said(state, seat) == (words.instruction({"revealed": [{}, {}]}, [{"type": "place"}]) if two else ONE)
    assert said(state, 1 - seat) == "" and said(state, None) == ""


def test_two_strips_are_placed_in_the_order_one_likes():
    assert words.instruction({"revealed": [{}, {}]}, [{"type": "place"}]).startswith(
        "place both strips on the table, in the order you like")
    assert words.instruction({"revealed": [{}]}, [{"type": "place"}]) == ONE


def test_the_instruction_is_in_chinese_too():
    with translation.override("zh-hant"):
        text = words.instruction({"revealed": [{}]}, [{"type": "place"}])
    assert text and text != ONE
