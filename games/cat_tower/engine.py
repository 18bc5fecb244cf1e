"""Cat Tower engine: the pure rules of the roll-and-write game (draft the dice, then everyone marks at once).

Pure: no Django, no I/O, no clock. Randomness comes from contract.next_rng (random.Random(f"{seed}:{draws}")
with the draw counter kept in the state), so the same seed and the same actions always give the same state.
The log holds events and refusals carry codes; games/cat_tower/words.py puts them into words.
"""

from games import contract
from games.contract import LOG_KEPT, next_rng

from .scoring import (
    MAX_SEATS,
    MIN_SEATS,
    OPTIONS,
    cat_factors,
    complete_columns,
    ends_game,
    normalise_options,
    ranks,
    score_sheets,
)
from .sheet import default_tower, hex_key

SLUG = "cat_tower"
NAME = "Cat Tower"

TOWER = default_tower()
HOUSE = 1  # the die number of the house item

MARK_FIELDS = {"type", "item", "column", "floor", "footprints", "cat"}
IllegalAction = contract.IllegalAction

__all__ = ["SLUG", "NAME", "MIN_SEATS", "MAX_SEATS", "OPTIONS", "LOG_KEPT", "IllegalAction", "normalise_options",
           "new_game", "to_move", "legal_actions", "apply", "view", "reveal", "is_over", "outcome", "final"]


# --- A new game ---------------------------------------------------------------------------------------------


def new_game(seats: int, seed: int, options: dict | None = None) -> dict:
    contract.check_seat_count(seats, MIN_SEATS, MAX_SEATS)
    state = {
        "seats": seats,
        "seed": seed,
        "draws": 0,
        "options": normalise_options(options),
        "round": 0,
        "first_player": None,
        "phase": "draft",
        "roll": [],
        "taken_by": [],
        "shared": None,
        "draft_turn": None,
        "pending": [None] * seats,
        "sheets": [_blank_sheet() for _ in range(seats)],
        "claimed_columns": [],
        "log": [],
    }
    first = next_rng(state).randrange(seats)  # the rules draw the first player at random
    _start_round(state, 1, first)
    return state


def _blank_sheet() -> dict:
    return {"marks": {}, "cats": {}, "columns": {}, "crossed_out": [], "footprints": {"circled": 0, "crossed": 0}}


def _start_round(state: dict, number: int, first: int) -> None:
    rng = next_rng(state)
    state.update(
        round=number,
        first_player=first,
        phase="draft",
        roll=[rng.randint(1, 6) for _ in range(state["seats"] + 1)],  # one die more than players
        taken_by=[None] * (state["seats"] + 1),
        shared=None,
        draft_turn=first,
        pending=[None] * state["seats"],
    )
    _log(state, "rolled", first, round=number, dice=list(state["roll"]))


def _log(state: dict, event: str, seat: int | None, **fields) -> None:
    state["log"].append({"event": event, "seat": seat, **fields})


def _copy(state: dict) -> dict:
    """A copy safe to change: log entries and pending marks are never changed in place, so they are shared."""
    new = dict(state)
    for key in ("roll", "taken_by", "pending", "claimed_columns", "log"):
        new[key] = list(state[key])
    new["options"] = dict(state["options"])
    new["sheets"] = [
        {
            "marks": dict(s["marks"]),
            "cats": dict(s["cats"]),
            "columns": dict(s["columns"]),
            "crossed_out": list(s["crossed_out"]),
            "footprints": dict(s["footprints"]),
        }
        for s in state["sheets"]
    ]
    return new


# --- Whose move ---------------------------------------------------------------------------------------------


def is_over(state: dict) -> bool:
    return state["phase"] == "over"


def to_move(state: dict) -> list[int]:
    if state["phase"] == "draft":
        return [state["draft_turn"]]
    if state["phase"] == "mark":
        # Marking is simultaneous: everyone who has not yet submitted may act.
        return [seat for seat, mark in enumerate(state["pending"]) if mark is None]
    return []


def turn_order(state: dict) -> list[int]:
    """Seats from this round's first player, passing left (to the next seat number)."""
    n = state["seats"]
    return [(state["first_player"] + i) % n for i in range(n)]


def my_die(state: dict, seat: int) -> int | None:
    """The index into the roll of the die this seat took this round."""
    for index, taker in enumerate(state["taken_by"]):
        if taker == seat:
            return index
    return None


def spare_footprints(sheet: dict) -> int:
    """Circled footprints not yet crossed out: what a player may spend."""
    return sheet["footprints"]["circled"] - sheet["footprints"]["crossed"]


def item_die(dice: tuple[int, int], item: int, floor: int) -> int:
    """Which die (0: the player's, 1: the shared one) gives the item in the cheaper way to make (item, floor);
    the player's own on a tie. The other die gives the floor."""
    a, b = dice
    return 0 if abs(a - item) + abs(b - floor) <= abs(b - item) + abs(a - floor) else 1


def mark_cost(dice: tuple[int, int], item: int, floor: int) -> int:
    """Fewest footprints to turn the two dice into (item, floor), either die playing either part."""
    first = item_die(dice, item, floor)
    return abs(dice[first] - item) + abs(dice[1 - first] - floor)


def unscored_cats(sheet: dict) -> list[str]:
    return [cat for cat in TOWER.cats if cat not in sheet["cats"]]


# --- Legal actions ------------------------------------------------------------------------------------------


def legal_actions(state: dict, seat: int) -> list[dict]:
    """The actions `seat` may take now; [] for anyone else (a spectator, or a value that is no seat)."""
    if not contract.is_whole(seat) or seat not in to_move(state):
        return []
    if state["phase"] == "draft":
        return [{"type": "take_die", "die": i} for i, taker in enumerate(state["taken_by"]) if taker is None]
    return legal_marks(state, seat) + [{"type": "pass"}]


def legal_marks(state: dict, seat: int) -> list[dict]:
    """Every mark this seat may submit now, each in its one canonical form (the fewest footprints): every item,
    hex and cat the rule (`mark_refusal`) lets through. The rule is written once, there."""
    house_cats = unscored_cats(state["sheets"][seat]) or [None]
    dice = _dice(state, seat)
    actions = []
    for item in TOWER.items:
        cats = house_cats if item == HOUSE else [None]
        for floor, hexes in TOWER.hexes_on_floor.items():
            for h in hexes:
                for cat in cats:
                    if mark_refusal(state, seat, item, h, cat) is None:
                        actions.append({"type": "mark", "item": item, "column": TOWER.column_of[h], "floor": floor,
                                        "footprints": mark_cost(dice, item, floor), "cat": cat})
    return actions


def _dice(state: dict, seat: int) -> tuple[int, int]:
    """The seat's own die and the shared one, this round."""
    return state["roll"][my_die(state, seat)], state["roll"][state["shared"]]


def mark_refusal(state: dict, seat: int, item: int, h: str, cat, footprints: int | None = None):
    """Why `seat` may not mark `item` on the hex `h` now, scoring `cat` (None: no cat), for `footprints` (None:
    the fewest): (code, params) for the first rule broken, in the rules' order, or None when it may. The item and
    the hex exist (_checked_mark made sure of that)."""
    sheet = state["sheets"][seat]
    column, floor = TOWER.column_of[h], TOWER.floor_of[h]
    if h in sheet["marks"]:
        return "hex_taken", {"column": column, "floor": floor, "item": sheet["marks"][h]}
    if item == HOUSE and h not in TOWER.house_hexes:
        return "not_a_house_hex", {"column": column, "floor": floor, "house_floor": TOWER.columns[column].house_floor}
    if item != HOUSE and h in TOWER.house_hexes:
        return "house_hex", {"column": column, "floor": floor, "item": TOWER.items[item]}
    dice = _dice(state, seat)
    needed, spare = mark_cost(dice, item, floor), spare_footprints(sheet)
    if needed > spare:
        return "too_few_footprints", {"item": TOWER.items[item], "floor": floor, "needed": needed,
                                      "dice": list(dice), "spare": spare}
    if footprints is not None and footprints != needed:
        return "wrong_footprints", {"item": TOWER.items[item], "floor": floor, "needed": needed, "given": footprints}
    return _cat_refusal(sheet, item, cat)


def _cat_refusal(sheet: dict, item: int, cat):
    if item != HOUSE:
        return None if cat is None else ("cat_without_house", {})
    open_cats = unscored_cats(sheet)
    if not open_cats:
        return None if cat is None else ("all_cats_scored", {})
    if cat in open_cats:
        return None
    if isinstance(cat, str) and cat in TOWER.cats:
        return "cat_scored", {"cat": cat}
    return "choose_cat", {"cats": open_cats}


MARK_REFUSALS = {  # the English fallback of each refusal of a mark (words.py says them to people)
    "hex_taken": lambda p: f"Column {p['column']}, floor {p['floor']} is already marked.",
    "not_a_house_hex": lambda p: "A house goes only on a house hex.",
    "house_hex": lambda p: "Only a house goes on a house hex.",
    "too_few_footprints": lambda p: f"That mark needs {p['needed']} footprints; you have {p['spare']}.",
    "wrong_footprints": lambda p: f"That mark takes exactly {p['needed']} footprints, not {p['given']}.",
    "cat_without_house": lambda p: "A cat is scored only after marking a house: cat must be null.",
    "all_cats_scored": lambda p: "All six cats are scored: cat must be null.",
    "cat_scored": lambda p: f"The {p['cat']} cat is already scored.",
    "choose_cat": lambda p: f"After a house, choose a cat not yet scored: {', '.join(p['cats'])}.",
}


# --- Applying an action -------------------------------------------------------------------------------------


def apply(state: dict, seat: int, action: dict) -> dict:
    """The state after seat's action; the input is never changed. Refuses with IllegalAction(code, ...)."""
    contract.check_seat(state["seats"], seat)
    kind = contract.check_action(action)
    if kind not in ("take_die", "mark", "pass"):
        raise IllegalAction("unknown_action", f"Cat Tower has no action {kind!r}: take_die, mark or pass", action=kind)
    if state["phase"] == "over":
        raise IllegalAction("game_over", "The game is over.")
    new = _take_die(state, seat, action) if kind == "take_die" else _submit(state, seat, action)
    contract.bounded_log(new["log"])
    return new


def undoable(before: dict, seat: int, action: dict, after: dict) -> bool:
    """Whether `seat` may take `action` back (games/undo.py): a die taken, or a mark (or pass) the others have not
    seen yet, because the round has not been shown and scored (that happens when the last player marks)."""
    return action.get("type") == "take_die" or after["round"] == before["round"]


def _only_fields(action: dict, fields: set[str]) -> None:
    extra = sorted(set(action) - fields, key=str)
    if extra:
        raise IllegalAction("extra_field", f"A {action['type']} action has no field {extra[0]!r}.",
                            action=action["type"], field=str(extra[0]))
    missing = sorted(fields - set(action))
    if missing:
        raise IllegalAction("missing_field", f"A {action['type']} action needs the field {missing[0]!r}.",
                            action=action["type"], field=missing[0])


def _take_die(state: dict, seat: int, action: dict) -> dict:
    _only_fields(action, {"type", "die"})
    if state["phase"] != "draft":
        raise IllegalAction("marking_now", "The dice have all been taken: it is time to mark.")
    if seat != state["draft_turn"]:
        raise IllegalAction("not_your_turn", "It is not your turn to take a die.")
    die = contract.whole(action["die"], "die")
    if not 0 <= die < len(state["roll"]):
        raise IllegalAction("no_such_die", f"There is no die {die}.", die=die, last=len(state["roll"]) - 1)
    if state["taken_by"][die] is not None:
        raise IllegalAction("die_taken", f"Die {die} is already taken.", die=die, value=state["roll"][die])
    new = _copy(state)
    new["taken_by"][die] = seat
    _log(new, "took_die", seat, die=die, value=state["roll"][die])
    taken = sum(1 for t in new["taken_by"] if t is not None)
    if taken < new["seats"]:
        new["draft_turn"] = turn_order(new)[taken]
    else:
        # The one die nobody took is shared by everyone this round.
        new["shared"] = new["taken_by"].index(None)
        new["draft_turn"] = None
        new["phase"] = "mark"
    return new


def _submit(state: dict, seat: int, action: dict) -> dict:
    if state["phase"] != "mark":
        raise IllegalAction("drafting_now", "Marking starts when every player has taken a die.")
    if state["pending"][seat] is not None:
        raise IllegalAction("already_marked", "You have already marked this round.")
    if action["type"] == "pass":
        _only_fields(action, {"type"})
        chosen = {"type": "pass"}
    else:
        chosen = _checked_mark(state, seat, action)
    new = _copy(state)
    new["pending"][seat] = chosen
    if all(mark is not None for mark in new["pending"]):
        _reveal(new)
    return new


def _checked_mark(state: dict, seat: int, action: dict) -> dict:
    """The mark in canonical form, or IllegalAction with the first reason it breaks the rules (mark_refusal's)."""
    _only_fields(action, MARK_FIELDS)
    item, column, floor = (contract.whole(action[k], k) for k in ("item", "column", "floor"))
    footprints = contract.whole(action["footprints"], "footprints")
    if item not in TOWER.items:
        raise IllegalAction("no_such_item", f"The item must be a die number from 1 to 6, not {item}.", item=item)
    if column not in TOWER.columns:
        raise IllegalAction("no_such_column", f"There is no column {column}.", column=column)
    h = hex_key(column, floor)
    if h not in TOWER.floor_of:
        raise IllegalAction("no_such_hex", f"Column {column} has no hex on floor {floor}.", column=column,
                            floor=floor)
    cat = action["cat"]
    refused = mark_refusal(state, seat, item, h, cat, footprints)
    if refused is not None:
        code, params = refused
        raise IllegalAction(code, MARK_REFUSALS[code](params), **params)
    return {"type": "mark", "item": item, "column": column, "floor": floor, "footprints": footprints, "cat": cat}


# --- The end of a round -------------------------------------------------------------------------------------


def _reveal(state: dict) -> None:
    """Everyone's marks are in: show them together, award columns, then end the game or roll again."""
    completers: dict[int, list[int]] = {}
    for seat in turn_order(state):
        mark = state["pending"][seat]
        sheet = state["sheets"][seat]
        if mark["type"] == "pass":
            _log(state, "passed", seat, circled=_circle(sheet))
            continue
        _place(state, seat, mark)
        if mark["column"] in complete_columns(sheet, TOWER):
            completers.setdefault(mark["column"], []).append(seat)
    for column in sorted(completers):
        _award_column(state, column, completers[column])
    state["pending"] = [None] * state["seats"]
    enders = [s for s, sheet in enumerate(state["sheets"]) if ends_game(sheet, TOWER, state["options"])]
    if enders:
        _end(state, enders)
    else:
        _start_round(state, state["round"] + 1, (state["first_player"] + 1) % state["seats"])


def _circle(sheet: dict) -> bool:
    """Circle one footprint if the track of 18 has any left."""
    if sheet["footprints"]["circled"] >= TOWER.footprints:
        return False
    sheet["footprints"]["circled"] += 1
    return True


def _place(state: dict, seat: int, mark: dict) -> None:
    sheet = state["sheets"][seat]
    name = TOWER.items[mark["item"]]
    sheet["marks"][hex_key(mark["column"], mark["floor"])] = name
    sheet["footprints"]["crossed"] += mark["footprints"]
    event = {"item": name, "column": mark["column"], "floor": mark["floor"], "footprints": mark["footprints"]}
    if mark["cat"] is not None:
        houses, count = cat_factors(sheet["marks"], mark["cat"])
        sheet["cats"][mark["cat"]] = houses * count
        event.update(cat=mark["cat"], houses=houses, count=count, points=houses * count)
    _log(state, "marked", seat, **event)
    if name == "butterfly" and _circle(sheet):
        _log(state, "butterfly_footprint", seat)


def _award_column(state: dict, column: int, seats: list[int]) -> None:
    bonus = TOWER.columns[column]
    if column in state["claimed_columns"]:
        for seat in seats:
            state["sheets"][seat]["columns"][str(column)] = bonus.later
            _log(state, "completed_column", seat, column=column, first=False, points=bonus.later)
        return
    state["claimed_columns"].append(column)
    for seat in seats:
        state["sheets"][seat]["columns"][str(column)] = bonus.first
        _log(state, "completed_column", seat, column=column, first=True, points=bonus.first)
    for seat in range(state["seats"]):
        if seat not in seats:
            state["sheets"][seat]["crossed_out"].append(column)
            _log(state, "crossed_out", seat, column=column, number=bonus.first)


def _end(state: dict, enders: list[int]) -> None:
    state["phase"] = "over"
    state["draft_turn"] = None
    _log(state, "game_ended", None, enders=list(enders), columns=state["options"]["columns_to_end"])
    result = outcome(state)
    winners = [s for s, rank in enumerate(result["ranks"]) if rank == 1]
    _log(state, "won", None, winners=winners, points=max(result["scores"]))


# --- What players see, and the result -----------------------------------------------------------------------


def _record_sheet(sheet: dict) -> dict:
    """A sheet in the records.md shape (no view-only extras)."""
    return {
        "marks": dict(sheet["marks"]),
        "cats": dict(sheet["cats"]),
        "columns": dict(sheet["columns"]),
        "footprints": dict(sheet["footprints"]),
    }


def outcome(state: dict) -> dict:
    breakdown = score_sheets([_record_sheet(s) for s in state["sheets"]], TOWER)
    scores = [b["total"] for b in breakdown]
    return {"scores": scores, "ranks": ranks(scores), "breakdown": breakdown}


def final(state: dict) -> dict:
    return {"sheets": [_record_sheet(s) for s in state["sheets"]]}


def reveal(state: dict) -> dict:
    """The table with nothing hidden: for replays of finished matches, never for one in play. Every seat's mark
    submitted this round is shown ("pending", per seat) before the others have marked."""
    table = view(state, None)
    table["pending"] = [None if mark is None else dict(mark) for mark in state["pending"]]
    return table


def view(state: dict, seat: int | None) -> dict:
    """What one seat (None: a spectator) may see. Sheets hold revealed marks only; a seat's own submitted mark
    of this round is in "pending", the others' are hidden until the last one is in."""
    contract.check_seat(state["seats"], seat, spectator=True)
    sheets = []
    for sheet in state["sheets"]:
        shown = _record_sheet(sheet)
        shown["crossed_out"] = list(sheet["crossed_out"])
        shown["complete_columns"] = complete_columns(sheet, TOWER)
        sheets.append(shown)
    over = is_over(state)
    result = outcome(state)
    mine = my_die(state, seat) if seat is not None else None
    shared = state["shared"]
    pending = state["pending"][seat] if seat is not None else None
    return {
        "seat": seat,
        "seats": state["seats"],
        "round": state["round"],
        "first_player": state["first_player"],
        "phase": state["phase"],
        "roll": [{"value": v, "taken_by": t} for v, t in zip(state["roll"], state["taken_by"], strict=True)],
        "shared": None if shared is None else {"die": shared, "value": state["roll"][shared]},
        "my_die": None if mine is None else {"die": mine, "value": state["roll"][mine]},
        "draft_turn": state["draft_turn"],
        "to_move": to_move(state),
        "submitted": [mark is not None for mark in state["pending"]],
        "pending": None if pending is None else dict(pending),
        "sheets": sheets,
        "scores": result["breakdown"],
        "claimed_columns": list(state["claimed_columns"]),
        "columns_to_end": state["options"]["columns_to_end"],
        "is_over": over,
        "winners": [s for s, rank in enumerate(result["ranks"]) if rank == 1] if over else [],
        "log": [dict(entry) for entry in state["log"][-LOG_KEPT:]],
    }
