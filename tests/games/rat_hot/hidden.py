"""What a seat of Rat Hot may not know, as a state it cannot tell from the real one (the secrets tests).

`secrets(state, seat, rng)` gives a twin of the state that differs exactly in what no seat knows before the end:
the order of the face-down strips still to draw, and the seed.
"""
import copy

from games.rat_hot import engine


def secrets(state: dict, seat: int | None, rng) -> dict:
    twin = copy.deepcopy(state)
    if engine.is_over(state):
        return twin
    twin["seed"] = rng.randrange(2**31)
    rng.shuffle(twin["deck"])
    return twin
