"""Random playouts: a thousand complete games of 2 to 4 players, with the rules' invariants checked at every step."""

import json
import random

import pytest

from games.cat_tower import engine
from games.cat_tower.scoring import complete_columns, validate_sheet
from games.cat_tower.sheet import default_tower

from .helpers import mark, snapshot

TOWER = default_tower()
GAMES = 1000


def check_sheets(before, after):
    """What every sheet must keep between two states of one game."""
    for old, new in zip(before["sheets"], after["sheets"], strict=True):
        if new == old:
            continue  # most steps change no sheet; checking only changed ones keeps a thousand games quick
        # Marks go only on empty hexes that exist, and are never rubbed out.
        assert old["marks"].items() <= new["marks"].items()
        assert len(new["marks"]) - len(old["marks"]) <= 1
        for h, item in new["marks"].items():
            assert h in TOWER.floor_of
            assert (item == "house") == (h in TOWER.house_hexes)
        footprints = new["footprints"]
        assert 0 <= footprints["crossed"] <= footprints["circled"] <= TOWER.footprints
        # Each cat is scored at most once, after a house, and never rewritten.
        assert old["cats"].items() <= new["cats"].items()
        assert set(new["cats"]) <= set(TOWER.cats)
        assert len(new["cats"]) <= sum(1 for item in new["marks"].values() if item == "house")
        complete = complete_columns(new, TOWER)
        assert all(int(column) in complete for column in new["columns"])


def check_hidden(state, seat, rng):
    """Right after seat submits, neither a spectator nor another seat (one at random) can see what it chose."""
    pending = state["pending"][seat]
    for other in (None, rng.choice([s for s in range(state["seats"]) if s != seat])):
        seen = engine.view(state, other)
        assert seen["pending"] is None or other is not None and seen["pending"] == state["pending"][other]
        if pending["type"] == "mark":
            assert f"{pending['column']}-{pending['floor']}" not in seen["sheets"][seat]["marks"]
        assert seen["submitted"][seat] is True
    assert engine.view(state, seat)["pending"] == pending


def an_illegal_action(state, seat, rng):
    """Something the rules refuse right now: a taken die, a filled hex, a wasted footprint, a seat out of turn."""
    idle = [s for s in range(state["seats"]) if s not in engine.to_move(state)]
    sheet = state["sheets"][seat]
    choices = [(seat, {"type": "take_die", "die": len(state["roll"])}), (seat, {"type": rng.choice(["x", None])})]
    if idle:
        choices.append((rng.choice(idle), {"type": "pass"}))
    if state["phase"] == "draft":
        taken = [i for i, t in enumerate(state["taken_by"]) if t is not None]
        if taken:
            choices.append((seat, {"type": "take_die", "die": rng.choice(taken)}))
        choices.append((seat, mark(2, 2, 3)))
    else:
        if sheet["marks"]:
            column, floor = map(int, rng.choice(sorted(sheet["marks"])).split("-"))
            choices.append((seat, mark(2, column, floor)))
        legal = engine.legal_marks(state, seat)
        if legal:
            wasteful = dict(rng.choice(legal))
            wasteful["footprints"] += 1
            choices.append((seat, wasteful))
        choices.append((seat, {"type": "take_die", "die": 0}))
    return rng.choice(choices)


def play_randomly(seats, seed, rng):
    state = engine.new_game(seats, seed, {})
    actions = []
    while not engine.is_over(state):
        movers = engine.to_move(state)
        assert movers, "not over, but nobody is to move"
        seat = rng.choice(movers)
        legal = engine.legal_actions(state, seat)
        assert legal and legal[-1] == {"type": "pass"} or state["phase"] == "draft"
        if rng.random() < 0.1:
            before = snapshot(state)
            who, wrong = an_illegal_action(state, seat, rng)
            with pytest.raises(engine.IllegalAction):
                engine.apply(state, who, wrong)
            assert snapshot(state) == before
        action = rng.choice(legal)
        new = engine.apply(state, seat, action)
        check_sheets(state, new)
        if new["phase"] == "mark" and new["pending"][seat] is not None:
            check_hidden(new, seat, rng)
        actions.append((seat, action))
        state = new
    return state, actions


def check_end(state):
    result = engine.outcome(state)
    assert any(len(complete_columns(s, TOWER)) >= 3 for s in state["sheets"])
    for breakdown, score in zip(result["breakdown"], result["scores"], strict=True):
        assert breakdown["total"] == score == sum(v for k, v in breakdown.items() if k != "total")
    assert min(result["ranks"]) == 1
    # Everything the engine writes is a sheet a player could have filled in by hand.
    for sheet in engine.final(state)["sheets"]:
        assert validate_sheet(sheet) == []
    json.dumps(engine.view(state, None))


@pytest.mark.slow
def test_a_thousand_random_games_keep_the_rules():
    rng = random.Random(2026)
    seat_counts = {2: 0, 3: 0, 4: 0}
    for _ in range(GAMES):
        seats = rng.randint(2, 4)
        seat_counts[seats] += 1
        state, _ = play_randomly(seats, rng.randrange(10**9), rng)
        check_end(state)
    assert min(seat_counts.values()) > GAMES // 5


def test_the_same_seed_and_actions_give_the_same_game():
    state, actions = play_randomly(3, 12345, random.Random(3))
    again = engine.new_game(3, 12345, {})
    for seat, action in actions:
        again = engine.apply(again, seat, action)
    assert snapshot(again) == snapshot(state)


def test_apply_never_changes_its_input():
    rng = random.Random(8)
    state = engine.new_game(4, 77, {})
    while not engine.is_over(state):
        seat = rng.choice(engine.to_move(state))
        before = snapshot(state)
        new = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        assert snapshot(state) == before
        state = new
