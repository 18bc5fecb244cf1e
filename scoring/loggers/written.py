"""What the other loggers' files are written from: a history record's seats, times and duration."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from scoring.records import parse_moment


@dataclass
class WrittenSeat:
    seat: int
    name: str
    key: str  # the same person throughout a file: "handle:<handle>" or "name:<name>"
    handle: str
    bgg_username: str
    score: int
    rank: int


def seats_of(game_record) -> list[WrittenSeat]:
    """The record's seats in order, with their players' handles and BoardGameGeek usernames."""
    seats = []
    for participant in sorted(game_record.participants.all(), key=lambda p: p.seat):
        profile = participant.profile
        seats.append(WrittenSeat(
            seat=participant.seat, name=participant.shown_name,
            key=f"handle:{profile.handle}" if profile else f"name:{participant.name}",
            handle=profile.handle if profile else "", bgg_username=profile.bgg_username if profile else "",
            score=participant.score, rank=participant.rank))
    return seats


def minutes(game_record) -> int:
    """The duration in whole minutes, 0 when unknown (as both loggers write it): the history's, else the time from
    the record's start to its end."""
    length = game_record.duration
    record = game_record.record
    if not length and record.get("started_at") and record.get("finished_at"):
        length = parse_moment(record["finished_at"]) - parse_moment(record["started_at"])
    return max(round(length.total_seconds() / 60), 1) if length and length.total_seconds() > 0 else 0


def started(game_record):
    """When the match started: the record's start, else its end less its duration, else its end."""
    record = game_record.record
    if record.get("started_at"):
        return parse_moment(record["started_at"])
    return game_record.played_at - timedelta(minutes=minutes(game_record))
