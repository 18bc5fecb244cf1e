"""Cat Tower scoring: players, options, every category from the players' sheets, the ranks, and the checks that a
hand-entered sheet is possible.

A sheet is the records.md shape: {"marks": {"3-2": "bowl"}, "cats": {"mouse": 12}, "columns": {"2": 9},
"footprints": {"circled": 3, "crossed": 1}}. The engine's outcome, its live view and a table score sheet all
score through score_sheets() and rank through ranks(), so a rule is counted in one place only.
"""

from collections import Counter
from dataclasses import dataclass
from itertools import permutations

from games import contract

from .sheet import Tower, default_tower, parse_hex, tower_for

CATEGORIES = ("cats", "yarn", "butterfly", "bowl", "cushion", "mouse", "columns")
MIN_SEATS, MAX_SEATS = 2, 4

OPTIONS = {
    # The printed sheet says how many complete columns end the game; a match may ask for 1 up to all of them.
    "columns_to_end": {"default": default_tower().columns_to_end, "min": 1, "max": len(default_tower().columns)},
}


def normalise_options(options: dict | None = None) -> dict:
    """The match options with defaults filled in; IllegalAction for an unknown option or a bad value."""
    return contract.normalise_options(OPTIONS, options)


def cat_entries(sheet: dict) -> list[tuple[str, int]]:
    """The cats written on a sheet as (cat, points); a hand-entered form may send a list of pairs."""
    cats = sheet.get("cats") or {}
    if isinstance(cats, dict):
        return list(cats.items())
    return [tuple(pair) for pair in cats]


def _marks(sheet: dict) -> dict[str, str]:
    return sheet.get("marks") or {}


def items_on(sheet: dict, item: str) -> list[str]:
    """The hexes of a sheet holding one item."""
    return [h for h, name in _marks(sheet).items() if name == item]


def cat_factors(marks: dict, cat: str) -> tuple[int, int]:
    """A cat scored after a house: (houses on the sheet, this one included; hexes holding the cat's item).

    Its points are their product. The engine writes them with this, and the table page previews them with it.
    """
    houses = sum(1 for item in marks.values() if item == "house")
    return houses, sum(1 for item in marks.values() if item == cat)


def cats_points(sheet: dict) -> int:
    return sum(points for _, points in cat_entries(sheet))


def yarn_shares(counts: list[int], places: tuple[int, ...]) -> list[int]:
    """Majority points for one column: places go to the most yarn, then the next; ties split the places they fill.

    Players without yarn take no place. Three tied for most with places (9, 3) share 9 + 3 + 0 = 12: 4 each.
    """
    shares = [0] * len(counts)
    ranked = sorted({n for n in counts if n > 0}, reverse=True)
    position = 0
    for n in ranked:
        tied = [i for i, c in enumerate(counts) if c == n]
        pot = sum(places[position : position + len(tied)])
        for i in tied:
            shares[i] = pot // len(tied)  # rounded down, as the rules say
        position += len(tied)
    return shares


def yarn_points(sheets: list[dict], tower: Tower) -> list[int]:
    """Yarn is the one category scored against the other players: majorities column by column."""
    counts = {column: [0] * len(sheets) for column in tower.columns}
    for seat, sheet in enumerate(sheets):
        for h in items_on(sheet, "yarn"):
            if h in tower.column_of:
                counts[tower.column_of[h]][seat] += 1
    totals = [0] * len(sheets)
    for per_seat in counts.values():
        if any(per_seat):
            for seat, share in enumerate(yarn_shares(per_seat, tower.yarn_points)):
                totals[seat] += share
    return totals


def butterfly_points(sheet: dict) -> int:
    return 2 * len(items_on(sheet, "butterfly"))


def bowl_points(sheet: dict, tower: Tower) -> int:
    """2 per different item type touching each bowl; a touching bowl is a type like any other."""
    marks = _marks(sheet)
    total = 0
    for h in items_on(sheet, "bowl"):
        kinds = {marks[n] for n in tower.neighbours.get(h, ()) if n in marks}
        total += 2 * len(kinds)
    return total


def cushion_points(sheet: dict, tower: Tower) -> int:
    return sum(tower.floor_of.get(h, 0) for h in items_on(sheet, "cushion"))


def mouse_groups(sheet: dict, tower: Tower) -> list[set[str]]:
    """Groups of touching mice."""
    mice = set(items_on(sheet, "mouse"))
    groups = []
    while mice:
        start = mice.pop()
        group, frontier = {start}, [start]
        while frontier:
            for n in tower.neighbours.get(frontier.pop(), ()):
                if n in mice:
                    mice.discard(n)
                    group.add(n)
                    frontier.append(n)
        groups.append(group)
    return groups


def mouse_points(sheet: dict, tower: Tower) -> int:
    return sum(len(group) ** 2 for group in mouse_groups(sheet, tower))


def columns_points(sheet: dict) -> int:
    return sum((sheet.get("columns") or {}).values())


def ends_game(sheet: dict, tower: Tower, options: dict) -> bool:
    """A sheet with as many complete columns as the `columns_to_end` option asks ends the game (engine and tally)."""
    return len(complete_columns(sheet, tower)) >= options["columns_to_end"]


def complete_columns(sheet: dict, tower: Tower) -> list[int]:
    """Columns whose every hex holds an item."""
    filled = dict.fromkeys(tower.columns, 0)
    for h in _marks(sheet):
        if h in tower.column_of:
            filled[tower.column_of[h]] += 1
    return [c.id for c in tower.columns.values() if filled[c.id] == len(c.hexes)]


def score_sheets(sheets: list[dict], sheet_data: "dict | Tower | None" = None) -> list[dict]:
    """The breakdown per sheet: cats, yarn, butterfly, bowl, cushion, mouse, columns, total."""
    tower = tower_for(sheet_data)
    yarn = yarn_points(sheets, tower)
    breakdowns = []
    for seat, sheet in enumerate(sheets):
        parts = {
            "cats": cats_points(sheet),
            "yarn": yarn[seat],
            "butterfly": butterfly_points(sheet),
            "bowl": bowl_points(sheet, tower),
            "cushion": cushion_points(sheet, tower),
            "mouse": mouse_points(sheet, tower),
            "columns": columns_points(sheet),
        }
        parts["total"] = sum(parts.values())
        breakdowns.append(parts)
    return breakdowns


def ranks(scores: list[int]) -> list[int]:
    """1 = best (the highest total); tied scores share a rank (31, 27, 31 -> 1, 3, 1)."""
    return contract.ranks(scores)


# --- Checking a hand-entered sheet ------------------------------------------------------------------------


@dataclass(frozen=True)
class Reason:
    """Why a sheet cannot be: where on the sheet (see located_reasons), a code and its params for the game's
    words module (words.refusal), and the plain-English sentence."""

    where: str | None
    code: str
    params: dict
    message: str


def validate_sheet(sheet: dict, sheet_data: "dict | Tower | None" = None) -> list[str]:
    """Plain-English reasons a sheet could not have come from a real game; an empty list means it could."""
    return [reason.message for reason in located_reasons(sheet, sheet_data)]


def located_reasons(sheet: dict, sheet_data: "dict | Tower | None" = None) -> list[Reason]:
    """validate_sheet's reasons with where each belongs on the sheet: "hex-3-2", "cat-mouse" (the line of that
    cat), "cats", "col-2", "circled", "crossed", or None for the sheet as a whole."""
    tower = tower_for(sheet_data)
    if not isinstance(sheet, dict):
        return [Reason(None, "sheet_shape", {}, "the sheet must be a set of marks, cats, columns and footprints")]
    return (_mark_reasons(sheet, tower) + _cat_reasons(sheet, tower) + _column_reasons(sheet, tower)
            + _footprint_reasons(sheet, tower))


def _mark_reasons(sheet: dict, tower: Tower) -> list[Reason]:
    marks = sheet.get("marks") or {}
    if not isinstance(marks, dict):
        return [Reason(None, "marks_shape", {}, "the marks must map hexes such as \"3-2\" to items")]
    reasons = []
    known_items = set(tower.items.values())
    for h, item in marks.items():
        where = parse_hex(h)
        if h not in tower.floor_of:
            if where is None:
                reasons.append(Reason(None, "not_a_hex_name", {"hex": str(h)},
                                      f"\"{h}\" is not a hex name (write column-floor, such as 3-2)"))
            else:
                reasons.append(Reason(None, "no_hex_there", {"column": where[0], "floor": where[1]},
                                      f"there is no hex at column {where[0]}, floor {where[1]}"))
            continue
        at = {"column": where[0], "floor": where[1], "item": str(item)}
        if not isinstance(item, str) or item not in known_items:
            reasons.append(Reason(f"hex-{h}", "not_an_item", at, f"\"{item}\" on column {where[0]}, floor {where[1]} "
                                  "is not an item of the game"))
        elif item == "house" and h not in tower.house_hexes:
            reasons.append(Reason(f"hex-{h}", "house_off_house_hex", at, f"a house on column {where[0]}, floor "
                                  f"{where[1]}, which is not a house hex"))
        elif item != "house" and h in tower.house_hexes:
            reasons.append(Reason(f"hex-{h}", "item_on_house_hex", at, f"a {item} on the house hex of column "
                                  f"{where[0]} (floor {where[1]}): only houses go there"))
    return reasons


def _cat_reasons(sheet: dict, tower: Tower) -> list[Reason]:
    try:
        entries = cat_entries(sheet)
        if any(len(entry) != 2 or not isinstance(entry[0], str) for entry in entries):
            raise ValueError
    except (TypeError, ValueError):
        return [Reason("cats", "cats_shape", {}, "the cats must map each cat to its points")]
    reasons = []
    seen = Counter(cat for cat, _ in entries)
    for cat, times in seen.items():
        if cat not in tower.cats:
            reasons.append(Reason("cats", "not_a_cat", {"cat": str(cat)}, f"\"{cat}\" is not one of the cats"))
        elif times > 1:
            reasons.append(Reason(f"cat-{cat}", "cat_twice", {"cat": cat, "times": times},
                                  f"the {cat} cat is scored {times} times; each cat is scored once"))
    valid = [(cat, points) for cat, points in entries if cat in tower.cats and seen[cat] == 1]
    for cat, points in valid:
        if not contract.is_whole(points) or points < 0:
            reasons.append(Reason(f"cat-{cat}", "cat_points_not_whole", {"cat": cat, "points": repr(points)},
                                  f"the {cat} cat's points must be a whole number, not {points!r}"))
    if reasons:
        return reasons
    houses = len(items_on(sheet, "house"))
    if len(valid) > houses:
        return [Reason("cats", "more_cats_than_houses", {"cats": len(valid), "houses": houses},
                       f"{len(valid)} cats are scored but the sheet has only {_houses(houses)}: one cat per house")]
    for cat, points in valid:
        if points not in _possible_cat_values(cat, sheet, houses):
            reasons.append(Reason(f"cat-{cat}", "impossible_cat_points",
                                  {"cat": cat, "points": points, "houses": houses,
                                   "items": len(items_on(sheet, cat))},
                                  f"the {cat} cat cannot score {points}: {_cat_hint(cat, sheet, houses)}"))
    if not reasons and not _cats_fit_houses(valid, sheet, houses):
        reasons.append(Reason("cats", "cats_do_not_fit", {}, "the cats' points cannot all be right: each house "
                              "scores one cat, the first with 1 house, the next with 2, and so on"))
    return reasons


def cat_points(cat: str, house_number: int, items_then: int) -> int:
    """What a cat scores when chosen after the house_number-th house, with items_then hexes of its item on the
    sheet at that moment: houses x items, the house cat houses x houses (the rules' "House" item)."""
    return house_number * (house_number if cat == "house" else items_then)


def in_house_order(sheet: dict, tower: Tower | None = None) -> list[tuple[str, int]]:
    """The sheet's cats in the order their houses were marked: as written (the engine and the pad write them in
    that order) when that order fits, else the first order that does."""
    tower = tower or default_tower()
    cats = cat_entries(sheet)
    houses = len(items_on(sheet, "house"))
    if all(points in _cat_values_at(cat, sheet, n) for n, (cat, points) in enumerate(cats, start=1)):
        return cats
    for numbers in permutations(range(1, houses + 1), len(cats)):
        if all(points in _cat_values_at(cat, sheet, n) for (cat, points), n in zip(cats, numbers, strict=True)):
            order = dict(zip(numbers, cats, strict=True))
            return [order[n] for n in sorted(order)]
    return cats


def _cat_values_at(cat: str, sheet: dict, house_number: int) -> set[int]:
    """What a cat can be worth when written after the house_number-th house."""
    if cat == "house":
        return {house_number * house_number}
    # The item count only grows during a game, so any count up to today's is possible at that time.
    return {house_number * k for k in range(len(items_on(sheet, cat)) + 1)}


def _possible_cat_values(cat: str, sheet: dict, houses: int) -> set[int]:
    return set().union(*(_cat_values_at(cat, sheet, n) for n in range(1, houses + 1))) if houses else set()


def _houses(n: int) -> str:
    return "1 house" if n == 1 else f"{n} houses"


def _cat_hint(cat: str, sheet: dict, houses: int) -> str:
    if cat == "house":
        return f"the house cat scores houses x houses, with at most {_houses(houses)} on the sheet"
    return f"it scores houses (at most {houses}) x {cat} hexes (at most {len(items_on(sheet, cat))} on the sheet)"


def _cats_fit_houses(cats: list[tuple[str, int]], sheet: dict, houses: int) -> bool:
    """Each house scores one cat with its own house count, so the cats need different house numbers."""
    for numbers in permutations(range(1, houses + 1), len(cats)):
        if all(points in _cat_values_at(cat, sheet, n) for (cat, points), n in zip(cats, numbers, strict=True)):
            return True
    return False


def _column_reasons(sheet: dict, tower: Tower) -> list[Reason]:
    columns = sheet.get("columns") or {}
    if not isinstance(columns, dict):
        return [Reason(None, "columns_shape", {}, "the column bonuses must map each column to its points")]
    reasons = []
    complete = set(complete_columns(sheet, tower))
    for key, points in columns.items():
        column = tower.columns.get(int(key)) if str(key).isdigit() else None
        if column is None:
            reasons.append(Reason(None, "no_such_column", {"column": str(key)}, f"there is no column {key}"))
        elif points not in (column.first, column.later):
            reasons.append(Reason(f"col-{key}", "wrong_bonus", {"column": column.id, "first": column.first,
                                                                 "later": column.later, "points": repr(points)},
                                  f"column {key} gives {column.first} or {column.later}, not {points}"))
        elif column.id not in complete:
            reasons.append(Reason(f"col-{key}", "bonus_not_complete", {"column": column.id},
                                  f"column {key} scores a bonus but is not complete"))
    return reasons


def _footprint_reasons(sheet: dict, tower: Tower) -> list[Reason]:
    footprints = sheet.get("footprints") or {}
    if not isinstance(footprints, dict):
        return [Reason(None, "footprints_shape", {},
                       "the footprints must give how many are circled and how many crossed")]
    circled, crossed = footprints.get("circled", 0), footprints.get("crossed", 0)
    for name, n in (("circled", circled), ("crossed", crossed)):
        if not contract.is_whole(n):
            return [Reason(name, "footprints_not_whole", {"which": name, "value": repr(n)},
                           f"{name} footprints must be a whole number, not {n!r}")]
    reasons = []
    if not 0 <= circled <= tower.footprints:
        reasons.append(Reason("circled", "too_many_circled", {"circled": circled, "most": tower.footprints},
                              f"{circled} footprints circled: the track has 0 to {tower.footprints}"))
    if not 0 <= crossed <= circled:
        reasons.append(Reason("crossed", "crossed_above_circled", {"crossed": crossed, "circled": circled},
                              f"{crossed} footprints crossed out but {circled} circled: only circled footprints "
                              "are crossed"))
    return reasons
