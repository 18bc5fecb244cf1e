"""Hot Tin Roof test helpers: tables set up by hand (the state is plain JSON) and moves played through apply()."""

import json

from games.hot_tin_roof import engine, rules

WHITE, ORANGE, BROWN, BLUE = 0, 1, 2, 3  # the rules page's colours, in seat order


def copy(state):
    return json.loads(json.dumps(state))


def table(seats=4, turn=0, phase="race", seed=1, cans=None, fish=None, catwalks=None, shelters=None, cats=None,
          moved=(), market=None, options=None):
    """A game of `seats` players with the board, holdings and phase set as given.

    `cats` = {(seat, pair): [patio, patio]}; `cans` / `fish` = {seat: n}."""
    state = engine.new_game(seats, seed, options or {})
    state.update(phase=phase, turn=turn, moved=list(moved), catwalks=dict(catwalks or {}),
                 shelters=dict(shelters or {}))
    for (seat, pair), patios in (cats or {}).items():
        state["players"][seat]["cats"][pair] = list(patios)
    for seat, n in (cans or {}).items():
        state["players"][seat]["cans"] = n
    for seat, n in (fish or {}).items():
        state["players"][seat]["fish"] = n
    if market is not None:
        state["market"] = market
    return state


def play(state, seat, action):
    return engine.apply(state, seat, action)


def cans_of(state):
    return [p["cans"] for p in state["players"]]


def moves_of(state, seat, pair=None, cat=None):
    return [a for a in engine.legal_actions(state, seat) if a["type"] == "move"
            and (pair is None or a["pair"] == pair) and (cat is None or a["cat"] == cat)]


def paths_to(state, seat, pair, cat, patio):
    return [a["path"] for a in moves_of(state, seat, pair, cat) if a["path"][-1] == patio]


def events(state, name):
    return [entry for entry in state["log"] if entry.get("event") == name]


def can_balance(state):
    """Cans of players + cans on dumpsters - the bank's balance: constant through a game."""
    return sum(cans_of(state)) + sum(state["dumpsters"].values()) - state["bank"]


def start_balance(seats):
    return rules.START_CANS * seats + 14


def gains(before, after):
    """Each seat's change in cans from `before` to `after`, leaving out the next player's ante (a move that ends
    the turn by itself starts the next one)."""
    change = [b - a for a, b in zip(cans_of(before), cans_of(after), strict=True)]
    for entry in after["log"][len(before["log"]):]:
        if entry.get("event") == "ante":
            change[entry["seat"]] += entry["cans"]
    return change
