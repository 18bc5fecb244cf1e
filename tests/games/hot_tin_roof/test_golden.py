"""Golden playthroughs: a seed and its actions give exactly this final state and result, every time."""

import json
from pathlib import Path

import pytest

from games.hot_tin_roof import engine, tally

GOLDEN = Path(__file__).with_name("golden")


@pytest.mark.parametrize("name", ["three", "four"])
def test_a_recorded_game_replays_to_its_final(name):
    game = json.loads((GOLDEN / f"{name}.json").read_text())
    state = engine.new_game(game["seats"], game["seed"], game["options"])
    for move in game["moves"]:
        assert engine.to_move(state) == [move["seat"]]
        assert move["action"] in engine.legal_actions(state, move["seat"])
        state = engine.apply(state, move["seat"], move["action"])
    assert engine.is_over(state)
    assert engine.final(state) == game["final"]
    assert engine.outcome(state) == game["result"]
    assert tally.outcome(game["final"], game["options"]) == game["result"]
