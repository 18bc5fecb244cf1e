"""Rat Hot's scoring, written once for the engine, the bots, the page and the table sheet.

- A group is a set of orthogonally connected visible cells showing the same spice; one of 2 scores 1 point (a grey
  chip), one of 3 or more 2 points (a yellow chip), for the owner of the spice.
- When a strip is placed, the groups it formed or changed score (`placement_groups`); after the last strip every
  visible group scores once more (`final_tally`).
- Three rats of one's own colour visible after one's turn lose the game (`RATS_TO_LOSE`).
- `result` turns the players' points (or a loss by rats) into the record's `result`.
- The game's facts, for the engine and the table sheet alike: two players, the one option, the two ways it ends.

Pure functions; a top layer is a dict {(x, y): space}.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from games import contract
from games.contract import ranks

from .strips import OWNER, RATS

PLAYERS = 2  # seat 0 red, seat 1 green
OPTIONS = {"rats": {"default": True}}  # its label and help for people: words.OPTION_LABELS
LAST_STRIP, BY_RATS = "last_strip", "rats"  # how a game ends: the record's `ended_by`
ENDS = (LAST_STRIP, BY_RATS)
CHIPS = {"grey": 1, "yellow": 2}  # chip colour -> points
RATS_TO_LOSE = 3
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
_NOTHING_PLACED: Mapping = MappingProxyType({})  # the layer as it is


def chip_for(size: int) -> str | None:
    """The chip a group of `size` cells earns: grey for 2, yellow for 3 or more, none for a single cell."""
    return None if size < 2 else "grey" if size == 2 else "yellow"


def group_points(size: int) -> int:
    chip = chip_for(size)
    return CHIPS[chip] if chip else 0


def chip_points(grey: int, yellow: int) -> int:
    return grey * CHIPS["grey"] + yellow * CHIPS["yellow"]


def tally_points(pairs: int, large: int) -> int:
    """The final tally of a player with `pairs` groups of two and `large` groups of three or more."""
    return pairs * group_points(2) + large * group_points(3)


def _group(top: dict, start: tuple, spice: str, placed: Mapping = _NOTHING_PLACED) -> set:
    """The cells connected to `start` showing `spice` once `placed` ({cell: space}) lies on `top`."""
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in _STEPS:
            cell = (x + dx, y + dy)
            if cell not in seen and (placed.get(cell) or top.get(cell)) == spice:
                seen.add(cell)
                todo.append(cell)
    return seen


def groups(top: dict) -> list[tuple[str, frozenset]]:
    """Every visible group of two or more cells of one spice: [(spice, cells)], in a fixed order."""
    return _groups_from(top, [(cell, top[cell]) for cell in sorted(top) if top[cell] in OWNER])


def placement_groups(top: dict, placed: dict) -> list[tuple[str, frozenset]]:
    """The groups that score when the strip `placed` ({cell: space}) goes onto the layer `top` (before it):
    those showing a placed space, and those whose cells changed because a placed space covered one of their
    spice (they shrank or split). Groups of one cell score nothing; other groups did not change."""
    seeds = []
    for (x, y), space in placed.items():
        if space in OWNER:
            seeds.append(((x, y), space))
        covered = top.get((x, y))
        if covered in OWNER and covered != space:
            for dx, dy in _STEPS:
                cell = (x + dx, y + dy)
                if cell not in placed and top.get(cell) == covered:
                    seeds.append((cell, covered))
    return _groups_from(top, seeds, placed)


def _groups_from(top: dict, seeds: list[tuple], placed: Mapping = _NOTHING_PLACED) -> list[tuple[str, frozenset]]:
    """The groups of two or more cells grown from each (cell, spice) seed once `placed` lies on `top`, each group
    once. The layer after the placement is not copied: a cell shows its placed space, else the one of `top`."""
    found, seen = [], set()
    for cell, spice in seeds:
        if cell in seen:
            continue
        group = _group(top, cell, spice, placed)
        seen |= group
        if len(group) >= 2:
            found.append((spice, frozenset(group)))
    return found


def gains(top: dict, placed: dict) -> list[int]:
    """Points each seat would score from this placement: [red, green]."""
    points = [0, 0]
    for spice, cells in placement_groups(top, placed):
        points[OWNER[spice]] += group_points(len(cells))
    return points


def final_tally(top: dict) -> list[dict]:
    """Per seat: {"pairs": groups of two, "large": groups of three or more, "points"} of the visible layer."""
    tally = [{"pairs": 0, "large": 0} for _ in RATS]
    for spice, cells in groups(top):
        tally[OWNER[spice]]["pairs" if len(cells) == 2 else "large"] += 1
    for entry in tally:
        entry["points"] = tally_points(entry["pairs"], entry["large"])
    return tally


def normalise_options(options: dict | None) -> dict:
    """Every option with its default; IllegalAction for an unknown option or a value not allowed."""
    return contract.normalise_options(OPTIONS, options)


def rats_visible(top: dict, seat: int) -> int:
    return sum(space == RATS[seat] for space in top.values())


def lost_by_rats(top: dict, seat: int, options: dict) -> bool:
    """Whether `seat` loses after its turn: played with the rats, three of its rats show."""
    return options["rats"] and rats_visible(top, seat) >= RATS_TO_LOSE


def result(players: list[dict], loser: int | None) -> dict:
    """The record's `result` from each player's {"chips": points, "final_tally": points}, or a loss by rats.

    After the last strip the score is chips plus the final tally, most wins, equal is a draw. A loss by rats:
    the loser places second whatever the chips, with the breakdown {"lost_by_rats": true}; the other's breakdown
    is their chips and a final tally of 0; the scores stay the chips.
    """
    if loser is not None:
        return {
            "scores": [p["chips"] for p in players],
            "ranks": [2 if seat == loser else 1 for seat in range(len(players))],
            "breakdown": [{"lost_by_rats": True} if seat == loser
                          else {"chips": p["chips"], "final_tally": 0, "total": p["chips"]}
                          for seat, p in enumerate(players)],
        }
    scores = [p["chips"] + p["final_tally"] for p in players]
    return {
        "scores": scores,
        "ranks": ranks(scores),
        "breakdown": [{"chips": p["chips"], "final_tally": p["final_tally"], "total": total}
                      for p, total in zip(players, scores, strict=True)],
    }
