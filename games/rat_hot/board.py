"""The Rat Hot table as the page draws it, from the engine's view and the viewing seat's legal actions (pure).

- `cells`: each visible cell as an SVG <use> of its space's symbol, shaded by height, the height written from 2 up;
- `edges`: one SVG path along the borders between different top strips, so strips can be told apart;
- `spots`: the legal placements of this turn, compact for the page's script: the rows and columns a strip may
  take (shared by both strips: legality depends on the cells only) and, per strip and direction, what each spot
  would score for red and for green (two base-36 digits per spot, from scoring.gains).
Nothing here decides a rule: the spots come from legal_actions, the scores from scoring.py.
"""
from __future__ import annotations

from . import layout as geometry
from . import scoring

MARGIN = 2  # empty cells drawn around the layout
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
SHIFT = {"E": (0, 0), "W": (2, 0), "S": (0, 0), "N": (0, 2)}  # action (x, y) = row/column anchor + shift


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def box(view: dict) -> tuple[int, int, int, int]:
    """(x, y, width, height) in cells: the layout and a margin, within the table."""
    xs = [c[0] for c in view["cells"]]
    ys = [c[1] for c in view["cells"]]
    low_x, low_y = max(geometry.LOW, min(xs) - MARGIN), max(geometry.LOW, min(ys) - MARGIN)
    high_x, high_y = min(geometry.HIGH, max(xs) + MARGIN), min(geometry.HIGH, max(ys) + MARGIN)
    return low_x, low_y, high_x - low_x + 1, high_y - low_y + 1


def cells(view: dict) -> list[dict]:
    """The visible cells in reading order (row by row, from the top left), as a screen reader meets them."""
    out = []
    for x, y, height, space, _strip in sorted(view["cells"], key=lambda c: (c[1], c[0])):
        out.append({"x": x, "y": y, "h": min(height, 5), "height": height, "space": space,
                    "tx": _num(x + 0.93), "ty": _num(y + 0.3)})
    return out


def edges(view: dict) -> str:
    """An SVG path of every cell side where the top strip changes (or the layout ends)."""
    strip = {(x, y): s for x, y, _h, _space, s in view["cells"]}
    parts = []
    for (x, y), s in strip.items():
        if strip.get((x + 1, y)) != s:
            parts.append(f"M{x + 1} {y}v1")
        if strip.get((x, y + 1)) != s:
            parts.append(f"M{x} {y + 1}h1")
        if (x - 1, y) not in strip:
            parts.append(f"M{x} {y}v1")
        if (x, y - 1) not in strip:
            parts.append(f"M{x} {y}h1")
    return "".join(parts)


def flashed(view: dict) -> list[dict]:
    """The groups the last strip scored: cells to flash, with the owner."""
    return [{"seat": entry["seat"], "cells": entry["cells"]} for entry in view["scored"]]


def _digit(n: int) -> str:
    return DIGITS[min(n, len(DIGITS) - 1)]


def spots(view: dict, actions: list) -> dict | None:
    """The turn's legal placements for the page's script, or None when the seat has none."""
    if not actions:
        return None
    spaces = {s["id"]: s["spaces"] for s in view["revealed"]}
    by_strip: dict[str, dict[str, set]] = {}
    for a in actions:
        dx, dy = SHIFT[a["dir"]]
        by_strip.setdefault(a["strip"], {d: set() for d in "ESWN"})[a["dir"]].add((a["x"] - dx, a["y"] - dy))
    first = next(iter(by_strip.values()))
    rows, columns = sorted(first["E"] | first["W"]), sorted(first["S"] | first["N"])
    top = {(x, y): space for x, y, _h, space, _s in view["cells"]}
    gains = {}
    for strip, dirs in by_strip.items():
        gains[strip] = {}
        for d in "ESWN":
            anchors = rows if d in "EW" else columns
            dx, dy = SHIFT[d]
            out = []
            for ax, ay in anchors:
                if (ax, ay) not in dirs[d]:
                    out.append("..")  # not legal this way (cannot happen while legality ignores the strip)
                    continue
                placed = dict(zip(geometry.cells(ax + dx, ay + dy, d), spaces[strip], strict=True))
                red, green = scoring.gains(top, placed)
                out.append(_digit(red) + _digit(green))
            gains[strip][d] = "".join(out)
    return {"rows": ";".join(f"{x},{y}" for x, y in rows), "cols": ";".join(f"{x},{y}" for x, y in columns),
            "gains": gains}
