"""Cat Tower bots: "easy" plays any legal action at random; "good" takes the mark worth the most points now;
"medium" judges as good does, but by eye: its worth of each choice is off by a few points either way.

Bots see only view(state, seat) and the legal actions, like a player at the table. The good bot's worth of a
mark is the change in its score as scoring.py counts it, plus a few rules of thumb for what is not scored yet.
"""

from .scoring import bowl_points, butterfly_points, cushion_points, mouse_points, yarn_points
from .sheet import default_tower

LEVELS = ("easy", "medium", "good")  # in the order a player picks from: weakest first

TOWER = default_tower()
HOUSE = 1
FOOTPRINT = 1.0  # a spare footprint turns a poor roll into a fair one later: worth about a point
PROGRESS = 0.35  # share of a column's bonus credited for each hex that brings the column nearer completion
OPEN_NEIGHBOUR = 0.5  # a bowl or mouse beside empty hexes can still grow
MISJUDGED = 2.5  # medium's worth of a choice is off by up to this many points either way


def choose(level: str, view: dict, legal_actions: list[dict], rng) -> dict:
    """One of legal_actions for the seat whose view this is."""
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}: choose from {sorted(LEVELS)}")
    if not legal_actions:
        raise ValueError("a bot cannot move without a legal action")
    if level == "easy":
        return rng.choice(legal_actions)
    values = placement_values(view)
    error = MISJUDGED if level == "medium" else 0.0
    if view["phase"] == "draft":
        return _best(legal_actions, lambda a: _die_worth(view, values, a["die"]), rng, error)
    return _best(legal_actions, lambda a: _action_worth(view, values, a), rng, error)


def _best(actions: list[dict], worth, rng, error: float = 0.0) -> dict:
    """The action worth most; with an error, each worth is first misjudged by up to that many points."""
    scored = [(worth(a) + (rng.uniform(-error, error) if error else 0.0), a) for a in actions]
    top = max(value for value, _ in scored)
    # Break ties at random so that equal choices do not always favour the left of the sheet.
    return rng.choice([a for value, a in scored if value >= top - 1e-9])


# --- What each placement is worth ---------------------------------------------------------------------------


def _local_score(sheet: dict) -> int:
    """The categories that depend on this sheet alone and change with a placement."""
    return butterfly_points(sheet) + bowl_points(sheet, TOWER) + cushion_points(sheet, TOWER) + mouse_points(
        sheet, TOWER
    )


def placement_values(view: dict) -> dict[tuple[int, str, str | None], float]:
    """Worth of every placement (item, hex, cat) on this seat's empty hexes, before any footprint is spent."""
    seat = view["seat"]
    mine = view["sheets"][seat]
    marks = mine["marks"]
    base = _local_score(mine)
    yarn_before = yarn_points(view["sheets"], TOWER)[seat]
    track_full = mine["footprints"]["circled"] >= TOWER.footprints
    values = {}
    for h in TOWER.hexes:
        if h in marks:
            continue
        column_worth = _column_worth(view, mine, h)
        if h in TOWER.house_hexes:
            for cat, points in _cat_choices(mine, h).items():
                values[(HOUSE, h, cat)] = points + column_worth
            continue
        for item, name in TOWER.items.items():
            if item == HOUSE:
                continue
            after = dict(mine, marks={**marks, h: name})
            worth = _local_score(after) - base + column_worth
            if name == "yarn":
                sheets = list(view["sheets"])
                sheets[seat] = after
                worth += yarn_points(sheets, TOWER)[seat] - yarn_before
            elif name == "butterfly" and not track_full:
                worth += FOOTPRINT
            elif name in ("bowl", "mouse"):
                open_beside = sum(1 for n in TOWER.neighbours[h] if n not in marks)
                worth += OPEN_NEIGHBOUR * open_beside
            values[(item, h, None)] = worth
    return values


def _cat_choices(sheet: dict, h: str) -> dict[str | None, float]:
    """Points each cat would score after a house on h; a house also raises what later cats will score."""
    marks = {**sheet["marks"], h: "house"}
    houses = sum(1 for item in marks.values() if item == "house")
    open_cats = [cat for cat in TOWER.cats if cat not in sheet["cats"]]
    if not open_cats:
        return {None: 0.0}
    later_cats = len(open_cats) - 1
    return {cat: houses * sum(1 for item in marks.values() if item == cat) + later_cats for cat in open_cats}


def _column_worth(view: dict, sheet: dict, h: str) -> float:
    """The bonus for completing h's column, or a share of it for bringing the column nearer."""
    column = TOWER.columns[TOWER.column_of[h]]
    bonus = column.later if column.id in view["claimed_columns"] else column.first
    empty = sum(1 for x in column.hexes if x not in sheet["marks"])
    return bonus if empty == 1 else PROGRESS * bonus / empty


# --- Choosing ------------------------------------------------------------------------------------------------


def _spare(view: dict) -> int:
    footprints = view["sheets"][view["seat"]]["footprints"]
    return footprints["circled"] - footprints["crossed"]


def _pass_worth(view: dict) -> float:
    circled = view["sheets"][view["seat"]]["footprints"]["circled"]
    return FOOTPRINT if circled < TOWER.footprints else 0.0


def _action_worth(view: dict, values: dict, action: dict) -> float:
    if action["type"] == "pass":
        return _pass_worth(view)
    key = (action["item"], f"{action['column']}-{action['floor']}", action["cat"])
    return values.get(key, 0.0) - FOOTPRINT * action["footprints"]


def _best_mark(values_by_item_floor: dict, dice: tuple[int, int], spare: int, pass_worth: float) -> float:
    a, b = dice
    best = pass_worth
    for (item, floor), worth in values_by_item_floor.items():
        cost = min(abs(a - item) + abs(b - floor), abs(b - item) + abs(a - floor))
        if cost <= spare:
            best = max(best, worth - FOOTPRINT * cost)
    return best


def _die_worth(view: dict, values: dict, die: int) -> float:
    """How good a die is: the best mark it makes with the die left to share, averaged over the likely leftovers."""
    by_item_floor: dict[tuple[int, int], float] = {}
    for (item, h, _), worth in values.items():
        key = (item, TOWER.floor_of[h])
        by_item_floor[key] = max(by_item_floor.get(key, worth), worth)
    mine = view["roll"][die]["value"]
    # Nobody can yet say which die will be left over: any still untaken one may be.
    leftovers = [d["value"] for i, d in enumerate(view["roll"]) if d["taken_by"] is None and i != die]
    spare, pass_worth = _spare(view), _pass_worth(view)
    worths = [_best_mark(by_item_floor, (mine, shared), spare, pass_worth) for shared in leftovers]
    return sum(worths) / len(worths)
