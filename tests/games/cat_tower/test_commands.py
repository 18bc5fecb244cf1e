"""Cat Tower typed (text-first mode): take a die by its number, mark an item at a column and floor (the footprints
counted for you), a house with the cat it scores, or pass; and what is refused."""
import pytest

from games.cat_tower import commands, engine
from games.command_line import Refused, normalise
from tests.games.cat_tower.helpers import draft, game, mark, with_sheet

NAMES = ["Mia", "Ann", "Leo"]


def read(state, seat, line):
    view, actions = engine.view(state, seat), engine.legal_actions(state, seat)
    return commands.parse(normalise(line), view, actions, NAMES)


def test_a_die_is_taken_by_the_number_it_shows():
    state = game(roll=[6, 4, 3, 4], first=0)
    assert read(state, 0, "take 3") == {"type": "take_die", "die": 2}
    assert read(state, 0, "take 4")["type"] == "take_die"  # either 4: they are alike
    with pytest.raises(Refused, match="No die left shows 5"):
        read(state, 0, "take 5")


def test_a_mark_names_the_item_its_column_and_floor():
    """Mia holds the 2 (yarn) and shares the 3: yarn on floor 3, the footprints none."""
    state = draft(game(roll=[2, 5, 6, 3], first=0), 0, 1, 2)
    assert engine.view(state, 0)["shared"]["value"] == 3
    assert read(state, 0, "mark yarn column 2 floor 3") == mark(2, 2, 3)
    assert read(state, 0, "mark yarn 2 3") == mark(2, 2, 3)  # "column" and "floor" may be left out


def test_a_house_names_the_cat_it_scores():
    """Mia holds the 1 (house) with the shared 5: column 1's house hex is on floor 5."""
    state = draft(game(roll=[1, 2, 6, 5], first=0), 0, 1, 2)
    assert read(state, 0, "mark house column 1 floor 5 cat mouse") == mark(1, 1, 5, cat="mouse")
    with pytest.raises(Refused, match="say which cat to score"):
        read(state, 0, "mark house column 1 floor 5")


def test_footprints_are_spent_for_the_player_when_a_die_must_change():
    state = with_sheet(draft(game(roll=[2, 5, 6, 3], first=0), 0, 1, 2), 0, circled=2)
    assert read(state, 0, "mark yarn column 2 floor 4") == mark(2, 2, 4, footprints=1)


def test_pass_circles_a_footprint():
    state = draft(game(roll=[2, 5, 6, 3], first=0), 0, 1, 2)
    assert read(state, 0, "pass") == {"type": "pass"}


def test_refusals_say_why_in_words():
    state = draft(game(roll=[2, 5, 6, 3], first=0), 0, 1, 2)
    with pytest.raises(Refused, match="no hex at column 5, floor 2"):
        read(state, 0, "mark yarn column 5 floor 2")  # a scratching post
    with pytest.raises(Refused, match="You cannot mark mouse"):
        read(state, 0, "mark mouse column 2 floor 3")
    with pytest.raises(Refused, match="You cannot take now"):
        read(state, 0, "take 3")
    with pytest.raises(Refused, match="mark yarn column 2 floor 3"):
        read(state, 0, "mark yarn")


def test_every_move_typed_as_moves_says_it_is_read_back_as_that_move():
    state = with_sheet(draft(game(roll=[1, 5, 6, 3], first=0), 0, 1, 2), 0, circled=3)
    view, actions = engine.view(state, 0), engine.legal_actions(state, 0)
    for action in actions:
        assert commands.parse(normalise(commands.typed(action, view, NAMES)), view, actions, NAMES) == action
