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
# design/records.md version 2's `ended`: how the match ended ("played_out", the default, is left out of a record).
REASONS = {RESIGN: "resigned", CLAIM: "claimed"}
PLAYED_OUT = "played_out"
ENDED = (PLAYED_OUT, "resigned", "claimed", "abandoned")


def is_ending(action) -> bool:
    return isinstance(action, dict) and action.get("type") in REASONS


def leaver(seat: int | None, action: dict) -> int | None:
    """The seat that leaves the match by this ending move (None when the move names no valid seat)."""
    if action.get("type") == RESIGN:
        return seat
    absent = action.get("absent")
    return absent if type(absent) is int else None


def ended(action: dict) -> str:
    """The record's `ended` field for this ending move: "resigned" or "claimed" (the leaver is the move's)."""
    return REASONS[action["type"]]


def ending_move(record: dict) -> dict | None:
    """The record's last move when it ended the match early (a resignation, a claim), else None."""
    moves = record.get("moves") if isinstance(record, dict) else None
    last = moves[-1] if isinstance(moves, list) and moves else None
    return last if isinstance(last, dict) and is_ending(last.get("action")) else None


def places_without(ranks: list[int], gone: int) -> list[int]:
    """The ranks with seat `gone` last and the others' places recounted among themselves (ties still shared)."""
    others = [rank for seat, rank in enumerate(ranks) if seat != gone]
    return [
        len(ranks) if seat == gone else 1 + sum(other < rank for other in others)
        for seat, rank in enumerate(ranks)
    ]


def resigned_seats(seats: list[dict]) -> list[int]:
    """The seats of a record that resigned and were played to the end by a bot (a match of three or more:
    games/stand_in.py), the last to resign first: so the first to resign ranks lowest of them. (A resignation that
    ended the match is its last move's, placed by `outcome`.)"""
    resigned = [seat for seat in seats
                if isinstance(seat, dict) and seat.get("resigned") is True and seat.get("bot_from") is not None
                and seat.get("bot_until") is None]
    return [seat["seat"] for seat in sorted(resigned, key=lambda seat: -(seat.get("bot_from") or 0))]


def with_resigned(result: dict, resigned: list[int]) -> dict:
    """The result with each seat of `resigned` put last in turn, whatever the bot scored for it."""
    ranks = list(result["ranks"])
    for seat in resigned:
        ranks = places_without(ranks, seat)
    return {**result, "ranks": ranks}


def outcome(engine, state, gone: int) -> dict:
    """The record's `result` for a match left by seat `gone`: the engine's scores as they stand, the leaver last."""
    result = engine.outcome(state)
    return {**result, "ranks": places_without(list(result["ranks"]), gone)}
