"""Rat Hot typed (text-first mode): a strip shown this turn placed by its first space's column and row and the way
it runs (rows grow downward: north is up); and what is refused."""
import pytest

from games.command_line import Refused, normalise
from games.rat_hot import commands, engine
from tests.games.rat_hot.helpers import new, place, reveal

NAMES = ["Mia", "Ann"]


def read(state, line):
    seat = engine.to_move(state)[0]
    view, actions = engine.view(state, seat), engine.legal_actions(state, seat)
    return commands.parse(normalise(line), view, actions, NAMES)


def test_a_strip_is_placed_by_column_row_and_way():
    state = reveal(new(), 0, "s37")
    assert read(state, "place 1 at -4 0 east") == {"type": "place", "strip": "s37", "x": -4, "y": 0, "dir": "E"}
    assert read(state, "place at column -2 row 0 west") == {"type": "place", "strip": "s37", "x": -2, "y": 0,
                                                            "dir": "W"}  # one strip shown: its number may go


def test_with_two_strips_shown_the_player_says_which():
    state = place(reveal(new(), 0, "s37"), "s37", -4, 0, "E")
    strips = [s["id"] for s in engine.view(state, 1)["revealed"]]
    assert len(strips) == 2
    assert read(state, "place 2 at 2 0 east")["strip"] == strips[1]
    with pytest.raises(Refused, match="Two strips are shown"):
        read(state, "place at 2 0 east")


def test_refusals_say_why_in_words():
    state = reveal(new(), 0, "s37")
    with pytest.raises(Refused, match="cannot lie there"):
        read(state, "place 1 at 5 5 east")  # touching no strip
    with pytest.raises(Refused, match="place 1 at -3 1 east"):
        read(state, "place 1 at -3 east")
    with pytest.raises(Refused, match="is not a move"):
        read(state, "rotate")


def test_every_move_typed_as_moves_says_it_is_read_back_as_that_move():
    state = reveal(new(), 0, "s37")
    view, actions = engine.view(state, 0), engine.legal_actions(state, 0)
    for action in actions:
        assert commands.parse(normalise(commands.typed(action, view, NAMES)), view, actions, NAMES) == action
