"""What a seat of Take Away may not know (the secrets tests): only the seed, the game hides nothing else."""
import copy


def secrets(state: dict, seat: int | None, rng) -> dict:
    twin = copy.deepcopy(state)
    if state["winner"] is None:
        twin["seed"] = rng.randrange(2**31)
    return twin
