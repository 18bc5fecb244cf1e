"""Rat-a-Tat Cat typed (text-first mode): each move of the rules as a line a player types, and what is refused."""
import pytest

from games.command_line import Refused, normalise
from games.rat_a_tat_cat import commands, engine
from tests.games.rat_a_tat_cat.helpers import all_memorised, play, stacked_game

NAMES = ["Mia", "Ann"]


def read(state, seat, line):
    view, actions = engine.view(state, seat), engine.legal_actions(state, seat)
    return commands.parse(normalise(line), view, actions, NAMES)


@pytest.fixture
def dealt():
    """Mia (seat 0) and Ann (seat 1) dealt their rows, a 5 turned up, a 7 then a Peek and a Swap on the draw pile."""
    return all_memorised(stacked_game([[1, 2, 3, 4], [5, 6, 7, 8]], discard=5, draw=[7, "peek", "swap", 9]))


def test_the_opening_peek_is_memorised(dealt):
    state = stacked_game([[1, 2, 3, 4], [5, 6, 7, 8]], discard=5)
    assert read(state, 1, "Memorised") == {"type": "memorised"}
    assert read(state, 1, "memorized.") == {"type": "memorised"}


def test_a_turn_begins_with_draw_or_take_the_discard_into_a_position(dealt):
    assert read(dealt, 0, "draw") == {"type": "draw"}
    assert read(dealt, 0, "take 2") == {"type": "take_discard", "position": 1}  # positions are 1 to 4 for people


def test_a_drawn_number_card_replaces_a_card_or_is_discarded(dealt):
    drew = play(dealt, (0, "draw"))
    assert read(drew, 0, "replace 4") == {"type": "replace", "position": 3}
    assert read(drew, 0, "discard") == {"type": "discard"}


def test_a_peek_looks_at_one_of_your_face_down_cards(dealt):
    drew = play(dealt, (0, "draw"), (0, "discard"), (0, "end_turn"), (1, "draw"))
    assert engine.view(drew, 1)["drawn"] == "peek"
    assert read(drew, 1, "peek 2") == {"type": "peek", "position": 1}


def test_a_swap_names_your_position_the_player_and_theirs(dealt):
    drew = play(dealt, (0, "draw"), (0, "discard"), (0, "end_turn"), (1, "draw"), (1, "discard"), (1, "end_turn"),
                (0, "draw"))
    assert engine.view(drew, 0)["drawn"] == "swap"
    assert read(drew, 0, "swap 2 with Ann 3") == {"type": "swap", "position": 1, "opponent": 1, "their_position": 2}
    with pytest.raises(Refused, match="no other player called"):
        read(drew, 0, "swap 2 with Mia 3")  # not with yourself
    with pytest.raises(Refused, match="swap 2 with Ann 3"):
        read(drew, 0, "swap 2 Ann")


def test_after_the_card_play_knock_or_end_the_turn(dealt):
    done = play(dealt, (0, "draw"), (0, "discard"))
    assert read(done, 0, "knock") == {"type": "knock"}
    assert read(done, 0, "end turn") == {"type": "end_turn"}


def test_refusals_say_why_in_words(dealt):
    with pytest.raises(Refused, match="is not a move"):
        read(dealt, 0, "shuffle")
    with pytest.raises(Refused, match="You cannot knock now"):
        read(dealt, 0, "knock")
    with pytest.raises(Refused, match="from 1 to 4"):
        read(dealt, 0, "take 5")


def test_every_move_typed_as_moves_says_it_is_read_back_as_that_move(dealt):
    state = play(dealt, (0, "draw"))
    view, actions = engine.view(state, 0), engine.legal_actions(state, 0)
    for action in actions:
        assert commands.parse(normalise(commands.typed(action, view, NAMES)), view, actions, NAMES) == action
