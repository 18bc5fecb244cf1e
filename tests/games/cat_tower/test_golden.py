"""Golden playthroughs: a seed and its actions always give exactly this final sheet and this outcome.

SHORT_GAME (two players, the game ends at the first complete column) was checked by hand, round by round:
  1. seat 0 rolls 1 2 4, takes the 2; seat 1 the 4; the 1 is shared. Seat 0: yarn on 2-1. Seat 1: house on 3-4,
     house cat 1 x 1 = 1.
  2. seat 1 rolls 2 3 1, takes the 2; seat 0 the 3; the 1 is shared. Seat 1: yarn on 3-1. Seat 0: house on 5-3,
     yarn cat 1 house x 1 yarn = 1.
  3. 4 5 1: seat 0 the 1, seat 1 the 5, 4 shared. Seat 0: house on 3-4, house cat 2 x 2 = 4. Seat 1: bowl on 3-5.
  4. 6 3 6: seat 1 the 3, seat 0 a 6, a 6 shared. Seat 1: butterfly on 3-6 (circles a footprint). Seat 0: mouse 2-6.
  5. 5 3 2: seat 0 the 2, seat 1 the 3, 5 shared. Both put yarn on floor 5 of column 4; seat 1 crosses its
     footprint to turn the 3 into a 2.
  6. 3 4 2: seat 1 the 2, seat 0 the 3, 4 shared. Seat 1: bowl on 3-2 completes column 3 first (7); seat 0 puts a
     bowl on 4-3 and crosses out the 7. The game ends.
  Seat 0: cats 1 + 4; yarn 9 (alone in column 2) + 6 (tied in column 4); bowl 4-3 touches the house on 5-3: 2;
  one lone mouse 1: 23. Seat 1: cats 1; yarn 9 (column 3) + 6; butterfly 2; bowls 3-5 (house, butterfly, yarn)
  6 and 3-2 (yarn) 2; column 3: 7: 33.
The longer games were recorded from bots and pin the whole rules down against accidental change.
"""

import pytest

from games.cat_tower import engine
from games.cat_tower.scoring import validate_sheet


def action(short):
    """The full action from its short form in the lists below: a die index, "pass", or a mark's five fields."""
    if short == "pass":
        return {"type": "pass"}
    if isinstance(short, int):
        return {"type": "take_die", "die": short}
    item, column, floor, footprints, cat = short
    return {"type": "mark", "item": item, "column": column, "floor": floor, "footprints": footprints, "cat": cat}


def replay(golden):
    state = engine.new_game(golden["seats"], golden["seed"], golden["options"])
    for seat, short in golden["moves"]:
        assert not engine.is_over(state)
        assert seat in engine.to_move(state)
        state = engine.apply(state, seat, action(short))
    return state


SHORT_GAME = {
    "seats": 2,
    "seed": 16,
    "options": {"columns_to_end": 1},
    "moves": [
        (0, 1), (1, 2), (0, (2, 2, 1, 0, None)), (1, (1, 3, 4, 0, "house")), (1, 0), (0, 1),
        (0, (1, 5, 3, 0, "yarn")), (1, (2, 3, 1, 0, None)), (0, 2), (1, 1), (0, (1, 3, 4, 0, "house")),
        (1, (4, 3, 5, 0, None)), (1, 1), (0, 2), (0, (6, 2, 6, 0, None)), (1, (3, 3, 6, 0, None)), (0, 2), (1, 1),
        (0, (2, 4, 5, 0, None)), (1, (2, 4, 5, 1, None)), (1, 2), (0, 0), (0, (4, 4, 3, 0, None)),
        (1, (4, 3, 2, 0, None)),
    ],
    "final": {"sheets": [
        {
            "marks": {"2-1": "yarn", "5-3": "house", "3-4": "house", "2-6": "mouse", "4-5": "yarn", "4-3": "bowl"},
            "cats": {"yarn": 1, "house": 4},
            "columns": {},
            "footprints": {"circled": 0, "crossed": 0},
        },
        {
            "marks": {"3-4": "house", "3-1": "yarn", "3-5": "bowl", "3-6": "butterfly", "4-5": "yarn", "3-2": "bowl"},
            "cats": {"house": 1},
            "columns": {"3": 7},
            "footprints": {"circled": 1, "crossed": 1},
        },
    ]},
    "outcome": {
        "scores": [23, 33],
        "ranks": [2, 1],
        "breakdown": [
            {"cats": 5, "yarn": 15, "butterfly": 0, "bowl": 2, "cushion": 0, "mouse": 1, "columns": 0, "total": 23},
            {"cats": 1, "yarn": 15, "butterfly": 2, "bowl": 8, "cushion": 0, "mouse": 0, "columns": 7, "total": 33},
        ],
    },
}


THREE_PLAYERS = {
    "seats": 3,
    "seed": 2026,
    "options": {},
    "moves": [
        (2, 2), (0, 1), (1, 0), (0, (1, 4, 6, 0, "house")), (1, (6, 2, 6, 0, None)), (2, "pass"), (0, 2), (1, 0),
        (2, 1), (0, (2, 4, 2, 0, None)), (1, (2, 2, 1, 0, None)), (2, "pass"), (1, 1), (2, 2), (0, 0),
        (0, (5, 2, 6, 0, None)), (1, (2, 2, 5, 0, None)), (2, (4, 4, 3, 2, None)), (2, 3), (0, 1), (1, 0),
        (0, (4, 3, 6, 0, None)), (1, (4, 4, 4, 0, None)), (2, "pass"), (0, 1), (1, 0), (2, 3),
        (0, (4, 3, 5, 0, None)), (1, (3, 4, 5, 0, None)), (2, (4, 2, 5, 1, None)), (1, 0), (2, 1), (0, 2),
        (0, (2, 1, 3, 0, None)), (1, (1, 2, 2, 1, "mouse")), (2, (5, 1, 2, 0, None)), (2, 2), (0, 0), (1, 1),
        (0, (1, 3, 4, 0, "yarn")), (1, "pass"), (2, (5, 1, 1, 0, None)), (0, 2), (1, 0), (2, 3),
        (0, (4, 2, 5, 0, None)), (1, (3, 2, 4, 0, None)), (2, (4, 4, 4, 0, None)), (1, 2), (2, 0), (0, 3),
        (0, (2, 3, 2, 0, None)), (1, (4, 1, 2, 2, None)), (2, "pass"), (2, 0), (0, 3), (1, 1),
        (0, (3, 4, 5, 0, None)), (1, (5, 5, 4, 0, None)), (2, (5, 3, 5, 0, None)), (0, 1), (1, 3), (2, 2),
        (0, (1, 1, 5, 1, "bowl")), (1, "pass"), (2, (5, 2, 4, 1, None)), (1, 1), (2, 0), (0, 3),
        (0, (3, 2, 4, 0, None)), (1, (5, 4, 3, 0, None)), (2, "pass"), (2, 0), (0, 1), (1, 3),
        (0, (4, 3, 1, 0, None)), (1, (5, 3, 2, 1, None)), (2, (1, 5, 3, 1, "house")), (0, 3), (1, 0), (2, 1),
        (0, (1, 2, 2, 1, "butterfly")), (1, (1, 4, 6, 0, "yarn")), (2, (1, 4, 6, 0, "cushion")), (1, 3), (2, 1),
        (0, 2), (0, (6, 2, 3, 0, None)), (1, "pass"), (2, (6, 2, 1, 0, None)), (2, 2), (0, 1), (1, 0),
        (0, (2, 2, 1, 0, None)), (1, (1, 3, 4, 1, "bowl")), (2, (4, 3, 2, 0, None)), (0, 1), (1, 3), (2, 2),
        (0, (2, 5, 4, 0, None)), (1, "pass"), (2, (4, 3, 1, 0, None)), (1, 0), (2, 2), (0, 3),
        (0, (4, 4, 3, 0, None)), (1, (4, 3, 5, 0, None)), (2, (4, 2, 6, 0, None)), (2, 1), (0, 0), (1, 3),
        (0, (4, 1, 2, 0, None)), (1, (3, 5, 1, 1, None)), (2, (2, 1, 3, 0, None)), (0, 0), (1, 3), (2, 2),
        (0, "pass"), (1, (5, 3, 6, 0, None)), (2, "pass"), (1, 2), (2, 1), (0, 3), (0, (5, 1, 1, 1, None)),
        (1, (5, 1, 3, 1, None)), (2, (2, 4, 5, 1, None)),
    ],
    "final": {"sheets": [
        {
            "marks": {"4-6": "house", "4-2": "yarn", "2-6": "cushion", "3-6": "bowl", "3-5": "bowl", "1-3": "yarn",
                      "3-4": "house", "2-5": "bowl", "3-2": "yarn", "4-5": "butterfly", "1-5": "house",
                      "2-4": "butterfly", "3-1": "bowl", "2-2": "house", "2-3": "mouse", "2-1": "yarn",
                      "5-4": "yarn", "4-3": "bowl", "1-2": "bowl", "1-1": "cushion"},
            "cats": {"house": 1, "yarn": 4, "bowl": 9, "butterfly": 8},
            "columns": {"3": 7, "2": 9, "1": 6},
            "footprints": {"circled": 3, "crossed": 3},
        },
        {
            "marks": {"2-6": "mouse", "2-1": "yarn", "2-5": "yarn", "4-4": "bowl", "4-5": "butterfly",
                      "2-2": "house", "2-4": "butterfly", "1-2": "bowl", "5-4": "cushion", "4-3": "cushion",
                      "3-2": "cushion", "4-6": "house", "3-4": "house", "3-5": "bowl", "5-1": "butterfly",
                      "3-6": "cushion", "1-3": "cushion"},
            "cats": {"mouse": 1, "yarn": 4, "bowl": 6},
            "columns": {},
            "footprints": {"circled": 7, "crossed": 7},
        },
        {
            "marks": {"4-3": "bowl", "2-5": "bowl", "1-2": "cushion", "1-1": "cushion", "4-4": "bowl",
                      "3-5": "cushion", "2-4": "cushion", "5-3": "house", "4-6": "house", "2-1": "mouse",
                      "3-2": "bowl", "3-1": "bowl", "2-6": "bowl", "1-3": "yarn", "4-5": "yarn"},
            "cats": {"house": 1, "cushion": 8},
            "columns": {},
            "footprints": {"circled": 6, "crossed": 6},
        },
    ]},
    "outcome": {
        "scores": [125, 65, 58],
        "ranks": [1, 2, 3],
        "breakdown": [
            {"cats": 22, "yarn": 33, "butterfly": 4, "bowl": 36, "cushion": 7, "mouse": 1, "columns": 22,
             "total": 125},
            {"cats": 11, "yarn": 9, "butterfly": 6, "bowl": 20, "cushion": 18, "mouse": 1, "columns": 0, "total": 65},
            {"cats": 9, "yarn": 12, "butterfly": 0, "bowl": 24, "cushion": 12, "mouse": 1, "columns": 0, "total": 58},
        ],
    },
}


FOUR_PLAYERS = {
    "seats": 4,
    "seed": 77,
    "options": {},
    "moves": [
        (1, 0), (2, 4), (3, 2), (0, 1), (0, (6, 2, 6, 0, None)), (1, (2, 2, 6, 0, None)), (2, (6, 2, 3, 0, None)),
        (3, (6, 4, 4, 0, None)), (2, 4), (3, 2), (0, 3), (1, 0), (0, "pass"), (1, "pass"), (2, (1, 1, 5, 0, "mouse")),
        (3, (1, 4, 6, 0, "house")), (3, 1), (0, 4), (1, 3), (2, 0), (0, (2, 1, 1, 1, None)), (1, (2, 1, 1, 1, None)),
        (2, (1, 4, 6, 0, "house")), (3, (1, 1, 5, 0, "mouse")), (0, 0), (1, 4), (2, 1), (3, 2),
        (0, (1, 5, 3, 0, "house")), (1, (5, 1, 3, 0, None)), (2, (6, 1, 3, 0, None)), (3, (4, 4, 3, 0, None)), (1, 2),
        (2, 0), (3, 1), (0, 3), (0, (1, 1, 5, 0, "mouse")), (1, (2, 3, 1, 0, None)), (2, (6, 3, 1, 0, None)),
        (3, (5, 4, 1, 0, None)), (2, 3), (3, 0), (0, 2), (1, 4), (0, (4, 4, 4, 0, None)), (1, (4, 2, 4, 0, None)),
        (2, (2, 4, 4, 0, None)), (3, (1, 3, 4, 0, "cushion")), (3, 2), (0, 4), (1, 0), (2, 3),
        (0, (1, 4, 6, 0, "yarn")), (1, (1, 3, 4, 0, "yarn")), (2, "pass"), (3, (2, 5, 1, 0, None)), (0, 1), (1, 3),
        (2, 4), (3, 2), (0, (2, 4, 1, 0, None)), (1, (1, 2, 2, 0, "house")), (2, (6, 3, 2, 1, None)), (3, "pass"),
        (1, 0), (2, 4), (3, 3), (0, 1), (0, (3, 4, 3, 0, None)), (1, (3, 2, 3, 0, None)), (2, (3, 4, 3, 0, None)),
        (3, (2, 2, 3, 1, None)), (2, 4), (3, 2), (0, 1), (1, 0), (0, (1, 2, 2, 1, "butterfly")),
        (1, (2, 5, 1, 1, None)), (2, (6, 4, 1, 1, None)), (3, (1, 2, 2, 0, "yarn")), (3, 2), (0, 3), (1, 4), (2, 1),
        (0, (5, 3, 6, 0, None)), (1, (3, 3, 6, 0, None)), (2, (6, 2, 6, 0, None)), (3, (5, 2, 6, 0, None)), (0, 0),
        (1, 1), (2, 3), (3, 2), (0, (2, 3, 1, 0, None)), (1, (1, 5, 3, 0, "butterfly")), (2, (6, 2, 1, 0, None)),
        (3, "pass"), (1, 4), (2, 1), (3, 2), (0, 3), (0, (4, 5, 4, 0, None)), (1, (4, 2, 5, 0, None)),
        (2, (4, 4, 2, 0, None)), (3, (4, 4, 2, 1, None)), (2, 0), (3, 4), (0, 2), (1, 3), (0, "pass"),
        (1, (6, 3, 5, 1, None)), (2, (6, 2, 4, 0, None)), (3, (6, 4, 5, 0, None)), (3, 3), (0, 4), (1, 0), (2, 1),
        (0, (1, 3, 4, 1, "bowl")), (1, (5, 3, 2, 0, None)), (2, (5, 4, 5, 0, None)), (3, (5, 2, 5, 0, None)), (0, 4),
        (1, 1), (2, 0), (3, 3), (0, (4, 3, 2, 0, None)), (1, (4, 5, 4, 0, None)), (2, (4, 3, 6, 0, None)),
        (3, (3, 2, 4, 0, None)), (1, 1), (2, 0), (3, 4), (0, 3), (0, (2, 1, 2, 0, None)), (1, (2, 4, 5, 0, None)),
        (2, (6, 1, 2, 0, None)), (3, (3, 2, 1, 1, None)), (2, 4), (3, 0), (0, 3), (1, 1), (0, (6, 2, 4, 0, None)),
        (1, (6, 4, 4, 0, None)), (2, (6, 2, 5, 0, None)), (3, (2, 3, 6, 0, None)), (3, 2), (0, 1), (1, 0), (2, 4),
        (0, (6, 4, 2, 0, None)), (1, (1, 4, 6, 0, "bowl")), (2, "pass"), (3, (6, 5, 4, 1, None)), (0, 0), (1, 3),
        (2, 1), (3, 2), (0, (3, 4, 5, 0, None)), (1, (2, 4, 3, 0, None)), (2, (3, 3, 5, 1, None)),
        (3, (3, 1, 3, 0, None)), (1, 0), (2, 3), (3, 2), (0, 1), (0, (6, 1, 3, 0, None)), (1, (3, 1, 2, 0, None)),
        (2, (3, 5, 4, 1, None)), (3, (6, 3, 2, 1, None)), (2, 2), (3, 4), (0, 0), (1, 1), (0, (6, 2, 3, 0, None)),
        (1, (6, 4, 2, 1, None)), (2, "pass"), (3, "pass"), (3, 2), (0, 0), (1, 1), (2, 3), (0, (3, 3, 5, 1, None)),
        (1, "pass"), (2, (1, 5, 3, 2, "butterfly")), (3, (4, 3, 5, 1, None)),
    ],
    "final": {"sheets": [
        {
            "marks": {"2-6": "mouse", "1-1": "yarn", "5-3": "house", "1-5": "house", "4-4": "bowl", "4-6": "house",
                      "4-1": "yarn", "4-3": "butterfly", "2-2": "house", "3-6": "cushion", "3-1": "yarn",
                      "5-4": "bowl", "3-4": "house", "3-2": "bowl", "1-2": "yarn", "2-4": "mouse", "4-2": "mouse",
                      "4-5": "butterfly", "1-3": "mouse", "2-3": "mouse", "3-5": "butterfly"},
            "cats": {"house": 1, "mouse": 2, "yarn": 3, "butterfly": 4, "bowl": 10},
            "columns": {"4": 4, "1": 6, "3": 3},
            "footprints": {"circled": 5, "crossed": 4},
        },
        {
            "marks": {"2-6": "yarn", "1-1": "yarn", "1-3": "cushion", "3-1": "yarn", "2-4": "bowl", "3-4": "house",
                      "2-2": "house", "2-3": "butterfly", "5-1": "yarn", "3-6": "butterfly", "5-3": "house",
                      "2-5": "bowl", "3-5": "mouse", "3-2": "cushion", "5-4": "bowl", "4-5": "yarn", "4-4": "mouse",
                      "4-6": "house", "4-3": "yarn", "1-2": "butterfly", "4-2": "mouse"},
            "cats": {"yarn": 3, "house": 4, "butterfly": 6, "bowl": 12},
            "columns": {"3": 7, "5": 3},
            "footprints": {"circled": 5, "crossed": 4},
        },
        {
            "marks": {"2-3": "mouse", "1-5": "house", "4-6": "house", "1-3": "mouse", "3-1": "mouse", "4-4": "yarn",
                      "3-2": "mouse", "4-3": "butterfly", "4-1": "mouse", "2-6": "mouse", "2-1": "mouse",
                      "4-2": "bowl", "2-4": "mouse", "4-5": "cushion", "3-6": "bowl", "1-2": "mouse", "2-5": "mouse",
                      "3-5": "butterfly", "5-4": "butterfly", "5-3": "house"},
            "cats": {"mouse": 1, "house": 4, "butterfly": 9},
            "columns": {"4": 4},
            "footprints": {"circled": 6, "crossed": 6},
        },
        {
            "marks": {"4-4": "mouse", "4-6": "house", "1-5": "house", "4-3": "bowl", "4-1": "cushion",
                      "3-4": "house", "5-1": "yarn", "2-3": "yarn", "2-2": "house", "2-6": "cushion", "4-2": "bowl",
                      "4-5": "mouse", "2-5": "cushion", "2-4": "butterfly", "2-1": "butterfly", "3-6": "yarn",
                      "5-4": "mouse", "1-3": "butterfly", "3-2": "mouse", "3-5": "bowl"},
            "cats": {"house": 1, "mouse": 2, "cushion": 3, "yarn": 8},
            "columns": {"4": 8, "2": 9},
            "footprints": {"circled": 6, "crossed": 6},
        },
    ]},
    "outcome": {
        "scores": [90, 99, 140, 95],
        "ranks": [4, 2, 1, 3],
        "breakdown": [
            {"cats": 20, "yarn": 14, "butterfly": 6, "bowl": 20, "cushion": 6, "mouse": 11, "columns": 13,
             "total": 90},
            {"cats": 25, "yarn": 28, "butterfly": 6, "bowl": 22, "cushion": 5, "mouse": 3, "columns": 10,
             "total": 99},
            {"cats": 14, "yarn": 1, "butterfly": 6, "bowl": 10, "cushion": 5, "mouse": 100, "columns": 4,
             "total": 140},
            {"cats": 14, "yarn": 16, "butterfly": 6, "bowl": 20, "cushion": 12, "mouse": 10, "columns": 17,
             "total": 95},
        ],
    },
}


@pytest.mark.parametrize("golden", [SHORT_GAME, THREE_PLAYERS, FOUR_PLAYERS], ids=["short", "three", "four"])
def test_a_golden_playthrough_ends_exactly_so(golden):
    state = replay(golden)
    assert engine.is_over(state)
    assert engine.final(state) == golden["final"]
    assert engine.outcome(state) == golden["outcome"]
    assert all(validate_sheet(sheet) == [] for sheet in golden["final"]["sheets"])
