"""Saving finished matches (records in the design/records.md format) into the history."""
import hashlib
import json
from datetime import UTC, datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.counting import ended, seat_counting
from scoring.models import GameRecord, Participant, PlayerProfile
from scoring.nights.grouping import place as place_in_night
from scoring.ratings import rate_record

# Times a record may carry (design/records.md). Outside them a database may store a year it cannot read back
# (PostgreSQL keeps year 10000 and 1 BC, Python's datetime then fails on every page that shows them).
FIRST_YEAR, LAST_YEAR = 1900, 2200
EARLIEST = datetime(FIRST_YEAR, 1, 1, tzinfo=UTC)
LATEST = datetime(LAST_YEAR + 1, 1, 1, tzinfo=UTC)  # exclusive


class MomentProblem(ValueError):
    """A time a record may not carry; the message says why, in plain words (in the active language)."""


def parse_moment(text: str | None) -> datetime:
    """The record time `text` as an aware datetime (see read_moment); now when there is none."""
    return read_moment(text) if text else timezone.now()


def read_moment(text: str) -> datetime:
    """The record time `text` (ISO 8601 with a zone) as an aware datetime.

    MomentProblem when it is not such a time or lies outside FIRST_YEAR to LAST_YEAR (in UTC).
    """
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00")) if isinstance(text, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise MomentProblem(_("must be an ISO 8601 time with its zone, like 2026-11-30T20:40:00Z, not %(text)s")
                            % {"text": repr(text)})
    return check_moment(moment)


def check_moment(moment: datetime) -> datetime:
    """The aware `moment` when it lies within the years a record may carry; MomentProblem otherwise."""
    try:
        in_utc = moment.astimezone(UTC)
    except OverflowError:  # 9999-12-31T23:59-05:00 is in year 10000 in UTC
        in_utc = None
    if in_utc is None or not EARLIEST <= in_utc < LATEST:
        raise MomentProblem(_("must lie between the years %(first)d and %(last)d, not %(moment)s")
                            % {"first": FIRST_YEAR, "last": LAST_YEAR, "moment": moment.isoformat()})
    return moment


def fingerprint(record: dict) -> str:
    """The same match gives the same fingerprint wherever it was exported from: imports skip duplicates by it."""
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


@transaction.atomic
def save_record(record: dict, *, recorded_by=None, witnessed: bool = False, guests: dict | None = None,
                **details) -> GameRecord:
    """Store one record and a Participant per seat, linking seats to profiles by handle.

    `witnessed`: the site saw the match (an online match played here), so nobody needs to confirm it; otherwise
    a seat naming another registered player than `recorded_by` awaits that player's confirmation.
    `guests`: the profiles of an online match's guest seats by seat (their records name no player).
    `details` are the history's own fields a table record may carry: location, duration, notes (and the `night` of an
    imported record that names one); a record without a night joins its evening's (scoring/nights/grouping.py).
    """
    external = record.get("external") or {}  # records.md version 2: where an imported record came from
    game_record = GameRecord.objects.create(
        bgstats_play=external.get("bgstats"),
        bgg_play=external.get("bgg"),
        game=record["game"],
        source=record["source"],
        record=record,
        played_at=parse_moment(record.get("finished_at") or record.get("started_at")),
        recorded_by=recorded_by,
        fingerprint=fingerprint(record),
        ended=ended(record),
        **details,
    )
    seat_participants(game_record, record, witnessed=witnessed, guests=guests)
    rate_record(game_record)
    place_in_night(game_record)
    return game_record


def confirmation_for(profile: PlayerProfile | None, *, recorded_by_id: int | None, witnessed: bool) -> str:
    """Whether a seat's participation counts at once, or waits for its player to confirm it."""
    if witnessed or profile is None or profile.user_id is None or profile.user_id == recorded_by_id:
        return Participant.CONFIRMED
    return Participant.AWAITING


def seat_participants(game_record: GameRecord, record: dict, *, witnessed: bool = False,
                      guests: dict | None = None) -> None:
    """(Re)create a Participant per seat of the record, linking seats to profiles by handle, whatever its case.

    Recreated seats (a corrected table record) await their players' confirmation again: they agreed to the
    record as it was (and a dispute of the record as it was is over: table_records.correct_table_record)."""
    game_record.participants.all().delete()
    handles = [seat["player"].lower() for seat in record["seats"] if seat.get("player")]
    profiles = {p.handle: p for p in PlayerProfile.objects.filter(handle__in=handles)}
    guests = guests or {}

    def profile_of(seat: dict) -> PlayerProfile | None:
        return guests.get(seat["seat"]) if seat.get("guest") else profiles.get((seat.get("player") or "").lower())

    result = record["result"]
    Participant.objects.bulk_create(
        Participant(
            game_record=game_record,
            seat=seat["seat"],
            profile=profile_of(seat),
            name=seat["name"],
            bot=seat.get("bot") or "",
            score=result["scores"][seat["seat"]],
            rank=result["ranks"][seat["seat"]],
            confirmation=confirmation_for(profile_of(seat), recorded_by_id=game_record.recorded_by_id,
                                          witnessed=witnessed),
            # What the seat counts for, by how its match ended: a resignation as a loss only, a seat a bot finished
            # or a match ended early for nothing (scoring/counting.py); all are in the history.
            **dict(zip(("counted", "score_counted"), seat_counting(record, seat), strict=True)),
        )
        for seat in record["seats"]
    )
