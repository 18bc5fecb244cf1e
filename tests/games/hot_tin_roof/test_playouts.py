"""Random playouts through the public contract, checking the invariants of the rules at every step."""

import json
import random

import pytest

from games.contract import IllegalAction
from games.hot_tin_roof import engine, rules, tally
from games.hot_tin_roof.board import board

from .helpers import can_balance, start_balance


def check_invariants(state):
    seats = state["seats"]
    assert can_balance(state) == start_balance(seats), "cans appeared or vanished"
    fish = state["market"] + sum(p["fish"] for p in state["players"]) + state["fish_exchanged"]
    assert fish == rules.FISH_IN_MARKET[seats]
    for seat, player in enumerate(state["players"]):
        assert player["cans"] >= 0 and player["fish"] >= 0
        placed_catwalks = [g for g, owner in state["catwalks"].items() if owner == seat]
        placed_shelters = [p for p, owner in state["shelters"].items() if owner == seat]
        assert player["catwalks"] + len(placed_catwalks) == 6 and player["shelters"] + len(placed_shelters) == 3
        for pair in ("sitting", "standing"):
            cats = player["cats"][pair]
            assert cats == [None, None] or (cats[0] in board().patios and cats[1] in board().patios
                                            and cats[0] != cats[1])
    # The state is JSON: one key per gap and per patio, so no gap holds two catwalks nor a patio two shelters.
    assert set(state["catwalks"]) <= set(board().gaps) and set(state["shelters"]) <= set(board().patios)
    pieces = json.loads(json.dumps(state))
    assert len(pieces["catwalks"]) == len(state["catwalks"])
    assert sorted(state["pile"] + state["discards"] + [t for t in state["tiles"].values() if t]) == \
        sorted(board().tile_order)


def mutations(action, rng):
    """Actions near a legal one: another path, another spot, another cat, a stray field."""
    bad = dict(action)
    if "path" in bad:
        bad["path"] = list(bad["path"]) + [rng.choice(board().patios)]
    elif "gap" in bad:
        bad["gap"] = rng.choice(board().gap_order)
    elif "patio" in bad:
        bad["patio"] = rng.choice(board().patios)
    yield bad
    yield {**action, "cat": rng.choice([0, 1, True, "0"])} if action["type"] == "move" else {**action, "x": 1}
    yield {**action, "pair": rng.choice(["sitting", "standing", "lying"])}


def check_refusal(state, seat, action, legal):
    if json.dumps(action, sort_keys=True) in {json.dumps(a, sort_keys=True) for a in legal}:
        return
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction):
        engine.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before


def playout(seats, seed, options, rng):
    state = engine.new_game(seats, seed, options)
    actions = []
    while not engine.is_over(state):
        check_invariants(state)
        seat = engine.to_move(state)[0]
        legal = engine.legal_actions(state, seat)
        action = rng.choice(legal)
        if rng.random() < 0.1:
            for bad in mutations(action, rng):
                check_refusal(state, seat, bad, legal)
            other = (seat + 1) % seats
            check_refusal(state, other, action, engine.legal_actions(state, other))
        state = engine.apply(state, seat, action)
        actions.append((seat, action))
    check_invariants(state)
    return state, actions


@pytest.mark.slow
@pytest.mark.parametrize("batch", range(5))
def test_random_games_keep_the_rules(batch):
    rng = random.Random(batch)
    for n in range(100):  # 5 x 100 = 500 complete games
        seats = 3 + (n % 2)
        options = {"home_tiles_break_ties": n % 3 == 0}
        state, _ = playout(seats, rng.randrange(10**9), options, rng)
        assert state["market"] == 0 and state["trigger"] is not None
        assert all(p["cats"] == {"sitting": [None, None], "standing": [None, None]} for p in state["players"])
        assert tally.outcome(engine.final(state), options) == engine.outcome(state)
        assert sorted(engine.outcome(state)["ranks"]) == list(range(1, seats + 1))


def test_a_few_random_games_keep_the_rules():
    rng = random.Random(99)
    for n in range(6):
        state, _ = playout(3 + n % 2, rng.randrange(10**9), {}, rng)
        assert tally.outcome(engine.final(state), {}) == engine.outcome(state)
