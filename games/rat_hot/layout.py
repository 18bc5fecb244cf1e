"""Rat Hot geometry: the 25 x 25 table, where a strip's three cells lie, and which placements are legal.

A layout is a dict {(x, y): (height, space, strip_id)} of the occupied cells, the top strip of each; y grows
downward. Pure functions only.
"""
from __future__ import annotations

LOW, HIGH = -12, 12  # the table: x and y from -12 to 12
DIRS = {"E": (1, 0), "S": (0, 1), "W": (-1, 0), "N": (0, -1)}
DIR_NAMES = tuple(DIRS)
START_CELLS = ((-1, 0), (0, 0), (1, 0))
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))

# Refusal codes of a placement, in the order the rules list the conditions.
OFF_TABLE, HOLLOW, ONE_STRIP, NOT_TOUCHING = "off_table", "hollow", "covers_one_strip", "not_touching"


def cells(x: int, y: int, direction: str) -> tuple[tuple[int, int], ...]:
    """The three cells of a strip put at (x, y) facing `direction`: its spaces lie on them in order."""
    dx, dy = DIRS[direction]
    return (x, y), (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)


def on_table(cell: tuple[int, int]) -> bool:
    return LOW <= cell[0] <= HIGH and LOW <= cell[1] <= HIGH


def refusal(layout: dict, where: tuple) -> str | None:
    """Why three cells in a line cannot take a strip (one of the codes above), or None when they can."""
    if not all(on_table(c) for c in where):
        return OFF_TABLE
    tops = [layout.get(c) for c in where]
    heights = {top[0] if top else 0 for top in tops}
    if len(heights) != 1:
        return HOLLOW
    if heights == {0}:
        if not any((x + dx, y + dy) in layout for x, y in where for dx, dy in NEIGHBOURS):
            return NOT_TOUCHING
    elif len({top[2] for top in tops}) == 1:
        return ONE_STRIP
    return None


def spots(layout: dict) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Every legal place for a strip, whatever its spaces: (rows, columns), where a row (x, y) means the cells
    (x..x+2, y) and a column (x, y) the cells (x, y..y+2). Sorted. A strip lies E or W on a row, S or N on a
    column (legality depends on the cells only, never on the strip)."""
    height = {c: top[0] for c, top in layout.items()}
    strip = {c: top[2] for c, top in layout.items()}
    frontier = {(x + dx, y + dy) for x, y in layout for dx, dy in NEIGHBOURS} - height.keys()
    near = height.keys() | frontier
    found = ([], [])
    for index, (dx, dy) in enumerate(((1, 0), (0, 1))):
        anchors = {(x - k * dx, y - k * dy) for x, y in near for k in (0, 1, 2)}
        out = found[index]
        for ax, ay in anchors:
            bx, by, cx, cy = ax + dx, ay + dy, ax + 2 * dx, ay + 2 * dy
            if ax < LOW or ay < LOW or cx > HIGH or cy > HIGH:
                continue
            a, b, c = (ax, ay), (bx, by), (cx, cy)
            h = height.get(a, 0)
            if height.get(b, 0) != h or height.get(c, 0) != h:
                continue
            if h:
                if strip[a] == strip[b] == strip[c]:
                    continue
            elif a not in frontier and b not in frontier and c not in frontier:
                continue
            out.append(a)
        out.sort()
    return found


def placements(layout: dict) -> list[tuple[int, int, str]]:
    """Every legal (x, y, dir) for a strip: each row once facing E from its left end and once facing W from its
    right end, each column facing S from its top and N from its bottom."""
    rows, columns = spots(layout)
    out = []
    for x, y in rows:
        out += [(x, y, "E"), (x + 2, y, "W")]
    for x, y in columns:
        out += [(x, y, "S"), (x, y + 2, "N")]
    return out


def tops(layout: dict) -> dict:
    """The visible top layer: {(x, y): space}."""
    return {c: top[1] for c, top in layout.items()}
