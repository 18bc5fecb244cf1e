"""Bots: the easy bot plays any legal action; the good bot takes the best mark and beats easy bots; the medium bot
misjudges good's worths a little and sits between them."""

import random

import pytest

from games.cat_tower import bots, engine

from ..bot_levels import LEVELS, lone_wins
from .helpers import draft, game, with_sheet

COLUMN_2_BUT_FLOOR_4 = {"2-1": "yarn", "2-2": "house", "2-3": "cushion", "2-5": "yarn", "2-6": "butterfly"}


def play(levels, seed):
    state = engine.new_game(len(levels), seed, {})
    rng = random.Random(seed)
    while not engine.is_over(state):
        seat = engine.to_move(state)[0]
        action = bots.choose(levels[seat], engine.view(state, seat), engine.legal_actions(state, seat), rng)
        state = engine.apply(state, seat, action)
    return engine.outcome(state)


@pytest.mark.slow
def test_the_good_bot_beats_two_easy_bots_in_most_games():
    wins = 0
    for seed in range(200):
        good = seed % 3
        levels = ["easy"] * 3
        levels[good] = "good"
        wins += play(levels, seed)["ranks"][good] == 1  # a shared first place counts as a win
    assert wins >= 120, f"the good bot won only {wins} of 200"


def test_bots_play_whole_games_of_every_size_with_legal_actions_only():
    for seats in (2, 3, 4):
        result = play(["good", "easy", "medium", "medium"][:seats], seats)
        assert len(result["scores"]) == seats


def ranks(levels, seed):
    return play(levels, seed)["ranks"]


@pytest.mark.slow
def test_the_medium_bot_beats_two_easy_bots_clearly():
    wins = lone_wins(ranks, "medium", "easy", 200, seats=3)
    assert wins >= 140, f"the medium bot won only {wins} of 200 against two easy bots"  # by chance: 67


@pytest.mark.slow
def test_the_medium_bot_loses_clearly_to_two_good_bots():
    wins = lone_wins(ranks, "medium", "good", 100, seats=3)  # docs/games: 200 measured
    assert wins <= 25, f"the medium bot won {wins} of 100 against two good bots"  # by chance: 33


def test_the_medium_bot_beats_two_easy_bots_in_a_few_games():
    assert lone_wins(ranks, "medium", "easy", 6, seats=3) >= 5


def test_there_are_three_levels_weakest_first():
    assert list(bots.LEVELS) == LEVELS
    state = game(2)
    with pytest.raises(ValueError, match="no bot level"):
        bots.choose("grandmaster", engine.view(state, 0), engine.legal_actions(state, 0), random.Random(1))


def test_the_easy_bot_picks_any_legal_action():
    state = draft(game(2, roll=[6, 1, 4], first=0), 0, 1)
    legal = engine.legal_actions(state, 0)
    chosen = {str(bots.choose("easy", engine.view(state, 0), legal, random.Random(n))) for n in range(60)}
    assert len(chosen) > 3 and all(any(str(a) == c for a in legal) for c in chosen)


def test_the_good_bot_completes_a_column_while_its_big_bonus_is_there():
    state = with_sheet(game(2, roll=[6, 1, 4], first=0), 0, COLUMN_2_BUT_FLOOR_4)
    state = draft(state, 0, 1)  # seat 0 holds the 6, the 4 is shared: a mouse on floor 4 or a bowl on floor 6
    action = bots.choose("good", engine.view(state, 0), engine.legal_actions(state, 0), random.Random(1))
    assert (action["column"], action["floor"]) == (2, 4)


def test_the_good_bot_takes_the_die_that_makes_the_best_mark():
    # Taking the 4 leaves a 6 to share whichever die seat 1 takes: a mouse on 2-4 completes column 2.
    # Taking a 6 risks a 6 and a 6, which cannot reach floor 4 without footprints.
    state = with_sheet(game(2, roll=[6, 4, 6], first=0), 0, COLUMN_2_BUT_FLOOR_4)
    action = bots.choose("good", engine.view(state, 0), engine.legal_actions(state, 0), random.Random(1))
    assert action == {"type": "take_die", "die": 1}


def test_the_good_bot_scores_the_best_cat_after_a_house():
    marks = {"2-2": "house", "1-1": "mouse", "1-2": "mouse", "2-1": "mouse", "5-1": "yarn"}
    state = with_sheet(game(2, roll=[1, 2, 6], first=0), 0, marks)
    state = draft(state, 0, 1)  # a 1 and a 6: a house on 4-6 or a mouse on floor 1 (all taken but 3-1, 4-1)
    action = bots.choose("good", engine.view(state, 0), engine.legal_actions(state, 0), random.Random(1))
    assert action["item"] == 1 and action["cat"] == "mouse"  # 2 houses x 3 mice


def test_the_good_bot_spends_footprints_only_for_a_mark_worth_more_than_they_cost():
    state = with_sheet(game(2, roll=[6, 1, 4], first=0), 0, COLUMN_2_BUT_FLOOR_4, circled=5)
    state = draft(state, 0, 1)
    view, legal = engine.view(state, 0), engine.legal_actions(state, 0)
    action = bots.choose("good", view, legal, random.Random(1))
    # A bowl on 2-4 (2 footprints) touching the cushion and the yarn, or a cushion there (1 footprint), both
    # score 4 where the free mouse scores 1.
    assert (action["column"], action["floor"]) == (2, 4) and action["item"] in (4, 5)
    values = bots.placement_values(view)
    free = values[(6, "2-4", None)]
    assert values[(action["item"], "2-4", None)] - bots.FOOTPRINT * action["footprints"] > free


def test_the_medium_bot_takes_a_mark_worth_nearly_the_best():
    """Its worth of each mark is off by at most MISJUDGED either way: what it takes is never worse than the best by
    more than twice that, and it is not always the best."""
    state = with_sheet(game(2, roll=[6, 1, 4], first=0), 0, COLUMN_2_BUT_FLOOR_4, circled=5)
    state = draft(state, 0, 1)
    view, legal = engine.view(state, 0), engine.legal_actions(state, 0)
    values = bots.placement_values(view)
    worth = {str(a): bots._action_worth(view, values, a) for a in legal}
    chosen = [bots.choose("medium", view, legal, random.Random(n)) for n in range(40)]
    assert all(worth[str(a)] >= max(worth.values()) - 2 * bots.MISJUDGED for a in chosen)
    assert len({str(a) for a in chosen}) > 1
    assert bots.choose("medium", view, legal, random.Random(7)) == bots.choose("medium", view, legal, random.Random(7))
