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
    """Why three cells in a line cannot take a strip (one of the codes above), or None when they can.

    Asked of every candidate place of every table's turn (`spots`): written out for three cells, without
    generators (a Rat Hot move spent 7% of its calls here when it was written with them)."""
    a, b, c = where
    if not (on_table(a) and on_table(c)):  # b lies between them
        return OFF_TABLE
    top_a, top_b, top_c = layout.get(a), layout.get(b), layout.get(c)
    height = top_a[0] if top_a else 0
    if (top_b[0] if top_b else 0) != height or (top_c[0] if top_c else 0) != height:
        return HOLLOW
    if height == 0:
        for x, y in where:
            for dx, dy in NEIGHBOURS:
                if (x + dx, y + dy) in layout:
                    return None
        return NOT_TOUCHING
    if top_a[2] == top_b[2] == top_c[2]:
        return ONE_STRIP
    return None


def spots(layout: dict) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Every legal place for a strip, whatever its spaces: (rows, columns), where a row (x, y) means the cells
    (x..x+2, y) and a column (x, y) the cells (x, y..y+2). Sorted. A strip lies E or W on a row, S or N on a
    column (legality depends on the cells only, never on the strip).

    The rule is `refusal`'s, asked of every candidate: a legal place either lies on the layout's cells or touches
    one of them, so it runs through a cell of the layout or next to one, and those are all the candidates."""
    near = set(layout) | {(x + dx, y + dy) for x, y in layout for dx, dy in NEIGHBOURS}
    found = ([], [])
    for out, direction in zip(found, ("E", "S"), strict=True):
        dx, dy = DIRS[direction]
        anchors = {(x - k * dx, y - k * dy) for x, y in near for k in (0, 1, 2)}
        out.extend(sorted(a for a in anchors if refusal(layout, cells(a[0], a[1], direction)) is None))
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
