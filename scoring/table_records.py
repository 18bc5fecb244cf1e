"""Games played at the table: their records (design/records.md, source "table"), saved and corrected.

The result always comes from the game's tally (games/<slug>/tally.py), so a table record is scored by the same
rules as an online one and can be checked again on import.
"""

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.records import FORMAT, iso
from games.registry import BY_SLUG
from scoring import ratings, services
from scoring.models import GameRecord, PlayerProfile
from scoring.records import fingerprint, parse_moment, save_record, seat_participants

# A table game has a date but no time: noon UTC keeps that date in every time zone the players are likely in.
PLAYED_AT = time(12, 0)


@dataclass(frozen=True)
class SeatChoice:
    """Who sat in a seat: an existing profile by handle, or the name of a table player to create."""

    handle: str = ""
    new_name: str = ""


class AlreadyRecorded(Exception):
    """The same game (same date, players and pad) is in the history already."""

    def __init__(self, game_record: GameRecord | None):
        super().__init__(_("This game is already recorded."))
        self.game_record = game_record


def tally_for(game: str):
    """The game's pure tally module: `outcome(final, options)` and `normalise_options(options)`."""
    return BY_SLUG[game].tally


def can_correct(user, game_record: GameRecord) -> bool:
    """Only the user who recorded a table game may correct it (an online game follows from its moves), on its score
    pad: a record of another logger's totals (final null, records.md version 2) has no pad to correct."""
    return (user.is_authenticated and game_record.source == "table"
            and game_record.recorded_by_id is not None and game_record.recorded_by_id == user.pk
            and game_record.record.get("final") is not None)


def build_record(*, game: str, seats: list[dict], played_on: date, final: dict, options: dict,
                 unfinished: bool = False) -> dict:
    """A table record in the exchange format; ValueError (from the tally) when the pad is impossible.

    `unfinished`: a play stopped before its end, its result as it stood (the tally's `finished=False`)."""
    tally = tally_for(game)
    options = tally.normalise_options(options)
    moment = iso(datetime.combine(played_on, PLAYED_AT, tzinfo=UTC))
    return {
        "format": FORMAT,
        "game": game,
        "source": "table",
        "options": options,
        "seats": seats,
        "started_at": moment,
        "finished_at": moment,
        "final": final,
        "result": tally.outcome(final, options, finished=False) if unfinished else tally.outcome(final, options),
    }


def _seat_entries(choices: list[SeatChoice], names: dict[str, str] | None = None) -> list[dict]:
    """Seats as records.md writes them; a seat still to be created has no handle yet."""
    profiles = {p.handle: p for p in PlayerProfile.objects.filter(handle__in=[c.handle for c in choices if c.handle])}
    entries = []
    for seat, choice in enumerate(choices):
        profile = profiles.get(choice.handle)
        if choice.handle and profile is None:
            raise ValueError(_("There is no player @%(handle)s.") % {"handle": choice.handle})
        entries.append({"seat": seat, "name": profile.display_name if profile else choice.new_name,
                        "player": profile.handle if profile else None, "bot": None})
    return entries


def _same_game(record: dict, other: dict) -> bool:
    """The same table game entered twice: same game, day, options, pad and people (new players by name)."""
    keys = ("game", "options", "started_at", "final")
    if any(record.get(key) != other.get(key) for key in keys) or len(record["seats"]) != len(other["seats"]):
        return False
    return all(
        mine["name"] == theirs["name"] and (mine["player"] is None or mine["player"] == theirs.get("player"))
        for mine, theirs in zip(record["seats"], other["seats"], strict=True)
    )


def _duplicate_of(record: dict, *, exclude: GameRecord | None = None) -> GameRecord | None:
    candidates = GameRecord.objects.filter(game=record["game"], source="table",
                                           played_at=parse_moment(record["finished_at"]))
    if exclude is not None:
        candidates = candidates.exclude(pk=exclude.pk)
    return next((c for c in candidates if _same_game(record, c.record)), None)


def _create_new_players(seats: list[dict], *, created_by) -> None:
    for seat in seats:
        if seat["player"] is None:
            seat["player"] = services.create_table_player(created_by=created_by, display_name=seat["name"]).handle


def _prepare(*, game, choices, played_on, final, options, exclude=None, unfinished=False) -> dict:
    record = build_record(game=game, seats=_seat_entries(choices), played_on=played_on, final=final, options=options,
                          unfinished=unfinished)
    duplicate = _duplicate_of(record, exclude=exclude)
    if duplicate is not None:
        raise AlreadyRecorded(duplicate)
    return record


def record_table_game(*, user, game: str, choices: list[SeatChoice], played_on: date, final: dict, options: dict,
                      location: str = "", duration: timedelta | None = None, notes: str = "",
                      unfinished: bool = False) -> GameRecord:
    """Save a game played at the table, creating table players for new names; AlreadyRecorded for a repeat.

    `unfinished`: the game stopped before its end; kept in the history, out of statistics and ratings."""
    record = build_record(game=game, seats=_seat_entries(choices), played_on=played_on, final=final, options=options,
                          unfinished=unfinished)
    try:
        with transaction.atomic():
            # One recording at a time per recorder: a double click waits here, then finds the first as a repeat.
            PlayerProfile.objects.select_for_update().filter(user=user).first()
            duplicate = _duplicate_of(record)
            if duplicate is not None:
                raise AlreadyRecorded(duplicate)
            _create_new_players(record["seats"], created_by=user)
            return save_record(record, recorded_by=user, location=location, duration=duration, notes=notes,
                               unfinished=unfinished)
    except IntegrityError:
        # Only the fingerprint can collide here: an identical record was saved meanwhile, or imported.
        raise AlreadyRecorded(GameRecord.objects.filter(fingerprint=fingerprint(record)).first()) from None


def correct_table_record(game_record: GameRecord, *, user, choices: list[SeatChoice], played_on: date, final: dict,
                         options: dict, location: str = "", duration: timedelta | None = None,
                         notes: str = "", unfinished: bool = False) -> GameRecord:
    """Replace a table record's content and its participants in one transaction (its recorder only)."""
    if not can_correct(user, game_record):
        raise PermissionError(_("Only the player who recorded this game may correct it."))
    record = _prepare(game=game_record.game, choices=choices, played_on=played_on, final=final, options=options,
                      exclude=game_record, unfinished=unfinished)
    was = (game_record.game, game_record.played_at)
    seated = list(game_record.participants.exclude(profile=None).values_list("profile_id", flat=True))
    try:
        with transaction.atomic():
            _create_new_players(record["seats"], created_by=user)
            game_record.record = record
            game_record.played_at = parse_moment(record["finished_at"])
            game_record.fingerprint = fingerprint(record)
            game_record.location, game_record.duration, game_record.notes = location, duration, notes
            game_record.unfinished = unfinished
            game_record.disputed = False  # a dispute of the record as it was is over (scoring/confirmations.py)
            game_record.save(update_fields=["record", "played_at", "fingerprint", "location", "duration", "notes",
                                            "unfinished", "disputed"])
            seat_participants(game_record, record)
            ratings.rerate(game_record, was=was, seated=seated)  # from where it was or is now
    except IntegrityError:
        raise AlreadyRecorded(GameRecord.objects.filter(fingerprint=fingerprint(record)).first()) from None
    return game_record


