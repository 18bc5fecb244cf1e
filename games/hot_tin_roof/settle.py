"""The end of the game: the pairs left on the board are paid for (15 cans to the bank) or joined, in turn order
from the player who took the last fish; a player with two pairs chooses the order."""

from . import purse
from .dumpsters import PAIRS
from .racing import alternatives, diagnose_path, find_path
from .refusals import refuse
from .rules import PAIR_PENALTY


def pairs_on_board(state: dict, seat: int) -> list[str]:
    return [pair for pair in PAIRS if state["players"][seat]["cats"][pair] != [None, None]]


def start(state: dict, trigger: int) -> None:
    """The last fish is taken: note the pairs left and who settles in which order."""
    state["trigger"] = trigger
    state["log"].append({"event": "last_fish", "seat": trigger})
    seats = state["seats"]
    for seat in range(seats):
        state["players"][seat]["pairs_left"] = len(pairs_on_board(state, seat))
    state["settle_order"] = [(trigger + k) % seats for k in range(seats)]
    state["phase"] = "settle"
    advance(state)


def settling_seat(state: dict):
    for seat in state["settle_order"]:
        if pairs_on_board(state, seat):
            return seat
    return None


def advance(state: dict) -> None:
    seat = settling_seat(state)
    state["turn"] = seat
    if seat is None:
        state["phase"] = "over"
        state["log"].append({"event": "game_over", "seat": None})


def settle_actions(state: dict, seat: int) -> list[dict]:
    actions = []
    budget = purse.funds(state["players"][seat])
    for pair in pairs_on_board(state, seat):
        actions.append({"type": "settle", "pair": pair})
        cats = state["players"][seat]["cats"][pair]
        for cat in (0, 1):
            found = alternatives(state, seat, cats[cat]).get(cats[1 - cat], [])
            actions += [{"type": "settle", "pair": pair, "path": list(path.patios)}
                        for path in found if path.cost <= budget]
    return actions


def diagnose(state: dict, seat: int, action: dict) -> None:
    pair = action.get("pair")
    if pair not in PAIRS:
        refuse("no_such_pair", "Name a pair of cats: sitting or standing.")
    if pair not in pairs_on_board(state, seat):
        refuse("pair_settled", "That pair is not on the board.", pair=pair)
    if "path" in action:
        cats = state["players"][seat]["cats"][pair]
        patios = action["path"]
        first = patios[0] if isinstance(patios, list) and patios else None
        start = first if first in cats else cats[0]
        diagnose_path(state, seat, start, patios)
        if patios[-1] != cats[1 - cats.index(start)]:
            refuse("not_a_join", "A joining path runs from one cat of the pair to the other.", pair=pair)


def settle(state: dict, seat: int, action: dict) -> None:
    pair = action["pair"]
    player = state["players"][seat]
    if "path" in action:
        path = find_path(state, seat, action["path"])
        state["log"].append({"event": "settled_joined", "seat": seat, "pair": pair, "path": list(path.patios),
                             "cans": path.cost})
        purse.pay_tolls(state, seat, path)
    else:
        purse.exchange_for(state, seat, PAIR_PENALTY)
        paid = min(PAIR_PENALTY, player["cans"])
        purse.to_bank(state, seat, paid)
        player["penalties"] += paid
        state["log"].append({"event": "settled_paid", "seat": seat, "pair": pair, "cans": paid})
    player["cats"][pair] = [None, None]
    advance(state)
