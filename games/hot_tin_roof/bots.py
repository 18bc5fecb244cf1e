"""Hot Tin Roof bots: "easy" plays any legal move; "good" plans joins by cost, builds where opponents must pass,
and weighs the cans in each dumpster; "medium" plans as good does, but by eye: its worth of each dive is off by up
to ten cans either way, and it joins any pair it can rather than the cheapest.

Bots see only `view(state, seat)` and the legal actions: never the state itself.
"""

import heapq

from . import paths
from .board import board
from .rules import CATWALK_TOLL, FISH_VALUE, PAIR_PENALTY

BUILD = 4  # what a missing catwalk is worth in cans when planning: a dive that could have taken cans
TOLL_HOPE = 0.5  # how likely an opponent is to pay a toll we set on its best way
MISJUDGED = 10.0  # medium's worth of a dive is off by up to this many cans either way


def choose(level: str, view: dict, legal_actions: list, rng) -> dict:
    return LEVELS[level](view, legal_actions, rng)


def easy(view: dict, legal_actions: list, rng) -> dict:
    """Any legal move, at random."""
    return rng.choice(legal_actions)


def good(view: dict, legal_actions: list, rng) -> dict:
    return _play(view, legal_actions, rng, error=0.0)


def medium(view: dict, legal_actions: list, rng) -> dict:
    return _play(view, legal_actions, rng, error=MISJUDGED)


def _play(view: dict, legal_actions: list, rng, error: float) -> dict:
    kind = legal_actions[0]["type"]
    if kind == "dive":
        return _best_dive(view, legal_actions, rng, error)
    if kind == "settle":
        return _best_settle(view, legal_actions)
    return _best_move(view, legal_actions, rng, hasty=bool(error))


LEVELS = {"easy": easy, "medium": medium, "good": good}  # in the order a player picks from


# ---------------------------------------------------------------- planning costs

def plan_cost(view: dict, seat: int, start: str, goal: str, catwalks: dict | None = None,
              shelters: dict | None = None) -> float:
    """Estimated cans (building counted as BUILD) to bring a cat from start to goal for `seat`."""
    catwalks = view["catwalks"] if catwalks is None else catwalks
    shelters = view["shelters"] if shelters is None else shelters
    dist = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        d, here = heapq.heappop(heap)
        if here == goal:
            return d
        if d > dist[here]:
            continue
        for there, gap in board().neighbours[here]:
            missing = gap is not None and gap not in catwalks  # built first: its worth, then the step's tolls
            step = (BUILD if missing else 0) + paths.toll(seat, there, None if missing else gap, catwalks, shelters)
            if d + step < dist.get(there, float("inf")):
                dist[there] = d + step
                heapq.heappush(heap, (d + step, there))
    return float("inf")


def pair_cost(view: dict, seat: int, patios, **board_change) -> float:
    a, b = patios
    return min(plan_cost(view, seat, a, b, **board_change), plan_cost(view, seat, b, a, **board_change))


def pairs_on_board(view: dict, seat: int) -> list:
    return [cats for cats in view["players"][seat]["cats"].values() if cats[0] is not None]


def _cost_sum(view: dict, seat: int, **board_change) -> float:
    return sum(min(pair_cost(view, seat, cats, **board_change), 3 * BUILD + 6) for cats in pairs_on_board(view, seat))


def _opponents(view: dict) -> list[int]:
    return [s for s in range(view["seats"]) if s != view["seat"]]


# ---------------------------------------------------------------- the dive

def _best_dive(view: dict, legal_actions: list, rng, error: float) -> dict:
    """The dive worth most: the cans taken plus what its action gains (misjudged by up to `error` cans)."""
    cans = {d["id"]: d["cans"] for d in view["dumpsters"]}
    mine = _cost_sum(view, view["seat"])
    theirs = {s: _cost_sum(view, s) for s in _opponents(view)}

    def worth(action: dict) -> float:
        return cans[action["dumpster"]] + _gain(view, action, mine, theirs)

    if not error:
        return max(legal_actions, key=worth)
    return max(legal_actions, key=lambda action: worth(action) + rng.uniform(-error, error))


def _gain(view: dict, action: dict, mine: float, theirs: dict) -> float:
    seat = view["seat"]
    if "tile" in action:
        tile = next(d["tile"] for d in view["dumpsters"] if d["id"] == action["dumpster"])
        return FISH_VALUE - min(pair_cost(view, seat, tile["patios"]), FISH_VALUE + 2)
    if "gap" in action:
        catwalks = {g: o for g, o in view["catwalks"].items() if g != action.get("from")} | {action["gap"]: seat}
        return _board_gain(view, mine, theirs, catwalks=catwalks)
    if "patio" in action:
        shelters = {p: o for p, o in view["shelters"].items() if p != action.get("from")} | {action["patio"]: seat}
        return _board_gain(view, mine, theirs, shelters=shelters)
    return 0.0


def _board_gain(view: dict, mine: float, theirs: dict, **board_change) -> float:
    """What a new (or moved) piece of ours is worth: cheaper joins for us, tolls from opponents who pass by."""
    gain = mine - _cost_sum(view, view["seat"], **board_change)
    for seat, before in theirs.items():
        after = _cost_sum(view, seat, **board_change)
        if "catwalks" in board_change:
            gain += TOLL_HOPE * CATWALK_TOLL * sum(
                1 for cats in pairs_on_board(view, seat) if _uses_new_catwalk(view, seat, cats, board_change))
        else:
            gain += TOLL_HOPE * max(0.0, after - before)
    return gain


def _uses_new_catwalk(view: dict, seat: int, cats, board_change) -> bool:
    """The opponent's way gets cheaper with our new catwalk: it will likely cross it, and pay us."""
    return pair_cost(view, seat, cats, **board_change) < pair_cost(view, seat, cats)


# ---------------------------------------------------------------- racing and settling

def _toll(view: dict, path: list) -> int:
    """The cans this path costs the bot: the engine offers only cheapest paths, and paths.py prices them."""
    return paths.offered(view["seats"], view["seat"], path, view["catwalks"], view["shelters"]).cost


def _best_move(view: dict, legal_actions: list, rng, hasty: bool = False) -> dict:
    """Join the pair that costs least; else bring a cat closer for free. Hasty: any join, and no approach."""
    me = view["players"][view["seat"]]
    moves = [a for a in legal_actions if a["type"] == "move"]
    joins = [a for a in moves if me["cats"][a["pair"]][1 - a["cat"]] == a["path"][-1]]
    if joins:
        best = rng.choice(joins) if hasty else min(joins, key=lambda a: _toll(view, a["path"]))
        if _toll(view, best["path"]) < FISH_VALUE + 5:
            return best
    if hasty:
        return {"type": "end_turn"}
    # Bring a cat closer to its partner, for free only.
    best, best_gain = {"type": "end_turn"}, 0.5
    for action in moves:
        if _toll(view, action["path"]) > 0:
            continue
        partner = me["cats"][action["pair"]][1 - action["cat"]]
        here = me["cats"][action["pair"]][action["cat"]]
        gain = pair_cost(view, view["seat"], (here, partner)) - pair_cost(view, view["seat"],
                                                                          (action["path"][-1], partner))
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def _best_settle(view: dict, legal_actions: list) -> dict:
    joins = [a for a in legal_actions if "path" in a and _toll(view, a["path"]) < PAIR_PENALTY]
    if joins:
        return min(joins, key=lambda a: _toll(view, a["path"]))
    return legal_actions[0]
