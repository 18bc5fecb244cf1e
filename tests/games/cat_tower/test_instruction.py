"""Cat Tower's status line (issue 30.1): what the seat may do now, in the game's words, from its view (the phase,
its die and the shared one) and the moves it is offered."""
from django.utils import translation

from games.cat_tower import engine, words

from .helpers import game, take


def said(state, seat):
    return words.instruction(engine.view(state, seat), engine.legal_actions(state, seat))


def marking(roll=(2, 5, 3)):
    """Two players after the draft: seat 0 took the 2, seat 1 the 5, the 3 is shared."""
    state = game(seats=2, roll=roll, first=0)
    state = engine.apply(state, 0, take(0))
    return engine.apply(state, 1, take(1))


def test_the_picking_seat_is_told_to_take_a_die_the_other_nothing():
    state = game(seats=2, roll=(2, 5, 3), first=0)
    assert said(state, 0) == "take one die from the roll; you will mark your tower with it and the shared die."
    assert said(state, 1) == "" and said(state, None) == ""


def test_a_marking_seat_is_told_its_dice():
    state = marking()
    assert state["phase"] == "mark"
    assert said(state, 0) == ("mark one item on your tower with your 2 and the shared 3 (one is the item, the "
                              "other the floor), or pass.")
    assert said(state, 1).startswith("mark one item on your tower with your 5 and the shared 3")


def test_with_nothing_to_mark_the_seat_is_told_to_pass():
    view = engine.view(marking(), 0)
    assert words.instruction(view, [{"type": "pass"}]) == "no mark fits these dice: pass and circle a footprint."


def test_the_instruction_is_in_chinese_too():
    with translation.override("zh-hant"):
        text = said(marking(), 0)
    assert "2" in text and "3" in text and "mark one item" not in text
