"""Golden playthroughs: a fixed seed and a fixed list of moves always end in exactly the same final and result.

The moves were played once by the bots and written down here; a change in the rules, the deck, the shuffles
or the scoring changes these results and must be a deliberate one.
"""

import pytest

from games.rat_a_tat_cat import engine

FIELDS = {"take_discard": ["position"], "replace": ["position"], "peek": ["position"],
          "swap": ["position", "opponent", "their_position"]}


def parse(moves):
    """'1 swap 0 2 3' -> (1, {"type": "swap", "position": 0, "opponent": 2, "their_position": 3}); '-' = no seat."""
    for move in moves.split(", "):
        seat, kind, *numbers = move.split()
        action = {"type": kind, **dict(zip(FIELDS.get(kind, []), map(int, numbers), strict=True))}
        yield (None if seat == "-" else int(seat)), action


GOLDEN = [
    pytest.param(
        3, 100, {"rounds": 1},
        ("2 memorised, 1 memorised, 0 memorised, 0 draw, 0 replace 0, 0 end_turn, 1 draw, 1 swap 0 0 0, 1 "
         "end_turn, 2 draw, 2 swap 3 1 1, 2 end_turn, 0 draw, 0 discard, 0 end_turn, 1 draw, 1 discard, 1 "
         "end_turn, 2 take_discard 1, 2 end_turn, 0 draw, 0 discard, 0 end_turn, 1 draw, 1 peek 0, 1 end_turn, "
         "2 draw, 2 replace 3, 2 knock, 0 take_discard 0, 1 draw, 1 replace 3"),
        {"rounds": [{"rows": [[0, 2, 2, 0], [3, 5, 8, 4], [3, 9, 4, 3]], "scores": [4, 20, 19]}]},
        {"breakdown": [{"rounds": [4], "total": 4}, {"rounds": [20], "total": 20}, {"rounds": [19], "total": 19}],
         "ranks": [1, 3, 2],
         "scores": [4, 20, 19]},
        id="three players, one round, with two Swaps, a Peek and a Draw 2 replaced at the reveal",
    ),
    pytest.param(
        3, 77, {"rounds": 2, "memory_aid": True},
        ("0 draw, 0 discard, 0 end_turn, 1 draw, 1 peek 1, 1 end_turn, 2 draw, 2 replace 2, 2 knock, 0 "
         "take_discard 1, 1 draw, 1 replace 0, 1 draw, 1 discard, 1 end_turn, 2 take_discard 1, 2 knock, 0 "
         "draw, 0 discard, 1 draw, 1 peek 1"),
        {"rounds": [{"rows": [[4, 0, 1, 1], [3, 8, 8, 5], [9, 7, 5, 2]], "scores": [6, 24, 23]},
                    {"rows": [[2, 5, 6, 5], [5, 1, 9, 5], [0, 7, 9, 4]], "scores": [18, 20, 20]}]},
        {"breakdown": [{"rounds": [6, 18], "total": 24}, {"rounds": [24, 20], "total": 44},
                       {"rounds": [23, 20], "total": 43}],
         "ranks": [1, 3, 2],
         "scores": [24, 44, 43]},
        id="three players, two rounds, memory aid",
    ),
    pytest.param(
        3, 101, {"end": "elimination", "limit": 35},
        ("2 memorised, 1 memorised, 0 memorised, 0 draw, 0 discard, 0 end_turn, 1 draw, 1 replace 3, 1 "
         "end_turn, 2 draw, 2 replace 0, 2 end_turn, 0 draw, 0 discard, 0 end_turn, 1 draw, 1 discard, 1 "
         "end_turn, 2 draw, 2 replace 0, 2 end_turn, 0 draw, 0 peek 1, 0 knock, 1 draw, 1 discard, 2 draw, 2 "
         "replace 0, 2 memorised, 0 memorised, 1 memorised, 1 draw, 1 replace 3, 1 end_turn, 2 take_discard 0, "
         "2 end_turn, 0 draw, 0 replace 3, 0 end_turn, 1 draw, 1 discard, 1 end_turn, 2 draw, 2 replace 0, 2 "
         "end_turn, 0 draw, 0 discard, 0 end_turn, 1 draw, 1 discard, 1 end_turn, 2 draw, 2 replace 1, 2 "
         "knock, 0 draw, 0 replace 3, 1 draw, 1 peek 1, 1 memorised, 2 memorised, 2 take_discard 0, 2 "
         "end_turn, 1 draw, 1 replace 1, 1 end_turn, 2 draw, 2 replace 3, 2 end_turn, 1 draw, 1 discard, 1 "
         "end_turn, 2 draw, 2 discard, 2 end_turn, 1 draw, 1 discard, 1 end_turn, 2 draw, 2 replace 1, 2 "
         "knock, 1 draw, 1 discard"),
        {"rounds": [{"rows": [[8, 0, 3, 4], [5, 2, 0, 2], [0, 2, 4, 4]], "scores": [15, 9, 10]},
                    {"rows": [[8, 9, 5, 0], [3, 6, 4, 2], [4, 1, 0, 3]], "scores": [22, 15, 8]},
                    {"rows": [None, [4, 2, 6, 9], [1, 0, 7, 3]], "scores": [None, 21, 11]}]},
        {"breakdown": [{"rounds": [15, 22, None], "total": 37}, {"rounds": [9, 15, 21], "total": 45},
                       {"rounds": [10, 8, 11], "total": 29}],
         "ranks": [3, 2, 1],
         "scores": [37, 45, 29]},
        id="three players, elimination at 35: seat 0 out in round 2, seat 1 in round 3",
    ),
    pytest.param(
        2, 9, {"end": "time"},
        ("1 memorised, 0 memorised, 0 take_discard 0, 0 end_turn, 1 take_discard 3, 1 end_turn, 0 take_discard "
         "3, 0 end_turn, 1 take_discard 2, 1 knock, 0 take_discard 1, 0 memorised, 1 memorised, 1 take_discard "
         "1, 1 knock, 0 take_discard 0, 1 memorised, 0 memorised, 0 draw, 0 replace 3, 0 end_turn, 1 "
         "take_discard 2, 1 end_turn, 0 draw, 0 discard, 0 end_turn, 1 draw, 1 replace 0, 1 end_turn, 0 "
         "take_discard 1, - time_up, 0 knock, 1 draw, 1 discard"),
        {"rounds": [{"rows": [[1, 3, 1, 2], [9, 9, 6, 6]], "scores": [7, 30]},
                    {"rows": [[3, 2, 5, 0], [0, 7, 9, 1]], "scores": [10, 17]},
                    {"rows": [[4, 3, 5, 2], [8, 2, 7, 1]], "scores": [14, 18]}]},
        {"breakdown": [{"rounds": [7, 10, 14], "total": 31}, {"rounds": [30, 17, 18], "total": 65}],
         "ranks": [1, 2],
         "scores": [31, 65]},
        id="two players, time: time is up in round 3, which is finished",
    ),
]


@pytest.mark.parametrize("seats, seed, options, moves, final, outcome", GOLDEN)
def test_a_fixed_seed_and_fixed_moves_give_exactly_the_same_end(seats, seed, options, moves, final, outcome):
    state = engine.new_game(seats, seed, options)
    for seat, action in parse(moves):
        state = engine.apply(state, seat, action)
    assert engine.is_over(state)
    assert engine.final(state) == final
    assert engine.outcome(state) == outcome
