"""What a seat of Rat-a-Tat Cat may not know, as a state it cannot tell from the real one (the secrets tests).

`secrets(state, seat, rng)` gives a twin of the state that differs exactly in what `seat` (None: a spectator) does
not know: the order of the draw pile, every card in a row it has not seen, the card another player drew, and the
seed that will shuffle the next rounds. Every page and push for that seat must be the same for both states.
"""
import copy

from games.rat_a_tat_cat import memory
from games.rat_a_tat_cat.deck import is_power
from games.rat_a_tat_cat.scoring import is_over


def secrets(state: dict, seat: int | None, rng) -> dict:
    twin = copy.deepcopy(state)
    if is_over(state):
        return twin  # everything is revealed at the end, the seed too
    twin["seed"] = rng.randrange(2**31)
    slots = [("draw_pile", i) for i in range(len(state["draw_pile"]))]
    slots += [("rows", owner, position) for owner, row in enumerate(state["rows"]) for position in range(len(row))
              if memory.value(state, seat, owner, position) is None]
    if state["drawn"] is not None and seat != state["turn"]:
        slots.append(("drawn",))
    # Cards change places within their kind only: a row holds number cards, and a power card drawn shows in the
    # phase of the turn (which everyone sees), so which cards are power cards is not the secret here.
    for power in (False, True):
        group = [slot for slot in slots if is_power(_get(state, slot)) == power]
        values = [_get(state, slot) for slot in group]
        rng.shuffle(values)
        for slot, value in zip(group, values, strict=True):
            _put(twin, slot, value)
    _others_know_the_new_cards(twin, seat)
    return twin


def _get(state, slot):
    if slot[0] == "drawn":
        return state["drawn"]
    if slot[0] == "draw_pile":
        return state["draw_pile"][slot[1]]
    return state["rows"][slot[1]][slot[2]]


def _put(state, slot, value) -> None:
    if slot[0] == "drawn":
        state["drawn"] = value
    elif slot[0] == "draw_pile":
        state["draw_pile"][slot[1]] = value
    else:
        state["rows"][slot[1]][slot[2]] = value


def _others_know_the_new_cards(twin: dict, seat) -> None:
    """Keep the twin consistent: whoever else knew a card that moved now knows the card that took its place."""
    mine = memory.knower(twin, seat)
    for knower, known in enumerate(twin["known"]):
        if knower == mine:
            continue
        for owner, row in enumerate(twin["rows"]):
            for position in range(len(row)):
                if known[owner][position] is not None:
                    known[owner][position] = row[position]
