"""The Rat Hot table as the page draws it, from the engine's view and the viewing seat's legal actions (pure).

- `rows`: the visible cells row by row, for the page to draw each as an SVG <use> of its space's symbol;
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
TOP_DIGIT = len(DIGITS) - 1  # a score of 35 or more is written 35 ("z")
SHIFT = {"E": (0, 0), "W": (2, 0), "S": (0, 0), "N": (0, 2)}  # action (x, y) = row/column anchor + shift


def box(view: dict) -> tuple[int, int, int, int]:
    """(x, y, width, height) in cells: the layout and a margin, within the table."""
    xs = [c[0] for c in view["cells"]]
    ys = [c[1] for c in view["cells"]]
    low_x, low_y = max(geometry.LOW, min(xs) - MARGIN), max(geometry.LOW, min(ys) - MARGIN)
    high_x, high_y = min(geometry.HIGH, max(xs) + MARGIN), min(geometry.HIGH, max(ys) + MARGIN)
    return low_x, low_y, high_x - low_x + 1, high_y - low_y + 1


def rows(view: dict) -> list[tuple[int, tuple]]:
    """The visible cells in reading order, as a screen reader meets them: row by row from the top, each row
    (y, ((x, space, height), ...)) west to east."""
    rows: dict[int, list] = {}
    for x, y, height, space, _strip in view["cells"]:
        rows.setdefault(y, []).append((x, space, height))
    return [(y, tuple(sorted(row))) for y, row in sorted(rows.items())]


def edges(view: dict) -> str:
    """An SVG path of every cell side where the top strip changes (or the layout ends), the sides in one line
    drawn as one stroke ("M3 -2v4" rather than four "M3 -2v1"...)."""
    strip = {(x, y): s for x, y, _h, _space, s in view["cells"]}
    down, across = set(), set()  # the side from (x, y) one cell down, one cell across
    for (x, y), s in strip.items():
        if strip.get((x + 1, y)) != s:
            down.add((x + 1, y))
        if strip.get((x, y + 1)) != s:
            across.add((x, y + 1))
        if (x - 1, y) not in strip:
            down.add((x, y))
        if (x, y - 1) not in strip:
            across.add((x, y))
    parts = [f"M{x} {y}v{n}" for x, y, n in _runs(down, lambda x, y: (x, y + 1))]
    parts += [f"M{x} {y}h{n}" for x, y, n in _runs(across, lambda x, y: (x + 1, y))]
    return "".join(parts)


def _runs(sides: set, following) -> list[tuple[int, int, int]]:
    """(x, y, length) of each line of unit `sides` that follow one another (`following` gives the next one)."""
    after = {following(*side) for side in sides}
    found = []
    for side in sorted(sides):
        if side in after:
            continue  # drawn with the side before it
        length, end = 1, following(*side)
        while end in sides:
            length, end = length + 1, following(*end)
        found.append((*side, length))
    return found


def flashed(view: dict) -> list[dict]:
    """The groups the last strip scored: cells to flash, with the owner."""
    return [{"seat": entry["seat"], "cells": entry["cells"]} for entry in view["scored"]]


def spots(view: dict, actions: list) -> dict | None:
    """The turn's legal placements for the page's script, or None when the seat has none."""
    if not actions:
        return None
    spaces = {s["id"]: s["spaces"] for s in view["revealed"]}
    by_strip: dict[str, dict[str, set]] = {}
    for a in actions:
        if a["strip"] not in by_strip:
            by_strip[a["strip"]] = {d: set() for d in "ESWN"}
        dx, dy = SHIFT[a["dir"]]
        by_strip[a["strip"]][a["dir"]].add((a["x"] - dx, a["y"] - dy))
    first = next(iter(by_strip.values()))
    rows, columns = sorted(first["E"] | first["W"]), sorted(first["S"] | first["N"])
    # The cells of each spot and facing, the same for every strip
    lines = {d: [(anchor, geometry.cells(anchor[0] + dx, anchor[1] + dy, d)) for anchor in
                 (rows if d in "EW" else columns)] for d, (dx, dy) in SHIFT.items()}
    top = {(x, y): space for x, y, _h, space, _s in view["cells"]}
    gains = {}
    for strip, dirs in by_strip.items():
        gains[strip] = {}
        for d in "ESWN":
            out = []
            for anchor, cells in lines[d]:
                if anchor not in dirs[d]:
                    out.append("..")  # not legal this way (cannot happen while legality ignores the strip)
                    continue
                red, green = scoring.gains(top, dict(zip(cells, spaces[strip], strict=True)))
                out.append(DIGITS[min(red, TOP_DIGIT)] + DIGITS[min(green, TOP_DIGIT)])
            gains[strip][d] = "".join(out)
    return {"rows": ";".join(f"{x},{y}" for x, y in rows), "cols": ";".join(f"{x},{y}" for x, y in columns),
            "gains": gains}
