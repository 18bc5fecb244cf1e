"""What a seat of Cat Tower may not know, as a state it cannot tell from the real one (the secrets tests).

`secrets(state, seat, rng)` gives a twin of the state that differs exactly in what `seat` (None: a spectator) does
not know: the marks the other players have chosen this round but that are not revealed yet (each replaced by
another mark or pass that player could have chosen), and the seed that rolls the next rounds' dice.
"""
import copy

from games.cat_tower import engine


def secrets(state: dict, seat: int | None, rng) -> dict:
    twin = copy.deepcopy(state)
    if engine.is_over(state):
        return twin  # everything is revealed at the end, the seed too
    twin["seed"] = rng.randrange(2**31)
    for other, chosen in enumerate(state["pending"]):
        if other == seat or chosen is None:
            continue
        undecided = copy.deepcopy(twin)
        undecided["pending"][other] = None
        choices = [a for a in engine.legal_actions(undecided, other) if a != chosen]
        if not choices:
            continue
        # Someone has not chosen yet (else the round would be revealed), so this choice reveals nothing either.
        replaced = engine.apply(undecided, other, rng.choice(choices))
        twin["pending"][other] = replaced["pending"][other]
    return twin
