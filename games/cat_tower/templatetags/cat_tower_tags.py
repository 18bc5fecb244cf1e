"""Helpers for the Cat Tower table: the tower as cells to draw, the legal marks grouped by hex, dice faces.

Everything here reads the engine's view and the legal actions the framework passes in; no rule is decided here,
and every word comes from games/cat_tower/words.py.
"""
from django import template

from games.cat_tower import words
from games.cat_tower.engine import HOUSE, TOWER, item_die
from games.cat_tower.scoring import CATEGORIES, cat_factors
from games.cat_tower.sheet import hex_key

register = template.Library()
TOP_FLOOR = max(TOWER.hexes_on_floor)
PIPS = {
    1: [(15, 15)],
    2: [(8, 8), (22, 22)],
    3: [(8, 8), (15, 15), (22, 22)],
    4: [(8, 8), (22, 8), (8, 22), (22, 22)],
    5: [(8, 8), (22, 8), (15, 15), (8, 22), (22, 22)],
    6: [(8, 8), (22, 8), (8, 15), (22, 15), (8, 22), (22, 22)],
}


@register.filter
def item_label(name) -> str:
    return words.item_label(name)


@register.filter
def pips(value) -> list[tuple[int, int]]:
    """Where the pips of a die face go, in a 30 x 30 box."""
    try:
        return PIPS[int(value)]
    except (TypeError, ValueError, KeyError):
        return []


def _dice_use(dice: tuple[int, int], item: int, floor: int) -> str:
    """Which die gives the item and which the floor, in words, the cheaper way round (yours as the item on a tie)."""
    return words.dice_use(dice, item, floor, item_die(dice, item, floor))


def _choice(action: dict, sheet: dict, dice: tuple[int, int] | None) -> dict:
    name = TOWER.items[action["item"]]
    choice = {
        "action": action,
        "item": name,
        "label": words.item_label(name),
        "footprints": action["footprints"],
        "cost": words.footprints(action["footprints"]),
        "cat": action.get("cat"),
        "dice": _dice_use(dice, action["item"], action["floor"]) if dice else "",
    }
    if action["item"] == HOUSE and action.get("cat") is not None:
        # A preview of what the engine will write once this house is on the sheet.
        marked = {**sheet["marks"], hex_key(action["column"], action["floor"]): "house"}
        houses, count = cat_factors(marked, action["cat"])
        choice.update(cat_label=words.item_label(action["cat"]), houses=houses, count=count, points=houses * count)
    return choice


def _bonus(column, sheet: dict, claimed: list[int]) -> dict:
    scored = sheet["columns"].get(str(column.id))
    crossed = column.id in sheet["crossed_out"]
    return {
        "column": column.id,
        "colour": column.colour,
        "first": column.first,
        "later": column.later,
        "first_state": "scored" if scored is not None and not crossed else "crossed" if crossed else "open",
        "later_state": "scored" if scored is not None and crossed else "open",
        "scored": scored,
        "claimed": column.id in claimed,
        "complete": column.id in sheet.get("complete_columns", []),
    }


@register.simple_tag
def tower(view: dict, seat, actions=None) -> dict:
    """One seat's sheet ready to draw: hex cells (with any legal marks on them), posts, bonuses, footprints, cats.

    `actions` are the legal actions of the seat shown, when it may act; the seat's own pending mark is drawn
    only on its own sheet (the view holds no one else's).
    """
    sheet = view["sheets"][seat]
    marks = sheet["marks"]
    pending = view.get("pending") if seat == view.get("seat") else None
    pending_hex = hex_key(pending["column"], pending["floor"]) if pending and pending.get("type") == "mark" else None
    dice = None
    if view.get("my_die") and view.get("shared"):
        dice = (view["my_die"]["value"], view["shared"]["value"])
    by_hex: dict[str, list[dict]] = {}
    for action in actions or []:
        if action.get("type") == "mark":
            by_hex.setdefault(hex_key(action["column"], action["floor"]), []).append(_choice(action, sheet, dice))
    cells, posts = [], []
    for column in TOWER.columns.values():
        offset = column.id in TOWER.offset_columns
        for floor in range(1, TOP_FLOOR + 1):
            place = {"column": column.id, "floor": floor, "offset": offset, "colour": column.colour}
            key = hex_key(column.id, floor)
            if key not in TOWER.floor_of:
                posts.append(place)
                continue
            choices = by_hex.get(key, [])
            offers = sorted({c["item"] for c in choices}, key=lambda n: TOWER.item_numbers[n])
            cells.append(place | {
                "key": key,
                "house": key in TOWER.house_hexes,
                "item": marks.get(key),
                "pending": TOWER.items[pending["item"]] if key == pending_hex else None,
                "choices": choices,
                "offers": offers,
                # Small pictures of what may go on a lit hex, centred in its 100-wide drawing.
                "offer_icons": [{"item": name, "x": 50 - 9 * len(offers) + 18 * i} for i, name in enumerate(offers)],
            })
    footprints = sheet["footprints"]
    track = ["crossed" if i < footprints["crossed"] else "circled" if i < footprints["circled"] else "empty"
             for i in range(TOWER.footprints)]
    return {
        "seat": seat,
        "cells": cells,
        "posts": posts,
        "bonuses": [_bonus(column, sheet, view.get("claimed_columns", [])) for column in TOWER.columns.values()],
        "track": track,
        "circled": footprints["circled"],
        "crossed": footprints["crossed"],
        "spare": footprints["circled"] - footprints["crossed"],
        "cats": [{"cat": cat, "label": words.item_label(cat), "points": sheet["cats"].get(cat)} for cat in TOWER.cats],
        "marked": len(marks),
        "complete": sheet.get("complete_columns", []),
    }


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
