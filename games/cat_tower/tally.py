"""Cat Tower at the table: the result of a finished paper game from its players' sheets (pure, no Django).

The sheets are the record's `final` (design/records.md): `{"sheets": [{"marks", "cats", "columns", "footprints"}]}`.
Every score comes from `scoring.score_sheets` and every single-sheet check from `scoring.validate_sheet`, the same
code the engine uses; this module adds only what one sheet cannot tell alone:
- a complete column always scored one of its numbers (the big one, or the small one once it was taken);
- a column's small number means somebody took its big number before;
- the game ended: some sheet has as many complete columns as the `columns_to_end` option asks.
The options are the engine's (`scoring.OPTIONS`); a bad one raises contract.IllegalAction, a ValueError.
"""

from games.contract import Problem, Problems, problems_left

from . import scoring
from .scoring import normalise_options
from .sheet import Tower, default_tower

MIN_PLAYERS, MAX_PLAYERS = scoring.MIN_SEATS, scoring.MAX_SEATS
# The keys a sheet may hold (design/records.md), for imports to refuse any other: {key: its own keys or None}, a list
# of one shape for each of its items. Marks, cats and columns are keyed by the sheet's own data, checked above.
FINAL_KEYS = {"sheets": [{"marks": None, "cats": None, "columns": None,
                          "footprints": {"circled": None, "crossed": None}}]}

__all__ = ["MIN_PLAYERS", "MAX_PLAYERS", "SheetProblems", "normalise_options", "problems", "preview", "outcome",
           "record_sheet"]


class SheetProblems(Problems):
    """Impossible sheets: every problem in `problems` (seat, field); `per_sheet[seat]` lists the reasons of each
    sheet, `game` those about the whole game."""

    def __init__(self, problems: list[Problem], seats: int):
        super().__init__(problems, "impossible_sheets")
        self.per_sheet = [[p.message for p in problems if p.seat == seat] for seat in range(seats)]
        self.game = [p.message for p in problems if p.seat is None]
        lines = [f"Sheet {seat + 1}: {reason}" for seat, reasons in enumerate(self.per_sheet) for reason in reasons]
        self.args = ("; ".join(lines + self.game),)


def _sheets(final: dict) -> list:
    sheets = final.get("sheets") if isinstance(final, dict) else None
    if not isinstance(sheets, list):
        raise ValueError("The record needs one sheet per player.")
    if not MIN_PLAYERS <= len(sheets) <= MAX_PLAYERS:
        raise ValueError(f"Cat Tower is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(sheets)}.")
    return sheets


def problems(final: dict, options: dict, tower: Tower | None = None) -> list[Problem]:
    """Everything that keeps these sheets from being a finished game, each with its seat and its place on the
    sheet ("hex-3-2", "cat-mouse", "cats", "col-2", "circled", "crossed"; "columns_to_end" for the end)."""
    options = normalise_options(options)
    tower = tower or default_tower()
    try:
        sheets = _sheets(final)
    except ValueError as error:
        count = len(final["sheets"]) if isinstance(final, dict) and isinstance(final.get("sheets"), list) else None
        if count is None:
            return [Problem(None, None, "no_sheets", str(error))]
        return [Problem(None, None, "sheet_count", str(error), {"count": count, "low": MIN_PLAYERS,
                                                                  "high": MAX_PLAYERS})]
    found = []
    for seat, sheet in enumerate(sheets):
        located = scoring.located_reasons(sheet, tower) or _missing_bonuses(sheet, tower)
        found += [Problem(seat, reason.where, reason.code, reason.message, {"seat": seat, **reason.params})
                  for reason in located]
    return found or _game_problems(sheets, options, tower)


def _bonuses(sheet: dict) -> dict[str, int]:
    return {str(column): points for column, points in (sheet.get("columns") or {}).items()}


def _missing_bonuses(sheet: dict, tower: Tower) -> list[scoring.Reason]:
    scored = _bonuses(sheet)
    return [
        scoring.Reason(f"col-{c}", "bonus_missing", {"column": c, "first": tower.columns[c].first,
                                                     "later": tower.columns[c].later},
                       f"column {c} is complete, so it scored its big ({tower.columns[c].first}) "
                       f"or small ({tower.columns[c].later}) number: tick it")
        for c in scoring.complete_columns(sheet, tower) if str(c) not in scored
    ]


def _game_problems(sheets: list[dict], options: dict, tower: Tower) -> list[Problem]:
    found = []
    for column in tower.columns.values():
        bonuses = [_bonuses(sheet).get(str(column.id)) for sheet in sheets]
        if column.first != column.later and column.later in bonuses and column.first not in bonuses:
            seats = [seat for seat, b in enumerate(bonuses) if b == column.later]
            found.append(Problem(None, None, "small_before_big",
                                 f"Column {column.id}'s small number ({column.later}) is scored on sheet "
                                 f"{', '.join(str(seat + 1) for seat in seats)}, but no sheet scored its big number "
                                 f"({column.first}): the first to complete a column take it.",
                                 {"column": column.id, "first": column.first, "later": column.later,
                                  "seats": [seat + 1 for seat in seats]}))
    needed = options["columns_to_end"]
    if not any(scoring.ends_game(sheet, tower, options) for sheet in sheets):
        found.append(Problem(None, "columns_to_end", "not_ended", f"The game ends when a player has completed "
                             f"{needed} columns; no sheet has yet.", {"needed": needed}, unended=True))
    return found


def preview(final: dict, options: dict, *, finished: bool = True) -> dict:
    """Live totals for sheets being filled in, with the reasons they are not (yet) a finished game."""
    tower = default_tower()
    sheets = _sheets(final)
    if not all(isinstance(sheet, dict) for sheet in sheets):
        raise ValueError("Each sheet must be a set of marks, cats, columns and footprints.")
    found = problems_left(problems(final, options, tower), finished=finished)
    breakdown = scoring.score_sheets(sheets, tower)
    scores = [b["total"] for b in breakdown]
    return {
        "scores": scores,
        "ranks": scoring.ranks(scores),
        "breakdown": breakdown,
        "problems": found,
        "sheet_problems": [[p.message for p in found if p.seat == seat] for seat in range(len(sheets))],
        "game_problems": [p.message for p in found if p.seat is None],
    }


def outcome(final: dict, options: dict, *, finished: bool = True) -> dict:
    """The record's `result`; SheetProblems (a ValueError) with the reasons when the sheets are impossible.

    `finished=False`: a play stopped before its end, scored as it stood; only the end (enough complete columns)
    is not asked for."""
    found = problems_left(problems(final, options), finished=finished)
    if found:
        sheets = final.get("sheets") if isinstance(final, dict) else None
        raise SheetProblems(found, len(sheets) if isinstance(sheets, list) else 0)
    breakdown = scoring.score_sheets(final["sheets"], default_tower())
    scores = [b["total"] for b in breakdown]
    return {"scores": scores, "ranks": scoring.ranks(scores), "breakdown": breakdown}


def record_sheet(sheet: dict) -> dict:
    """A valid sheet in the exact records.md shape: cats as {cat: points} in house order, column keys as text."""
    return {
        "marks": dict(sheet.get("marks") or {}),
        "cats": dict(scoring.cat_entries(sheet)),
        "columns": _bonuses(sheet),
        "footprints": {
            "circled": (sheet.get("footprints") or {}).get("circled", 0),
            "crossed": (sheet.get("footprints") or {}).get("crossed", 0),
        },
    }
