"""Seeded whole games played by a game's own bots through its engine alone: states to render or measure."""
import random
from importlib import import_module

MOVE_LIMIT = 5000  # a playout longer than this is a bug in the engine or its bots


def bots_of(game):
    """The game's bots module: the one the registry found for it, else `games/<slug>/bots.py`; None if it has none."""
    bots = getattr(game, "bots", None)
    if bots is not None:
        return bots
    try:
        return import_module(f"games.{game.slug}.bots")
    except ModuleNotFoundError:
        return None


def bot_playout(game, seats: int, options: dict, seed: int) -> list[dict]:
    """Every state of one whole game played by the game's best bots, from the deal to the end."""
    engine, bots = game.engine, bots_of(game)
    level = "good" if "good" in bots.LEVELS else sorted(bots.LEVELS)[-1]
    state = engine.new_game(seats, seed, options)
    states = [state]
    while not engine.is_over(state):
        if len(states) > MOVE_LIMIT:
            raise AssertionError(f"{game.name} did not end in {MOVE_LIMIT} moves")
        seat = engine.to_move(state)[0]
        rng = random.Random(f"{seed}:{len(states)}:{seat}")
        action = bots.choose(level, engine.view(state, seat), engine.legal_actions(state, seat), rng)
        state = engine.apply(state, seat, action)
        states.append(state)
    return states


def middle(states: list, shares: tuple[float, float] = (0.4, 0.6)) -> list[tuple[int, dict]]:
    """(move number, state) for the states between these shares of the game's moves."""
    first, last = (int((len(states) - 1) * share) for share in shares)
    return list(enumerate(states))[first:last + 1]


def random_playout(game, seats: int, options: dict, seed: int) -> list[dict]:
    """Every state of one whole game of random legal moves (seeded): it reaches corners good bots avoid, such as
    a reserve played out."""
    engine, rng = game.engine, random.Random(f"random:{seed}")
    state = engine.new_game(seats, seed, options)
    states = [state]
    while not engine.is_over(state):
        if len(states) > MOVE_LIMIT * 4:
            raise AssertionError(f"{game.name} did not end in {MOVE_LIMIT * 4} random moves")
        seat = rng.choice(engine.to_move(state))
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        states.append(state)
    return states
