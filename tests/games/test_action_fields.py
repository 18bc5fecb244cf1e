"""Every engine refuses every malformed action field with its IllegalAction, never another exception.

A property test over states the game really reaches (seeded playouts by its own bots, tests/playouts.py): each
legal action of each shape, at each seat that may act, has each of its fields (its type too) turned into every
kind of JSON value, a field dropped, and an unknown field or a field of another shape added. The engine either
refuses the result with IllegalAction or the result is exactly one of the legal actions (as JSON: `true` is not
`1`), and the state it was given never changes.
"""
import json
import random

import pytest

from games import registry
from games.contract import IllegalAction
from tests.playouts import bot_playout, random_playout

PLAYABLE = registry.playable_games()
# Every kind of JSON value a posted field may hold (the move endpoint parses JSON; Python's parser also reads
# NaN and Infinity).
MALFORMED = [None, True, False, 0, 1, -1, 7, 2**70, -(2**70), 1.0, 0.5, float("nan"), float("inf"), "x", "", "0",
             "E", [], [0], ["x", "y"], {}, {"type": "x"}, [[{"a": [None, {}]}]], {"a": {"b": [1, [2]]}}]


def as_json(action) -> str:
    return json.dumps(action, sort_keys=True)


def shape(action: dict) -> tuple:
    return (action.get("type"), *sorted(action))


def mutations(action: dict, other_keys: set[str]):
    """The action with one field of every JSON kind, each field dropped, an unknown field or another shape's."""
    for key in action:
        for value in MALFORMED:
            yield {**action, key: value}
        yield {k: v for k, v in action.items() if k != key}
    for key in sorted(other_keys - set(action)) + ["unknown"]:
        for value in MALFORMED:
            yield {**action, key: value}


def one_of_each_shape(actions: list[dict], rng: random.Random) -> list[dict]:
    by_shape = {}
    for action in actions:
        by_shape.setdefault(shape(action), []).append(action)
    return [rng.choice(found) for _, found in sorted(by_shape.items(), key=lambda item: repr(item[0]))]


def check_states(game, states: list[dict], rng: random.Random) -> int:
    """Try every mutation on these states; the number of actions tried."""
    engine, tried = game.engine, 0
    for state in states:
        before = as_json(state)
        for seat in engine.to_move(state):
            legal = engine.legal_actions(state, seat)
            allowed = {as_json(action) for action in legal}
            keys = {key for action in legal for key in action}
            for action in one_of_each_shape(legal, rng):
                for mutated in mutations(action, keys):
                    tried += 1
                    try:
                        engine.apply(state, seat, mutated)
                    except IllegalAction:
                        continue
                    assert as_json(mutated) in allowed, f"{game.slug} took a malformed {mutated!r} from {seat}"
        assert as_json(state) == before, f"{game.slug}: refusing a malformed action changed the state"
    return tried


def reached_states(game, playouts: int, count: int, seed: str) -> list[dict]:
    """`count` states of whole games, played by the game's bots and at random in turn, at every seat count: first
    states that offer an action of a shape not seen yet (a dive moving a catwalk once the reserve is out...),
    then others at random."""
    engine, rng, played = game.engine, random.Random(seed), []
    counts = range(engine.MIN_SEATS, engine.MAX_SEATS + 1)
    for number in range(playouts):
        play = bot_playout if number % 2 else random_playout
        played += play(game, counts[number % len(counts)], {}, rng.randrange(10**6))[:-1]
    rng.shuffle(played)
    chosen, seen = [], set()
    for state in played:
        shapes = {shape(a) for seat in engine.to_move(state) for a in engine.legal_actions(state, seat)}
        if shapes - seen:
            chosen.append(state)
            seen |= shapes
    return chosen + [state for state in played if all(state is not c for c in chosen)][:max(0, count - len(chosen))]


@pytest.mark.parametrize("game", PLAYABLE, ids=lambda game: game.slug)
def test_every_malformed_field_of_every_legal_action_is_refused(game):
    states = reached_states(game, 4, 30, f"fields:{game.slug}")
    assert check_states(game, states, random.Random(f"fields:{game.slug}")) >= 50 * len(states) > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", PLAYABLE, ids=lambda game: game.slug)
def test_every_malformed_field_is_refused_over_many_games(game):
    states = reached_states(game, 12, 150, f"fields-many:{game.slug}")
    assert check_states(game, states, random.Random(f"fields-many:{game.slug}")) >= 50 * len(states) > 0
