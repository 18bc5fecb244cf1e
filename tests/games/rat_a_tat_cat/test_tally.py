"""Rat-a-Tat Cat's table pad: lowest total wins, eliminations as they happen, the chosen end, impossible pads.

The pad ranks with the engine's own code: a random online game's final() gives the same result through the pad.
"""

import random

import pytest

from games.rat_a_tat_cat import engine, tally


def pad(*rounds, rows=None):
    return {"rounds": [{"rows": rows, "scores": list(scores)} for scores in rounds]}


ROUNDS_2 = {"end": "rounds", "rounds": 2}
ELIMINATION_30 = {"end": "elimination", "limit": 30}


def test_lowest_total_wins_and_the_breakdown_lists_the_rounds():
    result = tally.outcome(pad([10, 4, 7], [3, 12, 9]), ROUNDS_2)
    assert result["scores"] == [13, 16, 16]
    assert result["ranks"] == [1, 2, 2]  # equal totals share a place
    assert result["breakdown"][1] == {"rounds": [4, 12], "total": 16}


def test_ties_share_the_win():
    assert tally.outcome(pad([5, 5], [6, 6]), ROUNDS_2)["ranks"] == [1, 1]


def test_a_time_game_has_any_number_of_rounds():
    result = tally.outcome(pad([5, 9], [6, 1], [0, 2]), {"end": "time"})
    assert result["scores"] == [11, 12] and result["ranks"] == [1, 2]


def test_elimination_puts_players_out_as_they_reach_the_limit():
    final = pad([10, 20, 5], [25, 12, 8])  # seats 0 and 1 reach 35 and 32 in round 2: seat 2 is the last one in
    assert tally.out_rounds([[10, 20, 5], [25, 12, 8]], 30) == [2, 2, None]
    result = tally.outcome(final, ELIMINATION_30)
    assert result["scores"] == [35, 32, 13]
    assert result["ranks"] == [3, 2, 1]  # out in the same round: the lower total places higher


def test_a_player_out_sits_out_the_later_rounds_and_places_below_those_still_in():
    final = pad([31, 3, 4], [None, 20, 9], [None, 9, 10])  # seat 0 out after round 1, seat 1 after round 3
    result = tally.outcome(final, ELIMINATION_30)
    assert result["breakdown"][0] == {"rounds": [31, None, None], "total": 31}
    assert result["ranks"] == [3, 2, 1]


def test_standings_show_running_totals_and_who_goes_out_after_each_round():
    table = tally.standings(pad([31, 3, 4], [None, 20, 9], [None, 9, 10]), ELIMINATION_30)
    assert [row["totals"] for row in table] == [[31, 3, 4], [31, 23, 13], [31, 32, 23]]
    assert [row["out"] for row in table] == [[0], [], [1]]
    assert [row["was_out"] for row in table] == [[], [0], [0]]


def test_standings_are_lenient_while_the_pad_is_being_filled_in():
    table = tally.standings({"rounds": [{"scores": [4, None]}, {"scores": ["x", 7]}]}, {"end": "rounds"})
    assert [row["totals"] for row in table] == [[4, 0], [4, 7]]
    assert table[0]["out"] == [] and tally.standings({}, {}) == []


def test_rows_may_be_given_and_must_add_up():
    rows = [[1, 2, 3, 4], [0, 0, 9, 9]]
    assert tally.outcome(pad([10, 18], rows=rows), {"end": "time"})["scores"] == [10, 18]
    with pytest.raises(ValueError, match=r"Round 1, player 2: the cards \[0, 0, 9, 9\] add up to 18, not 17"):
        tally.outcome(pad([10, 17], rows=rows), {"end": "time"})
    with pytest.raises(ValueError, match="a row is four cards from 0 to 9"):
        tally.outcome(pad([10, 18], rows=[[1, 2, 3, 4], [0, 0, 9, 9, 0]]), {"end": "time"})


@pytest.mark.parametrize("final, options, reason", [
    ({}, {}, "Enter at least one round's scores"),
    (pad([3]), {"end": "time"}, "for 2 to 6 players, not 1"),
    (pad([3, 4], [5]), {"end": "time"}, "Round 2 has 1 scores but round 1 has 2"),
    (pad([3, 37]), {"end": "time"}, "Round 1, player 2: a round score is the sum of four cards, a whole number"),
    (pad([3, -1]), {"end": "time"}, "a whole number from 0 to 36, not -1"),
    (pad([3, None]), {"end": "time"}, "Round 1, player 2: the score is missing"),
    (pad([3, 4]), ROUNDS_2, "The game was set to 2 rounds, but 1 are entered"),
    (pad([31, 3, 4], [5, 20, 9]), ELIMINATION_30, "Round 2, player 1: went out after round 1"),
    (pad([31, 3, 4], [None, 20, 9]), ELIMINATION_30, "at most one player is left below 30; 2 still are"),
    (pad([31, 30, 4], [None, None, 9]), ELIMINATION_30, "The game ended after round 1"),
    (pad([3, 4]), {"end": "sudden death"}, "Option end must be one of"),
    (pad([3, 4]), {"colour": "red"}, "no option 'colour'"),
])
def test_impossible_pads_are_refused_with_the_reason(final, options, reason):
    with pytest.raises(ValueError, match=reason.replace("(", r"\(")):
        tally.outcome(final, options)


def play_out(seats, seed, options):
    """A random game through the engine's public contract."""
    rng = random.Random(seed)
    state = engine.new_game(seats, seed, options)
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_the_pad_gives_the_engines_result_for_a_finished_online_game(seed):
    options = [{"end": "rounds", "rounds": 2}, {"end": "elimination", "limit": 40}][seed % 2]
    state = play_out(2 + seed % 4, seed, options)
    assert tally.outcome(engine.final(state), state["options"]) == engine.outcome(state)
