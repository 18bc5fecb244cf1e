"""The registry of the four games: what the site says about each agrees with its engine."""
import random

import pytest

from games import registry


def test_four_games_three_of_them_playable():
    assert [g.slug for g in registry.GAMES] == ["hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"]
    assert [g.slug for g in registry.playable_games()] == ["hot_tin_roof", "rat_a_tat_cat", "cat_tower"]
    with pytest.raises(KeyError):
        registry.get("snap")


@pytest.mark.parametrize("game", registry.playable_games(), ids=lambda g: g.slug)
def test_the_direction_of_scores_is_the_engines(game):
    """lower_score_wins (used by statistics for "best score") says what the engine's ranks say."""
    engine, rng = game.engine, random.Random(7)
    for seed in range(20):
        state = engine.new_game(engine.MIN_SEATS, seed, {})
        while not engine.is_over(state):
            seat = engine.to_move(state)[0]
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        scores, ranks = engine.outcome(state)["scores"], engine.outcome(state)["ranks"]
        best = min(scores) if game.lower_score_wins else max(scores)
        if scores.count(best) == 1:
            assert ranks[scores.index(best)] == 1


def test_a_game_has_a_page_script_only_when_it_brings_one():
    assert registry.get("cat_tower").script == "js/cat_tower.js"
    assert registry.get("rat_a_tat_cat").script is None
