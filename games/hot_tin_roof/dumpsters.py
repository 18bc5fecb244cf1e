"""The dumpster dive: the five dumpsters, what each lets a player place, and the home-tile pile (pure)."""

from games.contract import next_rng

from .board import board
from .refusals import refuse

HOME = ("home1", "home2", "home3")
DUMPSTERS = (*HOME, "catwalk", "shelter")
FIRST_CANS = {"home1": 4, "home2": 4, "home3": 4, "catwalk": 1, "shelter": 1}
PAIRS = ("sitting", "standing")
# dumpster -> (the player's reserve key, the state's pieces key, the action field naming a spot)
PIECES = {"catwalk": ("catwalks", "catwalks", "gap"), "shelter": ("shelters", "shelters", "patio")}


def spots(kind: str) -> tuple:
    return board().gap_order if kind == "catwalk" else board().patios


def pairs_off_board(state: dict, seat: int) -> list[str]:
    cats = state["players"][seat]["cats"]
    return [pair for pair in PAIRS if cats[pair] == [None, None]]


def dive_actions(state: dict, seat: int) -> list[dict]:
    actions = []
    for dumpster in HOME:
        tile = state["tiles"][dumpster]
        if tile is not None:
            actions += [{"type": "dive", "dumpster": dumpster, "tile": tile, "pair": pair}
                        for pair in pairs_off_board(state, seat)]
    for dumpster, (reserve, placed, field) in PIECES.items():
        free = [spot for spot in spots(dumpster) if spot not in state[placed]]
        if state["players"][seat][reserve] > 0 and free:
            actions += [{"type": "dive", "dumpster": dumpster, field: spot} for spot in free]
            continue
        if state["players"][seat][reserve] == 0:
            own = [spot for spot in spots(dumpster) if state[placed].get(spot) == seat]
            actions += [{"type": "dive", "dumpster": dumpster, field: to, "from": at} for at in own for to in free]
        actions.append({"type": "dive", "dumpster": dumpster})
    return actions


def diagnose(state: dict, seat: int, action: dict) -> None:
    """Raise the specific refusal for a dive that is not among the legal ones, when one applies."""
    dumpster = action.get("dumpster")
    if dumpster not in DUMPSTERS:
        refuse("no_such_dumpster", "There is no such dumpster.", dumpster=repr(dumpster))
    player = state["players"][seat]
    if dumpster in HOME:
        if not pairs_off_board(state, seat):
            refuse("no_pair_off_board", "Both your pairs of cats are on the board: you cannot take a home tile.")
        if action.get("tile") != state["tiles"][dumpster]:
            refuse("wrong_tile", "That is not the home tile under this dumpster.", dumpster=dumpster)
        if action.get("pair") not in PAIRS:
            refuse("no_such_pair", "Name a pair of cats: sitting or standing.")
        if action["pair"] not in pairs_off_board(state, seat):
            refuse("pair_on_board", "That pair of cats is already on the board.", pair=action["pair"])
        return
    reserve, placed, field = PIECES[dumpster]
    spot = action.get(field)
    if field not in action:
        if player[reserve] > 0 and any(s not in state[placed] for s in spots(dumpster)):
            refuse(f"must_place_{dumpster}", f"Place a {dumpster} from your reserve.")
        return
    if spot not in spots(dumpster):
        refuse(f"no_such_{field}", f"There is no such {field}.", **{field: repr(spot)})
    if spot in state[placed]:
        refuse(f"{field}_taken", f"That {field} already holds a {dumpster}.", **{field: spot})
    if "from" in action:
        if player[reserve] > 0:
            refuse(f"{dumpster}_in_reserve", f"You still have a {dumpster} in your reserve: place that one.")
        at = action["from"]
        if not isinstance(at, str) or state[placed].get(at) != seat:
            refuse(f"not_your_{dumpster}", f"You have no {dumpster} there to move.", **{field: repr(at)})
    elif player[reserve] == 0:
        refuse(f"no_{dumpster}_left", f"Your reserve has no {dumpster} left: move one of yours or place nothing.")


def dive(state: dict, seat: int, action: dict) -> None:
    """Take the dumpster's cans and do its action (the action is one of dive_actions)."""
    dumpster = action["dumpster"]
    player = state["players"][seat]
    cans, state["dumpsters"][dumpster] = state["dumpsters"][dumpster], 0
    player["cans"] += cans
    state["log"].append({"event": "dived", "seat": seat, "dumpster": dumpster, "cans": cans})
    if dumpster in HOME:
        _place_pair(state, seat, dumpster, action["tile"], action["pair"])
        return
    reserve, placed, field = PIECES[dumpster]
    if field not in action:
        state["log"].append({"event": "placed_nothing", "seat": seat, "dumpster": dumpster})
        return
    spot = action[field]
    if "from" in action:
        del state[placed][action["from"]]
        state["log"].append({"event": f"moved_{dumpster}", "seat": seat, "from": action["from"], "to": spot})
    else:
        player[reserve] -= 1
        state["log"].append({"event": f"placed_{dumpster}", "seat": seat, field: spot})
    state[placed][spot] = seat


def _place_pair(state: dict, seat: int, dumpster: str, tile: str, pair: str) -> None:
    first, second = board().tiles[tile]
    player = state["players"][seat]
    player["cats"][pair] = [first, second]
    player["home_tiles"] += 1
    state["discards"].append(tile)
    state["log"].append({"event": "placed_pair", "seat": seat, "pair": pair, "tile": tile, "patios": [first, second]})
    refill(state, dumpster)


def refill(state: dict, dumpster: str) -> None:
    """Turn up the next home tile under the dumpster; an empty pile is first made again from the discards."""
    if not state["pile"] and state["discards"]:
        pile = sorted(state["discards"], key=board().tile_order.index)
        next_rng(state).shuffle(pile)
        state["pile"], state["discards"] = pile, []
        state["log"].append({"event": "reshuffled", "seat": None, "tiles": len(pile)})
    state["tiles"][dumpster] = state["pile"].pop(0) if state["pile"] else None
    if state["tiles"][dumpster] is not None:
        state["log"].append({"event": "refilled", "seat": None, "dumpster": dumpster, "tile": state["tiles"][dumpster]})
