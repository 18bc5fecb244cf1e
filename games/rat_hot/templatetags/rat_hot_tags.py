"""The Rat Hot table's template helpers: the board to draw and the turn's spots, from board.py and words.py."""
import json

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.rat_hot import board, words
from games.rat_hot.strips import COLOURS, OWNER, RATS, SPICES

register = template.Library()

SYMBOLS = {space: f"rh-{space}" for space in [*OWNER, *RATS, "empty", "start"]}
# The legend's signs for the spices' shapes (symbols.html draws the shapes themselves): angular red, round green
GLYPHS = {"chili": "▲", "paprika": "■", "saffron": "★", "cinnamon": "=", "basil": "●", "mint": "○", "coriander": "♣",
          "bay": "❧"}


@register.simple_tag
def rat_hot_board(view, actions, point):
    """Everything the table template draws, in one dict."""
    x, y, width, height = board.box(view)
    spots = board.spots(view, actions) if getattr(point, "can_act", False) else None
    revealed = [{"id": s["id"], "spaces": s["spaces"], "name": words.strip(s["spaces"])} for s in view["revealed"]]
    script = None
    if spots:
        script = {
            **spots,
            "strips": {s["id"]: s["spaces"] for s in view["revealed"]},
            "words": {
                "spot": _("%(strip)s; at column %(x)d, row %(y)d, facing %(dir)s"),
                "scores": _("scores %(what)s"), "for": _("%(points)s for %(colour)s"), "and": _(" and "),
                "nothing": _("scores nothing"), "choose": _("Choose a spot"),
                "scored": _("%(spot)s; %(scores)s"), "sep": pgettext("list separator", ", "),
                "spots": _("%(n)s spots: choose one…"),
                "dirs": {d: str(name) for d, name in words.DIR_NAMES.items()},
                "colours": [str(c) for c in words.COLOUR_NAMES],
                "spaces": {s: words.space(s) for s in sorted({s for r in view["revealed"] for s in r["spaces"]})},
            },
        }
    cells = board.cells(view)
    for cell in cells:
        cell["name"] = words.cell(cell["x"], cell["y"], cell["space"], cell["height"])
    return {
        "box": f"{x} {y} {width} {height}",
        "cells": cells,
        "dirs": list(words.DIR_NAMES.items()),
        "legend": [[(GLYPHS[spice], words.space(spice)) for spice in SPICES[colour]] for colour in COLOURS],
        "edges": board.edges(view),
        "flash": board.flashed(view),
        "revealed": revealed,
        "script": script,
        "count": len(actions) if spots else 0,
    }


_UNSAFE = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


@register.filter
def rh_json(value) -> str:
    """JSON as the text of a <template>: <, > and & escaped inside the JSON strings (as json_script does), quotes
    left as they are (a script tag would be dropped by htmx, an attribute would need every quote escaped; a
    template is inert, so its text is neither shown nor read aloud)."""
    return mark_safe(json.dumps(value, separators=(",", ":")).translate(_UNSAFE))


@register.filter
def symbol(space) -> str:
    return SYMBOLS.get(space, "rh-empty")


@register.filter
def space_name(space) -> str:
    return words.space(space)


@register.filter
def colour_name(seat) -> str:
    try:
        return str(words.COLOUR_NAMES[int(seat)])
    except (TypeError, ValueError, IndexError):
        return ""
