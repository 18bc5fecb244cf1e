"""Cans and fish changing hands: the bank, the automatic fish exchange, tolls and the log lines they leave."""

from .rules import FISH_VALUE


def funds(player: dict) -> int:
    """What a player can pay: cans plus fish at 10 cans each (exchanged with the bank as needed)."""
    return player["cans"] + FISH_VALUE * player["fish"]


def exchange_for(state: dict, seat: int, needed: int) -> None:
    """Exchange fish with the bank, one at a time, until the player holds `needed` cans or has no fish."""
    player = state["players"][seat]
    while player["cans"] < needed and player["fish"] > 0:
        player["fish"] -= 1
        player["cans"] += FISH_VALUE
        state["bank"] += FISH_VALUE
        state["fish_exchanged"] += 1
        state["log"].append({"event": "exchanged", "seat": seat, "fish": 1, "cans": FISH_VALUE})


def from_bank(state: dict, seat: int, cans: int) -> None:
    state["players"][seat]["cans"] += cans
    state["bank"] += cans


def to_bank(state: dict, seat: int, cans: int) -> None:
    state["players"][seat]["cans"] -= cans
    state["bank"] -= cans


def pay_tolls(state: dict, seat: int, path) -> None:
    """Pay each opponent the path's tolls (fish exchanged first if needed), one log line per opponent paid."""
    exchange_for(state, seat, path.cost)
    players = state["players"]
    for owner, cans in enumerate(path.tolls):
        if cans:
            players[seat]["cans"] -= cans
            players[owner]["cans"] += cans
            state["log"].append({"event": "paid_toll", "seat": seat, "to": owner, "cans": cans,
                                 "catwalks": path.catwalks[owner], "shelters": path.shelters[owner]})
