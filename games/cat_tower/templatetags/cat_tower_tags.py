"""Helpers for the Cat Tower table: the tower column by column, the legal marks as rows of choices, scores.

Everything here reads the engine's view and the legal actions the framework passes in; no rule is decided here,
and the game's words (items, footprints, dice, marks) come from games/cat_tower/words.py.
"""

from django import template

from games import fragments
from games.cat_tower import words
from games.cat_tower.engine import HOUSE, TOWER, item_die
from games.cat_tower.scoring import CATEGORIES, cat_factors
from games.cat_tower.sheet import hex_key

register = template.Library()

TOP_FLOOR = max(TOWER.hexes_on_floor)


@register.filter
def item_label(name) -> str:
    return words.item_label(name)


def _dice_use(dice: tuple[int, int], item: int, floor: int) -> str:
    """The dice a mark changes with footprints, the cheaper way round (yours as the item on a tie): "your 5→4"."""
    mine, shared = dice
    if item_die(dice, item, floor) == 0:
        targets = ((mine, item), (shared, floor))
    else:
        targets = ((mine, floor), (shared, item))
    return words.dice_changes(targets)


def _bonus(column, sheet: dict) -> dict:
    scored = sheet["columns"].get(str(column.id))
    crossed = column.id in sheet["crossed_out"]
    return {
        "first": column.first,
        "later": column.later,
        "first_state": "scored" if scored is not None and not crossed else "crossed" if crossed else "open",
        "later_state": "scored" if scored is not None and crossed else "open",
    }


def _hex_part(action: dict) -> dict:
    """What choosing a lit hex adds to the mark: its column and floor, and for a house hex also the item and the
    footprints (a house hex takes only a house, so its cost is the hex's own)."""
    part = {"column": action["column"], "floor": action["floor"]}
    if action["item"] == HOUSE:
        part.update(item=HOUSE, footprints=action["footprints"])
    return part


def _offers(actions) -> dict[str, dict]:
    """Hex -> the items a legal mark may draw there (in die order), what choosing the hex adds, its row."""
    found: dict[str, dict] = {}
    for action in actions or []:
        if action.get("type") == "mark":
            key = hex_key(action["column"], action["floor"])
            hex_ = found.setdefault(key, {"items": set(), "part": _hex_part(action),
                                          "row": row_key(action["floor"], action["item"] == HOUSE)})
            hex_["items"].add(action["item"])
    for hex_ in found.values():
        hex_["numbers"] = sorted(hex_["items"])
        hex_["items"] = [TOWER.items[i] for i in hex_["numbers"]]
    return found


def row_key(floor: int, house: bool) -> str:
    """Marks on house hexes share one row ("h": the cat to score); the others have a row per floor."""
    return "h" if house else str(floor)


def sheet_badges(view: dict, seat: int, over: bool = False) -> dict:
    """What a sheet's heading says of its seat besides the name: its points, whether it is picking a die, has
    marked or is choosing (not once the match is `over`, ended early too), has won."""
    phase = None if over else view.get("phase")
    return {"total": view["scores"][seat]["total"], "picking": phase == "draft" and view.get("draft_turn") == seat,
            "marking": phase == "mark", "marked": phase == "mark" and bool(view["submitted"][seat]),
            "winner": seat in (view.get("winners") or ())}


register.simple_tag(sheet_badges)


def pending_of(view: dict, seat: int):
    """The mark `seat` has chosen and not yet revealed, as this view may show it: the viewer's own only (the view
    holds no one else's), every seat's in a replay's revealed table (engine.reveal)."""
    pending = view.get("pending")
    if isinstance(pending, list):
        return pending[seat]
    return pending if seat == view.get("seat") else None


@register.simple_tag(takes_context=True)
def sheet(context, view: dict, seat: int, names):
    """One seat's sheet without choices (another player's, or the viewer's own when it has no mark to choose),
    kept from one change to the next (games/fragments.py): a sheet changes only when its own seat marks (or its
    badges change), so a move re-renders only the sheets it changed, not all four 24-hex towers. Given only what
    it shows: the seat's sheet, its pending mark if it is the viewer's own, the names, the badges."""
    return fragments.kept("cat_tower/kept_sheet.html", {
        "sheet": view["sheets"][seat], "seat": seat, "pending": pending_of(view, seat), "names": names,
        "mine": seat == view.get("seat"),
        "badges": sheet_badges(view, seat, over=getattr(context.get("match"), "status", None) == "finished")})


@register.simple_tag
def tower(view: dict, seat, actions=None) -> dict:
    """One seat's sheet of `view` ready to draw (`drawn_tower`), with its legal `actions` when it may act."""
    return drawn_tower(view["sheets"][seat], seat, pending_of(view, seat), actions)


@register.simple_tag
def drawn_tower(sheet: dict, seat: int, pending=None, actions=None) -> dict:
    """One seat's sheet ready to draw, column by column: hexes (lit where a legal mark may go, with what may go
    there), scratching posts, bonuses, footprints and cats, and each column in words for screen readers.

    `actions` are the legal actions of the seat shown, when it may act; `pending` its mark chosen and not yet
    revealed, when the view shows it (`pending_of`).
    """
    marks = sheet["marks"]
    pending_hex = hex_key(pending["column"], pending["floor"]) if pending and pending.get("type") == "mark" else None
    offers = _offers(actions)
    complete = sheet.get("complete_columns", [])
    columns = []
    for column in TOWER.columns.values():
        bonus = _bonus(column, sheet)
        cells = []
        for floor in range(1, TOP_FLOOR + 1):
            key = hex_key(column.id, floor)
            if key not in TOWER.floor_of:
                continue  # a scratching post: printed on the sheet (the CSS draws it), never marked
            house = key in TOWER.house_hexes
            lit = offers.get(key)
            # Numbers as text: the page prints them as they are (Django would localise every int it prints).
            cell = {"floor": str(floor), "house": house, "item": marks.get(key),
                    "pending": TOWER.items[pending["item"]] if key == pending_hex else None,
                    "offers": lit["items"] if lit else [], "offer_numbers": lit["numbers"] if lit else [],
                    "part": lit and lit["part"], "row": lit and lit["row"]}
            cell["name"] = words.hex_name(column.id, floor, item=cell["item"], pending=cell["pending"], house=house,
                                          offers=cell["offers"])
            cells.append(cell)
        columns.append({"id": str(column.id), "bonus": bonus, "complete": column.id in complete, "cells": cells,
                        "name": words.column_name(column.id, bonus)})
    # One radio of a group marked required makes the group required: the first lit hex, not each of them.
    first_lit = next((cell for column in columns for cell in column["cells"] if cell["offers"]), None)
    if first_lit:
        first_lit["required"] = True
    footprints = sheet["footprints"]
    track = ["x" if i < footprints["crossed"] else "c" if i < footprints["circled"] else ""
             for i in range(TOWER.footprints)]
    return {
        "seat": seat,
        "columns": columns,
        "track": track,
        "circled": footprints["circled"],
        "crossed": footprints["crossed"],
        "spare": footprints["circled"] - footprints["crossed"],
        "cats": [{"cat": cat, "label": words.item_label(cat), "name": words.item_name(cat),
                  "points": sheet["cats"].get(cat)} for cat in TOWER.cats],
        "scored_cats": len(sheet["cats"]),
        "marked": len(marks),
        "complete": complete,
    }


def _choice(action: dict, sheet: dict, dice: tuple[int, int] | None) -> dict:
    """One button of a row: what it adds to the lit hex chosen (item, footprints and cat; on a house hex only the
    cat), and what it costs or scores."""
    name = TOWER.items[action["item"]]
    if action["item"] == HOUSE:
        choice = {"part": {"cat": action.get("cat")}, "item": name, "label": words.item_label(name)}
        if action.get("cat") is not None:
            # A preview of what the engine will write once the house is on the sheet (the same on any house hex).
            marked = {**sheet["marks"], hex_key(action["column"], action["floor"]): "house"}
            houses, count = cat_factors(marked, action["cat"])
            choice.update(cat_label=words.item_label(action["cat"]), houses=houses, count=count, points=houses * count)
        return choice
    return {
        "part": {"item": action["item"], "footprints": action["footprints"], "cat": action.get("cat")},
        "item": name,
        "label": words.item_label(name),
        "footprints": action["footprints"],
        **_cost(action, dice),
    }


def _cost(action: dict, dice: tuple[int, int] | None) -> dict:
    """"free", or the footprints and the dice they change: "1 footprint (your 5→4)"."""
    if action["footprints"] == 0:
        return {"cost": words.free(), "dice": ""}
    return {"cost": words.footprints(action["footprints"]),
            "dice": _dice_use(dice, action["item"], action["floor"]) if dice else ""}


@register.simple_tag
def mark_choices(view: dict, actions) -> dict:
    """The legal marks as one form of choices (docs/live-matches.md, "Composing an action from choices").

    The action {"type": "mark"} takes its column and floor from a lit hex and the rest from a button. The buttons
    come in rows: one per floor for the items (item, footprints, cat null), and one for the house hexes, whose
    hexes carry the house and its cost and whose buttons are the cats to score. A lit hex shows the row it
    belongs to, and any lit hex composed with any button of its row is one of the legal marks, and no other.
    """
    sheet = view["sheets"][view["seat"]]
    dice = (view["my_die"]["value"], view["shared"]["value"]) if view.get("my_die") and view.get("shared") else None
    rows: dict[str, dict] = {}
    for action in actions or []:
        if action.get("type") != "mark":
            continue
        house = action["item"] == HOUSE
        key = row_key(action["floor"], house)
        row = rows.setdefault(key, {"key": key, "floor": None if house else action["floor"], "house": house,
                                    "hexes": {}, "choices": {}})
        row["hexes"].setdefault((action["column"], action["floor"]), _cost(action, dice))
        choice = _choice(action, sheet, dice)
        row["choices"].setdefault(tuple(sorted(choice["part"].items())), choice)
    ordered = sorted(rows.values(), key=lambda r: (r["house"], r["floor"] or 0))
    for row in ordered:
        row["hexes"] = [{"column": c, "floor": f, **cost} for (c, f), cost in sorted(row["hexes"].items())]
        row["columns"] = [h["column"] for h in row["hexes"]]
        row["choices"] = list(row["choices"].values())
    return {"action": {"type": "mark"}, "rows": ordered}


@register.simple_tag
def item_options(actions) -> list[dict]:
    """The items the legal marks allow, each with the floors it may go on grouped by what they cost."""
    found: dict[int, dict[int, int]] = {}  # item -> floor -> footprints
    for action in actions or []:
        if action.get("type") == "mark":
            found.setdefault(action["item"], {})[action["floor"]] = action["footprints"]
    options = []
    for item in sorted(found):
        name = TOWER.items[item]
        costs: dict[int, list[int]] = {}
        for floor in sorted(found[item]):
            costs.setdefault(found[item][floor], []).append(floor)
        options.append({"number": item, "item": name, "label": words.item_label(name), "floors": sorted(found[item]),
                        "costs": [{"footprints": n, "cost": words.footprints(n), "floors": floors}
                                  for n, floors in sorted(costs.items())]})
    return options


@register.simple_tag
def score_rows(view: dict) -> list[dict]:
    """The live score sheet: one row per category, one number per seat, then the totals."""
    scores = view["scores"]
    rows = [{"key": key, "label": words.CATEGORY_LABELS[key], "values": [s[key] for s in scores]} for key in CATEGORIES]
    rows.append({"key": "total", "label": words.CATEGORY_LABELS["total"], "values": [s["total"] for s in scores]})
    return rows


@register.filter
def others(seats, seat):
    """The other seats, starting from the one on the viewer's left (the next seat number)."""
    count = int(seats)
    if seat is None:
        return list(range(count))
    return [(seat + i) % count for i in range(1, count)]


@register.filter
def waiting_for(view: dict) -> list[int]:
    """Seats that have not yet submitted their mark this round."""
    return [s for s, done in enumerate(view.get("submitted", [])) if not done]


@register.filter
def describe_mark(mark) -> str:
    """A submitted mark in words: "Bowl on column 3, floor 2 (1 footprint)"."""
    if not mark:
        return ""
    return words.describe_mark(mark, TOWER.items.get(mark.get("item"), "?"))
