"""Rooftop racing: which cats may move where (cheapest, affordable paths), moving them, and joining pairs."""

from . import paths, purse
from .dumpsters import PAIRS
from .refusals import refuse


def cat_name(pair: str, cat: int) -> str:
    return f"{pair}{cat}"


def alternatives(state: dict, seat: int, start: str) -> dict:
    """{destination: [Path]} from `start` for this seat's cats, on the board as it stands."""
    return paths.cheapest(state["seats"], seat, start, state["catwalks"], state["shelters"])


def move_actions(state: dict, seat: int) -> list[dict]:
    """Every affordable cheapest path of every cat on the board that has not moved this turn."""
    actions = []
    budget = purse.funds(state["players"][seat])
    for pair in PAIRS:
        for cat, start in enumerate(state["players"][seat]["cats"][pair]):
            if start is None or cat_name(pair, cat) in state["moved"]:
                continue
            for found in alternatives(state, seat, start).values():
                actions += [{"type": "move", "pair": pair, "cat": cat, "path": list(path.patios)}
                            for path in found if path.cost <= budget]
    return actions


def find_path(state: dict, seat: int, patios: list):
    """The offered Path that follows exactly these patios, or None."""
    return paths.offered(state["seats"], seat, patios, state["catwalks"], state["shelters"])


def diagnose_path(state: dict, seat: int, start, patios) -> None:
    """The specific refusal for a path that is not offered (used by moves and by settling joins)."""
    if not isinstance(patios, list) or len(patios) < 2 or not all(isinstance(p, str) for p in patios):
        refuse("bad_path", "A path lists the patios visited, the cat's own patio first.")
    if patios[0] != start:
        refuse("path_not_from_cat", "A path starts on the cat's own patio.", patio=start)
    board_paths = alternatives(state, seat, start)
    if patios[-1] not in board_paths:
        refuse("unreachable", "No path of routes and catwalks leads there.", patio=str(patios[-1]))
    path = find_path(state, seat, patios)
    if path is None:
        refuse("not_cheapest", "Take one of the cheapest paths offered.", patio=patios[-1])
    if path.cost > purse.funds(state["players"][seat]):
        refuse("cannot_afford", "You cannot pay the tolls of that path.", cans=path.cost,
               have=purse.funds(state["players"][seat]))


def diagnose(state: dict, seat: int, action: dict) -> None:
    pair, cat = action.get("pair"), action.get("cat")
    if pair not in PAIRS or type(cat) is not int or cat not in (0, 1):
        refuse("no_such_cat", "Name a cat by its pair (sitting or standing) and 0 or 1.")
    start = state["players"][seat]["cats"][pair][cat]
    if start is None:
        refuse("cat_off_board", "That cat is not on the board.", pair=pair)
    if cat_name(pair, cat) in state["moved"]:
        refuse("cat_moved", "That cat has already moved this turn.", pair=pair)
    diagnose_path(state, seat, start, action.get("path"))


def move(state: dict, seat: int, action: dict) -> bool:
    """Move the cat and pay its tolls; a cat reaching its partner joins it for a fish. True if it joined."""
    pair, cat, patios = action["pair"], action["cat"], action["path"]
    path = find_path(state, seat, patios)
    player = state["players"][seat]
    state["log"].append({"event": "moved", "seat": seat, "pair": pair, "cat": cat, "path": list(path.patios),
                         "cans": path.cost})
    purse.pay_tolls(state, seat, path)
    player["cats"][pair][cat] = patios[-1]
    state["moved"].append(cat_name(pair, cat))
    if player["cats"][pair][1 - cat] != patios[-1]:
        return False
    player["cats"][pair] = [None, None]
    state["market"] -= 1
    player["fish"] += 1
    state["log"].append({"event": "joined", "seat": seat, "pair": pair, "patio": patios[-1],
                         "market": state["market"]})
    return True
