"""Cat Tower at the table: the result of a finished paper game from its players' sheets (pure, no Django).

The sheets are the record's `final` (design/records.md): `{"sheets": [{"marks", "cats", "columns", "footprints"}]}`.
Every score comes from `scoring.score_sheets` and every single-sheet check from `scoring.validate_sheet`, the same
code the engine uses; this module adds only what one sheet cannot tell alone:
- a complete column always scored one of its numbers (the big one, or the small one once it was taken);
- a column's small number means somebody took its big number before;
- the game ended: some sheet has as many complete columns as the `columns_to_end` option asks.
The options are the engine's (`scoring.OPTIONS`); a bad one raises contract.IllegalAction, a ValueError.
"""

from . import scoring
from .scoring import normalise_options
from .sheet import Tower, default_tower

MIN_PLAYERS, MAX_PLAYERS = scoring.MIN_SEATS, scoring.MAX_SEATS

__all__ = ["MIN_PLAYERS", "MAX_PLAYERS", "SheetProblems", "normalise_options", "problems", "preview", "outcome",
           "record_sheet"]


class SheetProblems(ValueError):
    """Impossible sheets: `per_sheet[seat]` lists the reasons of each sheet, `game` those about the whole game."""

    def __init__(self, per_sheet: list[list[str]], game: list[str]):
        self.per_sheet, self.game = per_sheet, game
        lines = [f"Sheet {seat + 1}: {reason}" for seat, reasons in enumerate(per_sheet) for reason in reasons]
        super().__init__("; ".join(lines + game))


def _sheets(final: dict) -> list:
    sheets = final.get("sheets") if isinstance(final, dict) else None
    if not isinstance(sheets, list):
        raise ValueError("The record needs one sheet per player.")
    if not MIN_PLAYERS <= len(sheets) <= MAX_PLAYERS:
        raise ValueError(f"Cat Tower is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(sheets)}.")
    return sheets


def problems(final: dict, options: dict, tower: Tower | None = None) -> SheetProblems | None:
    """Why these sheets cannot be a finished game (None when they can)."""
    options = normalise_options(options)
    tower = tower or default_tower()
    sheets = _sheets(final)
    per_sheet = [scoring.validate_sheet(sheet, tower) for sheet in sheets]
    for seat, sheet in enumerate(sheets):
        if not per_sheet[seat]:
            per_sheet[seat] += _missing_bonuses(sheet, tower)
    game = [] if any(per_sheet) else _game_reasons(sheets, options, tower)
    return SheetProblems(per_sheet, game) if any(per_sheet) or game else None


def _bonuses(sheet: dict) -> dict[str, int]:
    return {str(column): points for column, points in (sheet.get("columns") or {}).items()}


def _missing_bonuses(sheet: dict, tower: Tower) -> list[str]:
    scored = _bonuses(sheet)
    return [
        f"column {c} is complete, so it scored its big ({tower.columns[c].first}) "
        f"or small ({tower.columns[c].later}) number: tick it"
        for c in scoring.complete_columns(sheet, tower) if str(c) not in scored
    ]


def _game_reasons(sheets: list[dict], options: dict, tower: Tower) -> list[str]:
    reasons = []
    for column in tower.columns.values():
        bonuses = [_bonuses(sheet).get(str(column.id)) for sheet in sheets]
        if column.first != column.later and column.later in bonuses and column.first not in bonuses:
            seats = ", ".join(str(seat + 1) for seat, b in enumerate(bonuses) if b == column.later)
            reasons.append(f"Column {column.id}'s small number ({column.later}) is scored on sheet {seats}, but no "
                           f"sheet scored its big number ({column.first}): the first to complete a column take it.")
    needed = options["columns_to_end"]
    if not any(len(scoring.complete_columns(sheet, tower)) >= needed for sheet in sheets):
        reasons.append(f"The game ends when a player has completed {needed} columns; no sheet has yet.")
    return reasons


def preview(final: dict, options: dict) -> dict:
    """Live totals for sheets being filled in, with the reasons they are not (yet) a finished game."""
    tower = default_tower()
    sheets = _sheets(final)
    if not all(isinstance(sheet, dict) for sheet in sheets):
        raise ValueError("Each sheet must be a set of marks, cats, columns and footprints.")
    found = problems(final, options, tower)
    breakdown = scoring.score_sheets(sheets, tower)
    scores = [b["total"] for b in breakdown]
    return {
        "scores": scores,
        "ranks": scoring.ranks(scores),
        "breakdown": breakdown,
        "sheet_problems": found.per_sheet if found else [[] for _ in scores],
        "game_problems": found.game if found else [],
    }


def outcome(final: dict, options: dict) -> dict:
    """The record's `result`; SheetProblems (a ValueError) with the reasons when the sheets are impossible."""
    found = problems(final, options)
    if found:
        raise found
    breakdown = scoring.score_sheets(final["sheets"], default_tower())
    scores = [b["total"] for b in breakdown]
    return {"scores": scores, "ranks": scoring.ranks(scores), "breakdown": breakdown}


def record_sheet(sheet: dict) -> dict:
    """A valid sheet in the exact records.md shape: cats as {cat: points}, column keys as text."""
    return {
        "marks": dict(sheet.get("marks") or {}),
        "cats": dict(scoring.cat_entries(sheet)),
        "columns": _bonuses(sheet),
        "footprints": {
            "circled": (sheet.get("footprints") or {}).get("circled", 0),
            "crossed": (sheet.get("footprints") or {}).get("crossed", 0),
        },
    }
