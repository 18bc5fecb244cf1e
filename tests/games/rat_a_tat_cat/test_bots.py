"""The Rat-a-Tat Cat bots: they play only legal moves, and "good" clearly beats "easy"."""

import random

import pytest

from games.rat_a_tat_cat import bots, engine

from .helpers import all_memorised, play, stacked_game


def bot_game(levels, seed, options, rng=None):
    """Play a whole game with one bot level per seat; every move must be one of the legal ones."""
    rng = rng or random.Random(seed)
    state = engine.new_game(len(levels), seed, options)
    while not engine.is_over(state):
        seat = rng.choice(engine.to_move(state))
        legal = engine.legal_actions(state, seat)
        action = bots.choose(levels[seat], engine.view(state, seat), legal, rng)
        assert action in legal
        state = engine.apply(state, seat, action)
    return state


def test_the_good_bot_beats_the_easy_bot_in_at_least_70_percent_of_two_player_rounds():
    wins = 0
    for game in range(500):
        good = game % 2  # alternate who starts
        levels = ["easy", "easy"]
        levels[good] = "good"
        totals = bot_game(levels, seed=game, options={"rounds": 1})["totals"]
        wins += totals[good] < totals[1 - good]
    assert wins >= 350, f"good won only {wins} of 500"


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("memory_aid", [False, True])
def test_both_bots_play_only_legal_moves_to_the_end(seats, memory_aid):
    for seed in range(10):
        levels = [random.Random(seed * 7 + s).choice(list(bots.LEVELS)) for s in range(seats)]
        assert engine.is_over(bot_game(levels, seed, {"rounds": 2, "memory_aid": memory_aid}))


def choice(state, seat=None):
    seat = state["turn"] if seat is None else seat
    return bots.choose("good", engine.view(state, seat), engine.legal_actions(state, seat), random.Random(0))


def test_the_good_bot_confirms_its_opening_peek_first():
    assert choice(stacked_game([[1, 2, 3, 4], [5, 6, 7, 8]], discard=0)) == {"type": "memorised"}


def test_the_good_bot_takes_a_low_discard_in_place_of_its_highest_known_card():
    state = all_memorised(stacked_game([[1, 2, 3, 9], [5, 6, 7, 8]], discard=0))
    assert choice(state) == {"type": "take_discard", "position": 3}


def test_the_good_bot_draws_rather_than_take_a_high_discard_and_discards_a_high_card():
    state = all_memorised(stacked_game([[1, 2, 3, 4], [5, 6, 7, 8]], discard=8, draw=[9]))
    assert choice(state) == {"type": "draw"}
    assert choice(play(state, (0, "draw"))) == {"type": "discard"}


def test_the_good_bot_peeks_at_a_card_it_has_not_seen():
    state = all_memorised(stacked_game([[1, 2, 3, 4], [5, 6, 7, 8]], discard=8, draw=["peek"]))
    assert choice(play(state, (0, "draw"))) in ({"type": "peek", "position": 1}, {"type": "peek", "position": 2})


def test_the_good_bot_swaps_away_its_highest_known_card():
    state = all_memorised(stacked_game([[9, 2, 3, 1], [5, 6, 7, 8]], discard=8, draw=["swap"]))
    action = choice(play(state, (0, "draw")))
    assert action["type"] == "swap" and action["position"] == 0


def test_the_good_bot_knocks_with_a_low_row_and_plays_on_with_a_high_one():
    low = all_memorised(stacked_game([[0, 1, 1, 0], [5, 6, 7, 8]], discard=8, draw=[0]))
    low = play(low, (0, "draw"), (0, {"type": "replace", "position": 1}), (0, "end_turn"), (1, "draw"),
               (1, "discard"), (1, "end_turn"), (0, "draw"), (0, {"type": "replace", "position": 2}))
    assert choice(low) == {"type": "knock"}
    high = all_memorised(stacked_game([[9, 1, 1, 9], [5, 6, 7, 8]], discard=8, draw=[9]))
    assert choice(play(high, (0, "draw"), (0, "discard"))) == {"type": "end_turn"}
