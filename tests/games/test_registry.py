"""The registry of the four games: what the site says about each agrees with its engine."""
import random

import pytest

from games import registry


def test_four_games_two_of_them_playable():
    assert [g.slug for g in registry.GAMES] == ["hot_tin_roof", "rat_a_tat_cat", "cat_tower", "rat_hot"]
    assert [g.slug for g in registry.playable_games()] == ["rat_a_tat_cat", "cat_tower"]
    with pytest.raises(KeyError):
        registry.get("snap")


@pytest.mark.parametrize("game", registry.playable_games(), ids=lambda g: g.slug)
def test_the_direction_of_scores_is_the_engines(game):
    """lower_score_wins (used by statistics for "best score") says what the engine's ranks say."""
    engine, rng = game.engine, random.Random(7)
    for seed in range(20):
        state = engine.new_game(2, seed, {})
        while not engine.is_over(state):
            seat = engine.to_move(state)[0]
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        scores, ranks = engine.outcome(state)["scores"], engine.outcome(state)["ranks"]
        if scores[0] != scores[1]:
            winner = scores.index(min(scores) if game.lower_score_wins else max(scores))
            assert ranks[winner] == 1 and ranks[1 - winner] == 2


def test_a_game_loads_the_static_files_it_declares_and_they_exist():
    assert registry.get("cat_tower").table_js == ["js/cat_tower.js"]
    assert registry.get("rat_a_tat_cat").table_js == []
    assert registry.get("rat_a_tat_cat").table_css == ["rat_a_tat_cat/table.css"]
    assert all(not game.missing_assets() for game in registry.GAMES)
