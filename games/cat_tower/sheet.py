"""The Cat Tower sheet: loads sheet.json and answers geometry questions (hexes, floors, which hexes touch)."""

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

SHEET_FILE = Path(__file__).with_name("sheet.json")


def hex_key(column: int, floor: int) -> str:
    """The name of a hex as records.md spells it: "column-floor"."""
    return f"{column}-{floor}"


def parse_hex(key: str) -> tuple[int, int] | None:
    """(column, floor) from "3-2", or None when the text is not shaped like a hex name."""
    if not isinstance(key, str):
        return None
    column, dash, floor = key.partition("-")
    if not dash or not column.isdigit() or not floor.isdigit():
        return None
    return int(column), int(floor)


@dataclass(frozen=True)
class Column:
    id: int
    colour: str
    floors: tuple[int, ...]
    house_floor: int
    first: int  # the big bonus number, for whoever completes the column first
    later: int  # the small bonus number, for later completers
    hexes: tuple[str, ...]  # bottom to top
    house_hex: str


@dataclass(frozen=True)
class Tower:
    """The printed sheet every player shares: its columns, items, cats and the hexes that touch."""

    items: dict[int, str]  # die number -> item name
    columns: dict[int, Column]
    offset_columns: frozenset[int]
    footprints: int
    cats: tuple[str, ...]
    yarn_points: tuple[int, ...]
    columns_to_end: int
    hexes: tuple[str, ...]
    house_hexes: frozenset[str]
    floor_of: dict[str, int]
    column_of: dict[str, int]
    hexes_on_floor: dict[int, tuple[str, ...]]
    neighbours: dict[str, tuple[str, ...]]

    @classmethod
    def from_data(cls, data: dict) -> "Tower":
        columns = {}
        for c in data["columns"]:
            number, floors = int(c["id"]), tuple(sorted(int(f) for f in c["floors"]))
            columns[number] = Column(
                id=number,
                colour=c.get("colour", ""),
                floors=floors,
                house_floor=int(c["house_floor"]),
                first=int(c["bonus"]["first"]),
                later=int(c["bonus"]["later"]),
                hexes=tuple(hex_key(number, f) for f in floors),
                house_hex=hex_key(number, int(c["house_floor"])),
            )
        offset = frozenset(int(c) for c in data.get("offset_columns", []))
        hexes = tuple(h for column in columns.values() for h in column.hexes)
        floor_of = {h: parse_hex(h)[1] for h in hexes}
        column_of = {h: parse_hex(h)[0] for h in hexes}
        top = max(floor_of.values())
        return cls(
            items={int(number): name for number, name in data["items"].items()},
            columns=columns,
            offset_columns=offset,
            footprints=int(data["footprints"]),
            cats=tuple(data["cats"]),
            yarn_points=tuple(int(p) for p in data["yarn_points"]),
            columns_to_end=int(data["columns_to_end"]),
            hexes=hexes,
            house_hexes=frozenset(column.house_hex for column in columns.values()),
            floor_of=floor_of,
            column_of=column_of,
            hexes_on_floor={f: tuple(h for h in hexes if floor_of[h] == f) for f in range(1, top + 1)},
            neighbours=_neighbours(columns, offset, set(hexes)),
        )


def _neighbours(columns: dict[int, Column], offset: frozenset[int], existing: set[str]) -> dict[str, tuple[str, ...]]:
    """Which hexes touch: same column one floor up or down, and the half-a-hex-shifted columns beside."""
    touching: dict[str, tuple[str, ...]] = {}
    for column in columns.values():
        c = column.id
        # Columns 2 and 4 sit half a hex lower, so their hex f meets floors f-1 and f beside them;
        # the others meet floors f and f+1 beside them.
        side_floors = (-1, 0) if c in offset else (0, 1)
        for f in column.floors:
            candidates = [(c, f - 1), (c, f + 1)]
            candidates += [(c + dc, f + df) for dc in (-1, 1) for df in side_floors]
            # A missing floor is a scratching post, not a hex: nothing touches through it.
            touching[hex_key(c, f)] = tuple(hex_key(*cf) for cf in candidates if hex_key(*cf) in existing)
    return touching


def load_data() -> dict:
    """The raw sheet data, as printed in sheet.json."""
    return json.loads(SHEET_FILE.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def default_tower() -> Tower:
    return Tower.from_data(load_data())


def tower_for(sheet_data: "dict | Tower | None") -> Tower:
    """Accept the printed sheet as raw data, as a Tower, or None for the default sheet."""
    if sheet_data is None:
        return default_tower()
    if isinstance(sheet_data, Tower):
        return sheet_data
    return Tower.from_data(sheet_data)
