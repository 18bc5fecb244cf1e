"""Hot Tin Roof typed (text-first mode): a dumpster dive and where its catwalk, shelter or cats go, a cat moved from
patio to patio along the cheapest path, the end of a turn, and the pairs settled at the end; and what is refused."""
import pytest

from games.command_line import Refused, normalise
from games.hot_tin_roof import commands, engine
from tests.games.hot_tin_roof.helpers import table

NAMES = ["Mia", "Ann", "Leo"]


def read(state, seat, line):
    view, actions = engine.view(state, seat), engine.legal_actions(state, seat)
    return commands.parse(normalise(line), view, actions, NAMES)


def test_a_home_tile_dive_names_the_dumpster_and_the_pair_placed():
    state = table(seats=3, phase="dive")
    tile = engine.view(state, 0)["dumpsters"][0]["tile"]["id"]
    action = read(state, 0, "dive home1 sitting")
    assert action["type"] == "dive" and action["dumpster"] == "home1" and action["pair"] == "sitting"
    assert read(state, 0, "dive home 2 standing")["dumpster"] == "home2"
    with pytest.raises(Refused, match="Both your pairs are off the board"):
        read(state, 0, "dive home1")
    assert action["tile"] == tile  # the tile under that dumpster


def test_a_catwalk_goes_on_the_gap_between_two_patios():
    state = table(seats=3, phase="dive")
    assert read(state, 0, "dive catwalk B C") == {"type": "dive", "dumpster": "catwalk", "gap": "g1"}
    assert read(state, 0, "dive catwalk c b") == {"type": "dive", "dumpster": "catwalk", "gap": "g1"}
    with pytest.raises(Refused, match="Say where"):
        read(state, 0, "dive catwalk")


def test_a_shelter_goes_on_a_patio_by_its_letter():
    state = table(seats=3, phase="dive")
    assert read(state, 0, "dive shelter A") == {"type": "dive", "dumpster": "shelter", "patio": "A"}


def test_a_cat_moves_from_its_patio_along_the_cheapest_path_or_the_one_said():
    state = table(seats=3, phase="race", catwalks={"g1": 0}, cats={(0, "sitting"): ["A", "C"]})
    assert read(state, 0, "move sitting from A to C") == {"type": "move", "pair": "sitting", "cat": 0,
                                                          "path": ["A", "B", "C"]}
    assert read(state, 0, "move from C to B")["path"] == ["C", "B"]  # the pair may be left out when one cat fits
    with pytest.raises(Refused, match="Say which cat"):
        read(state, 0, "move to B")  # either cat could go to B
    with pytest.raises(Refused, match="None of your cats can go there"):
        read(state, 0, "move sitting from A to O")


def test_the_turn_ends_when_the_player_says_so():
    state = table(seats=3, phase="race", cats={(0, "sitting"): ["A", "C"]})
    assert read(state, 0, "end turn") == {"type": "end_turn"}


def test_at_the_end_a_pair_is_joined_or_paid_for():
    state = table(seats=3, phase="settle", catwalks={"g1": 0}, cats={(0, "sitting"): ["A", "C"]})
    state["players"][0]["pairs_left"] = 1
    assert read(state, 0, "pay sitting") == {"type": "settle", "pair": "sitting"}
    assert read(state, 0, "join sitting") == {"type": "settle", "pair": "sitting", "path": ["A", "B", "C"]}
    assert read(state, 0, "join sitting C B A") == {"type": "settle", "pair": "sitting", "path": ["C", "B", "A"]}


def test_refusals_say_why_in_words():
    state = table(seats=3, phase="dive")
    with pytest.raises(Refused, match="is not a move"):
        read(state, 0, "jump")
    with pytest.raises(Refused, match="You cannot move now"):
        read(state, 0, "move sitting from A to B")
    with pytest.raises(Refused, match="Say which dumpster"):
        read(state, 0, "dive")


def test_every_move_typed_as_moves_says_it_is_read_back_as_that_move():
    state = table(seats=3, phase="race", catwalks={"g1": 0, "g2": 1}, cats={(0, "sitting"): ["A", "C"],
                                                                          (0, "standing"): ["D", "E"]})
    for phase_state in (state, table(seats=3, phase="dive")):
        view, actions = engine.view(phase_state, 0), engine.legal_actions(phase_state, 0)
        for action in actions:
            parsed = commands.parse(normalise(commands.typed(action, view, NAMES)), view, actions, NAMES)
            assert parsed == action
