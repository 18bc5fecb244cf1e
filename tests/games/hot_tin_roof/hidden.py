"""What a seat of Hot Tin Roof may not know, as a state it cannot tell from the real one (the secrets tests).

`secrets(state, seat, rng)` gives a twin of the state that differs exactly in what no seat knows before the end:
the order of the face-down home tiles (the pile), the order of the discarded tiles, and the seed.
"""
import copy

from games.hot_tin_roof import engine


def secrets(state: dict, seat: int | None, rng) -> dict:
    twin = copy.deepcopy(state)
    if engine.is_over(state):
        return twin
    twin["seed"] = rng.randrange(2**31)
    rng.shuffle(twin["pile"])
    rng.shuffle(twin["discards"])
    return twin
