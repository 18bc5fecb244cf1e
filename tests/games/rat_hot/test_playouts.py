"""Rat Hot played out at random to the end, with the invariants of the table checked after every strip, and
golden playthroughs: fixed games whose every score and ending is kept in tests/games/rat_hot/golden/."""
import json
import random
from pathlib import Path

import pytest

from games.rat_hot import engine, layout, scoring
from games.rat_hot.strips import ORDER, RATS, spaces_of

GOLDEN = Path(__file__).with_name("golden")


def stacked(placements: list) -> dict:
    """The table rebuilt from the placements alone: {(x, y): [height, space, strip]}."""
    cells = {}
    for strip, x, y, d in placements:
        for cell, space in zip(layout.cells(x, y, d), spaces_of(strip), strict=True):
            cells[cell] = [cells[cell][0] + 1 if cell in cells else 1, space, strip]
    return cells


def check_step(before: dict, after: dict) -> None:
    for seat in range(2):
        for chip in ("grey", "yellow"):
            assert after["chips"][seat][chip] >= before["chips"][seat][chip], "chips only grow"
    for key, (height, _, _) in before["cells"].items():
        assert after["cells"][key][0] >= height, "heights only grow"
    rebuilt = stacked(after["placements"])
    assert {f"{x},{y}": v for (x, y), v in rebuilt.items()} == after["cells"], "the top layer matches the stack"
    assert sum(h for h, _, _ in after["cells"].values()) == 3 * len(after["placements"])
    assert all(layout.on_table(cell) for cell in rebuilt)
    placed = [strip for strip, *_ in after["placements"][1:]]
    assert sorted(placed + after["revealed"] + after["deck"]) == sorted(ORDER), "every strip is somewhere, once"
    shown = json.dumps(engine.view(after, None))
    assert not any(f'"{strip}"' in shown for strip in after["deck"]), "a face-down strip shows in the view"
    gained = [engine.points(after, s) - engine.points(before, s) for s in range(2)]
    assert gained == [sum(scoring.CHIPS[e["chip"]] for e in after["scored"] if e["seat"] == s) for s in range(2)]


def check_end(state: dict) -> None:
    top = {c: space for c, (_, space, _) in engine.board(state).items()}
    out = engine.outcome(state)
    if state["ended_by"] == "rats":
        assert state["options"]["rats"] and scoring.rats_visible(top, state["loser"]) >= 3
        assert out["breakdown"][state["loser"]] == {"lost_by_rats": True}
    else:
        assert state["ended_by"] == "last_strip" and len(state["placements"]) == 1 + len(ORDER)
        assert state["tally"] == scoring.final_tally(top)
        assert out["scores"] == [engine.points(state, s) + state["tally"][s]["points"] for s in range(2)]
    assert engine.final(state) == {"deck": state["drawn"], "ended_by": state["ended_by"]}


def playout(seed: int, rats: bool) -> dict:
    rng = random.Random(seed)
    state = engine.new_game(2, seed, {"rats": rats})
    while not engine.is_over(state):
        seat = state["turn"]
        action = rng.choice(engine.legal_actions(state, seat))
        after = engine.apply(state, seat, action)
        check_step(state, after)
        if not after["options"]["rats"]:
            assert after["ended_by"] != "rats"
        state = after
    check_end(state)
    return state


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_invariants(seed):
    playout(seed, rats=seed % 2 == 0)


@pytest.mark.slow
def test_five_hundred_random_games_keep_the_invariants():
    endings = {"rats": 0, "last_strip": 0}
    for seed in range(500):
        endings[playout(1000 + seed, rats=seed % 2 == 0)["ended_by"]] += 1
    assert endings["last_strip"] >= 250 and endings["rats"] > 0


def test_rats_are_counted_for_the_player_who_ends_the_turn_only():
    for seed in range(40):
        state = playout(seed, rats=True)
        if state["ended_by"] == "rats":
            last = state["log"][-2]
            assert last["event"] == "lost_by_rats" and last["seat"] == state["loser"]
            placer = [e for e in state["log"] if e["event"] == "placed"][-1]["seat"]
            assert placer == state["loser"]
            assert sum(space == RATS[state["loser"]] for _, space, _ in state["cells"].values()) >= 3


# --------------------------------------------------------------------------------------------- golden games


def golden_game(seed: int, rats: bool) -> dict:
    """A game whose moves are drawn with random.Random(seed) from legal_actions; every score along the way."""
    rng = random.Random(seed)
    state = engine.new_game(2, seed, {"rats": rats})
    moves, chips = [], []
    while not engine.is_over(state):
        seat = state["turn"]
        action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action)
        moves.append({"seat": seat, "action": action})
        chips.append([[c["grey"], c["yellow"]] for c in state["chips"]])
    return {"seed": seed, "options": {"rats": rats}, "moves": moves, "chips": chips, "final": engine.final(state),
            "result": engine.outcome(state)}


def write_golden() -> None:  # pragma: no cover - run by hand after a deliberate change of the rules
    GOLDEN.mkdir(exist_ok=True)
    for seed, rats in ((5, False), (17, False), (42, True)):
        (GOLDEN / f"seed{seed}.json").write_text(json.dumps(golden_game(seed, rats), indent=None) + "\n")


@pytest.mark.parametrize("name", ["seed5", "seed17", "seed42"])
def test_golden_playthroughs_replay_to_the_same_scores_and_end(name):
    kept = json.loads((GOLDEN / f"{name}.json").read_text())
    state = engine.new_game(2, kept["seed"], kept["options"])
    for move, chips in zip(kept["moves"], kept["chips"], strict=True):
        assert move["action"] in engine.legal_actions(state, move["seat"])
        state = engine.apply(state, move["seat"], move["action"])
        assert [[c["grey"], c["yellow"]] for c in state["chips"]] == chips
    assert engine.is_over(state)
    assert engine.final(state) == kept["final"]
    assert engine.outcome(state) == kept["result"]


if __name__ == "__main__":  # pragma: no cover
    write_golden()
