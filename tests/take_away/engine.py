"""Take Away: a pile of stones; each turn take 1 to 3; whoever takes the last stone wins. Pure, like every engine."""
import copy

from games.contract import (
    IllegalAction,
    bounded_log,
    check_action,
    check_seat,
    check_seat_count,
    is_whole,
    next_rng,
)
from games.contract import (
    normalise_options as normalise,
)

from . import rules

SLUG, NAME = "take_away", "Take Away"
MIN_SEATS = MAX_SEATS = rules.PLAYERS
OPTIONS = rules.OPTIONS
__all__ = ["IllegalAction", "new_game", "to_move", "legal_actions", "apply", "view", "is_over", "outcome", "final"]


def normalise_options(options: dict | None) -> dict:
    return normalise(OPTIONS, options)


def new_game(seats: int, seed: int, options: dict | None = None) -> dict:
    check_seat_count(seats, MIN_SEATS, MAX_SEATS)
    options = normalise_options(options)
    state = {"seats": seats, "seed": seed, "draws": 0, "options": options, "pile": options["stones"],
             "taken": [0] * seats, "turn": 0, "winner": None, "log": []}
    state["turn"] = next_rng(state).randrange(seats)  # who starts is drawn
    return state


def to_move(state) -> list[int]:
    return [] if is_over(state) else [state["turn"]]


def legal_actions(state, seat) -> list[dict]:
    if seat not in to_move(state):
        return []
    return [{"type": "take", "stones": n} for n in range(1, min(rules.MOST_PER_TURN, state["pile"]) + 1)]


def apply(state, seat, action) -> dict:
    check_seat(state["seats"], seat)
    check_action(action)
    if is_over(state):
        raise IllegalAction("game_over", "The game is over.")
    if seat != state["turn"]:
        raise IllegalAction("not_your_turn", "It is not your turn.")
    if set(action) != {"type", "stones"} or not is_whole(action["stones"]) or action not in legal_actions(state, seat):
        raise IllegalAction("too_many", "Take one to three stones, no more than the pile holds.",
                            most=min(rules.MOST_PER_TURN, state["pile"]))
    state = copy.deepcopy(state)
    n = action["stones"]
    state["pile"] -= n
    state["taken"][seat] += n
    state["log"].append({"event": "took", "seat": seat, "stones": n, "left": state["pile"]})
    if state["pile"] == 0:
        state["winner"] = seat
    else:
        state["turn"] = 1 - seat
    bounded_log(state["log"], 50)
    return state


def view(state, seat=None) -> dict:
    return {key: copy.deepcopy(state[key]) for key in ("seats", "pile", "taken", "turn", "winner", "log", "options")}


def is_over(state) -> bool:
    return state["winner"] is not None


def outcome(state) -> dict:
    return rules.outcome(state["taken"], state["winner"])


def final(state) -> dict:
    return {"taken": list(state["taken"]), "winner": state["winner"]}
