"""Matches that end before the game does: a resignation, or an absent player's seat claimed by the others.

Pure (no Django): the turn service, the record writer and the import all use it, so a match that ended this way
is scored once, by one rule, and replays the same everywhere. Every game gets these endings without engine
changes: the framework records them as moves of its own kind, which the engine never sees.

- `{"type": "resign"}`, made by the resigning seat: that player gives up.
- `{"type": "claim", "absent": k}`, made by another player's seat once seat k has not moved for the host's
  chosen time: the match is scored as abandoned by seat k.
Either move is the last of the match. The leaver ranks last (alone: below every other seat); the others keep
the places the engine gives them for the game as it stands (its `outcome` of the unfinished state), among
themselves. Scores and breakdown are the engine's, as they stand.
"""
from __future__ import annotations

RESIGN = "resign"
CLAIM = "claim"
REASONS = {RESIGN: "resigned", CLAIM: "abandoned"}


def is_ending(action) -> bool:
    return isinstance(action, dict) and action.get("type") in REASONS


def leaver(seat: int | None, action: dict) -> int | None:
    """The seat that leaves the match by this ending move (None when the move names no valid seat)."""
    if action.get("type") == RESIGN:
        return seat
    absent = action.get("absent")
    return absent if type(absent) is int else None


def ended(seat: int | None, action: dict) -> dict:
    """The record's optional `ended` field for this ending move: {"reason": "resigned"|"abandoned", "seat": k}."""
    return {"reason": REASONS[action["type"]], "seat": leaver(seat, action)}


def places_without(ranks: list[int], gone: int) -> list[int]:
    """The ranks with seat `gone` last and the others' places recounted among themselves (ties still shared)."""
    others = [rank for seat, rank in enumerate(ranks) if seat != gone]
    return [
        len(ranks) if seat == gone else 1 + sum(other < rank for other in others)
        for seat, rank in enumerate(ranks)
    ]


def outcome(engine, state, gone: int) -> dict:
    """The record's `result` for a match left by seat `gone`: the engine's scores as they stand, the leaver last."""
    result = engine.outcome(state)
    return {**result, "ranks": places_without(list(result["ranks"]), gone)}
