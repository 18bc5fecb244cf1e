"""Data portability: check, replay, import and export match records in the design/records.md format.

A record is checked before anything is saved: an online record is replayed move by move through its game's
engine and must end exactly at its last move with the engine's own final and result; a table record's result is
recomputed from its final by the game's tally. A file is imported whole or not at all.
"""
from __future__ import annotations

import copy
import csv
import io
import json
import math
import re
import sys
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from catsite import limits
from games import endings
from games.contract import is_whole
from games.contract import ranks as contract_ranks
from games.records import SEAT_KEYS_2, STAND_IN_KEYS
from games.registry import BY_SLUG
from scoring import earlier_records, ratings
from scoring.csv_safety import safe_cell
from scoring.models import GameNight, GameRecord, PlayerProfile
from scoring.record_forms import MAX_DURATION_MINUTES
from scoring.records import MomentProblem, fingerprint, parse_moment, read_moment, save_record

FORMAT = "catsite-record/1"
FORMAT_2 = "catsite-record/2"  # version 2 (design/records.md): read alongside version 1; written when used
FORMATS = (FORMAT, FORMAT_2)
SOURCES = ("online", "table")
MAX_FILE_BYTES = 10 * 1024 * 1024  # one file, uploaded or given to the import command
MAX_DEPTH = 32  # a record nests 5 or 6 levels deep; Python's json and copy fail at around a thousand
MAX_RECORDS = 5000  # one file; a player's whole history fits many times over
MAX_MOVES = 20000  # one record; the longest real matches have a few hundred
MAX_SCORE = 2**31 - 1  # what the history's integer score column holds on every database
NAME_LENGTH, HANDLE_LENGTH, BOT_LENGTH = 60, 30, 20
LOCATION_LENGTH, NOTES_LENGTH = 100, 2000  # the history's own fields (GameRecord.location, notes)
# The keys design/records.md allows at each level (version 1); a record holding any other is refused, so that
# nothing is stored, and exported again, that no reader knows.
RECORD_KEYS = ("format", "game", "source", "options", "seed", "seats", "started_at", "finished_at", "location",
               "duration", "notes", "moves", "final", "result")
# Version 2's keys, allowed only in a record that says it is version 2; each is checked by its own function in
# V2_CHECKS (the other fields of version 2 are added beside these, with their checks, as they are built).
V2_RECORD_KEYS = ("ended", "undos", "mode", "move_time", "external", "photos", "night")
MODES = ("live", "turn_based", "hot_seat", "table")  # design/records.md version 2's `mode`
ISO_DURATION = re.compile(r"P(?=\d|T\d)(\d{1,4}D)?(T(?=\d)(\d{1,5}H)?(\d{1,6}M)?)?")
SEAT_KEYS = ("seat", "name", "player", "bot")
V2_SEAT_KEYS = SEAT_KEYS_2  # bot_from, bot_until, resigned (games/stand_in.py); guest (table mode)
UNDO_KEYS = ("seq", "seat", "agreed_by")  # design/records.md version 2's `undos`: a move taken back (games/undo.py)
EXTERNAL_KEYS = {"bgstats": 40, "bgg": 40}  # design/records.md's `external`: a source and the longest id it has
PHOTO_KEYS = ("file", "width", "height", "caption")
PHOTO_FILE = re.compile(r"photos/[0-9a-f]{64}\.jpg")
MAX_PHOTOS, CAPTION_LENGTH = 12, 200  # scoring/photos/services.py's bounds
NIGHT_TEXT = 100  # GameNight.name and place
STORY = ("photos", "night")  # version 2's parts that are kept beside the record, not in it (not its identity)
MOVE_KEYS = ("seq", "seat", "action")
RESULT_KEYS = ("scores", "ranks", "breakdown")
DETAILS = ("location", "duration", "notes")  # the history's own fields: not part of a record's identity
SURROGATE = re.compile("[\ud800-\udfff]")
CSV_COLUMNS = ["date", "game", "source", "match_id", "seat", "name", "player", "score", "rank"]


# Breakdown categories and record keys every game's records may use (design/records.md); a game's own are named by
# its words module (category_label).
SHARED_CATEGORIES = {
    "total": gettext_lazy("Total"), "round": gettext_lazy("Round"), "rounds": gettext_lazy("Rounds"),
    "scores": gettext_lazy("Scores"), "score": gettext_lazy("Score"), "ranks": gettext_lazy("Places"),
    "players": gettext_lazy("Players"), "seat": gettext_lazy("Seat"), "name": gettext_lazy("Name"),
}


class RecordProblem(ValueError):
    """Why one record cannot be imported, in plain words (in the active language)."""


class ImportRefused(Exception):
    """A file that imports nothing: `problems` lists every bad record and why."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class ImportReport:
    """What an import did: the records saved and the duplicates skipped (index in the file, existing record)."""

    imported: list[GameRecord] = field(default_factory=list)
    skipped: list[tuple[int, GameRecord | None]] = field(default_factory=list)

    def summary(self) -> str:
        imported = ngettext("%(count)d record imported", "%(count)d records imported", len(self.imported))
        skipped = ngettext("%(count)d duplicate skipped", "%(count)d duplicates skipped", len(self.skipped))
        return pgettext("import summary", "%(imported)s, %(skipped)s.") % {
            "imported": imported % {"count": len(self.imported)}, "skipped": skipped % {"count": len(self.skipped)}}


def plural(n: int, word: str) -> str:
    """English only: the operator's management commands."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- Reading a file -----------------------------------------------------------------------------------------


def parse_records(data: bytes | str) -> list[dict]:
    """The records of an uploaded file: one record object, or a JSON array of them. ImportRefused if unreadable."""
    if isinstance(data, bytes):
        if len(data) > MAX_FILE_BYTES:
            raise ImportRefused([_("The file is larger than %(mb)d MB; split it into smaller files.")
                                 % {"mb": MAX_FILE_BYTES // (1024 * 1024)}])
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ImportRefused([_("The file is not UTF-8 text; a record file is JSON.")]) from None
    try:
        parsed = limits.loads(data, max_bytes=MAX_FILE_BYTES, max_depth=MAX_DEPTH, what=_("The file"),
                              parse_int=_whole)
    except json.JSONDecodeError as exc:
        # The parser's own words are English only: say where the file breaks, in the page's language.
        raise ImportRefused([_("The file is not valid JSON: it breaks at line %(line)d, column %(column)d.")
                             % {"line": exc.lineno, "column": exc.colno}]) from None
    except limits.TooMuch as exc:
        raise ImportRefused([str(exc)]) from None
    records = [earlier_records.upgraded(record) for record in (parsed if isinstance(parsed, list) else [parsed])]
    if not records:
        raise ImportRefused([_("The file holds an empty list: there are no records to import.")])
    if len(records) > MAX_RECORDS:
        raise ImportRefused([_("The file holds %(count)d records; import at most %(most)d at a time.")
                             % {"count": len(records), "most": MAX_RECORDS}])
    return records


class LongNumber:
    """An integer of more digits than Python reads (4,300), kept aside while reading the file so that the record
    holding it is refused by its number (check_values), instead of the whole file with a ValueError."""

    def __init__(self, digits: str):
        self.digits = len(digits.lstrip("-"))


def _whole(digits: str) -> int | LongNumber:
    return LongNumber(digits) if limits.longer_than_python_reads(digits) else int(digits)


def printable(text: str) -> str:
    """Text from a file, fit to show: a lone surrogate written as its escape (no page or terminal can encode it)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def describe(record, index: int | None) -> str:
    """How a report names a record: its place in the file, its game and when it was played."""
    name = _("The record") if index is None else _("Record %(number)d") % {"number": index + 1}
    if not isinstance(record, dict):
        return name
    details = [str(record["game"]) if isinstance(record.get("game"), str) else None,
               record.get("source") if record.get("source") in SOURCES else None,
               record.get("finished_at") or record.get("started_at")]
    details = [printable(d) for d in details if isinstance(d, str)]
    if not details:
        return name
    return pgettext("a record and its details", "%(record)s (%(details)s)") % {
        "record": name, "details": pgettext("list separator", ", ").join(details)}


# --- Checking one record ------------------------------------------------------------------------------------


def check_record(record) -> None:
    """Raise RecordProblem with the first thing wrong with this record; return quietly when it may be imported."""
    check_values(record)
    check_shape(record)
    if record["source"] == "online":
        check_online(record)
    else:
        check_table(record)


def check_values(record) -> None:
    """Every text and number of the record is one a database here stores and gives back: no lone surrogate (not
    Unicode: no database encodes it), no NaN or infinity (JSON has none; PostgreSQL's jsonb refuses them) and no
    integer longer than Python reads. Iterative: the file's depth is bounded already (MAX_DEPTH)."""
    stack = [record]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if SURROGATE.search(item):
                raise RecordProblem(_("the text %(text)s holds a lone surrogate, which is not a character: the file "
                                      "was not written as Unicode (UTF-8)") % {"text": printable(repr(item[:60]))})
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise RecordProblem(_("it holds %(value)s, which is no number a record may hold (JSON has no NaN or "
                                      "Infinity, and no number that large)") % {"value": item})
        elif isinstance(item, LongNumber):
            raise RecordProblem(_("it holds a number of %(count)d digits: at most %(most)d are read")
                                % {"count": item.digits, "most": sys.get_int_max_str_digits()})
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _known_keys(value: dict, allowed: tuple[str, ...], where: str) -> None:
    """RecordProblem naming the first key of `value` that records.md does not allow there."""
    unknown = sorted((key for key in value if key not in allowed), key=str)
    if unknown:
        raise RecordProblem(_("%(where)s holds an unknown key %(key)s; it may hold only %(keys)s")
                            % {"where": where, "key": repr(unknown[0]), "keys": ", ".join(allowed)})


def _known_shape(value, shape, where: str) -> None:
    """The keys of `value` at every level that `shape` names (a game tally's FINAL_KEYS): {key: shape or None (not
    looked into)}, [shape] for each item of a list. A value of another type is left to the tally to refuse."""
    if isinstance(shape, dict) and isinstance(value, dict):
        _known_keys(value, tuple(shape), where)
        for key, inner in shape.items():
            if key in value:
                _known_shape(value[key], inner, f"{where}.{key}")
    elif isinstance(shape, list) and isinstance(value, list):
        for index, item in enumerate(value):
            _known_shape(item, shape[0], f"{where}[{index}]")


def check_shape(record) -> None:
    """The format, the game, the seats, the moments and the result's shape (the parts every record shares)."""
    if not isinstance(record, dict):
        raise RecordProblem(_("a record must be a JSON object"))
    if record.get("format") not in FORMATS:
        raise RecordProblem(_("the format must be %(format)s, not %(given)s")
                            % {"format": _(" or ").join(repr(f) for f in FORMATS), "given": repr(record.get("format"))})
    version_2 = record["format"] == FORMAT_2
    _known_keys(record, RECORD_KEYS + (V2_RECORD_KEYS if version_2 else ()), _("the record"))
    game = record.get("game")
    if not isinstance(game, str) or game not in BY_SLUG:
        raise RecordProblem(_("unknown game %(game)s: this site knows %(games)s")
                            % {"game": repr(game), "games": ", ".join(BY_SLUG)})
    if record.get("source") not in SOURCES:
        raise RecordProblem(_("the source must be 'online' or 'table', not %(given)s")
                            % {"given": repr(record.get("source"))})
    if not isinstance(record.get("options", {}), dict):
        raise RecordProblem(_("the options must be an object"))
    _check_seats(record.get("seats"), version_2=version_2)
    for key in ("started_at", "finished_at"):
        _check_moment(record.get(key), key)
    if record.get("started_at") and record.get("finished_at") and (
            read_moment(record["started_at"]) > read_moment(record["finished_at"])):
        raise RecordProblem(_("it starts (started_at %(start)s) after it finishes (finished_at %(finish)s)")
                            % {"start": record["started_at"], "finish": record["finished_at"]})
    _check_details(record)
    for key, check in V2_CHECKS.items():
        if key in record:
            check(record[key])
    if ("move_time" in record) != (record.get("mode") == "turn_based"):
        raise RecordProblem(_("a turn-based record gives its move_time, and only a turn-based record has one"))
    totals_only = version_2 and record["source"] == "table" and record.get("final", ...) is None
    if not totals_only and not isinstance(record.get("final"), dict):
        raise RecordProblem(_("the record has no final (an object: the game's public end state)"))
    _check_result(record.get("result"), len(record["seats"]), totals_only=totals_only)


def _check_external(external) -> None:
    """records.md version 2's `external`: where an imported record came from, {"bgstats": "<play uuid>",
    "bgg": "<play id>"}, one or both."""
    if not isinstance(external, dict) or not external:
        raise RecordProblem(_("external must be an object naming where the record came from"))
    _known_keys(external, tuple(EXTERNAL_KEYS), "external")
    for key, most in EXTERNAL_KEYS.items():
        value = external.get(key)
        if key in external and (not isinstance(value, str) or not value.strip() or len(value) > most):
            raise RecordProblem(_("external.%(key)s must be text of 1 to %(most)d characters")
                                % {"key": key, "most": most})


def _check_photos(photos) -> None:
    """records.md version 2's `photos`: [{"file": "photos/<sha256>.jpg", "width", "height", "caption"}]."""
    if not isinstance(photos, list) or len(photos) > MAX_PHOTOS:
        raise RecordProblem(_("photos must be a list of at most %(most)d photos") % {"most": MAX_PHOTOS})
    for index, photo in enumerate(photos):
        where = f"photos[{index}]"
        if not isinstance(photo, dict):
            raise RecordProblem(_("%(where)s must be an object with file, width, height and caption")
                                % {"where": where})
        _known_keys(photo, PHOTO_KEYS, where)
        if not isinstance(photo.get("file"), str) or not PHOTO_FILE.fullmatch(photo["file"]):
            raise RecordProblem(_("%(where)s.file must be photos/<sha256>.jpg") % {"where": where})
        if not all(is_whole(photo.get(key)) and 1 <= photo[key] <= 100_000 for key in ("width", "height")):
            raise RecordProblem(_("%(where)s: width and height must be whole numbers of pixels") % {"where": where})
        caption = photo.get("caption", "")
        if not isinstance(caption, str) or len(caption) > CAPTION_LENGTH:
            raise RecordProblem(_("%(where)s.caption must be text of at most %(most)d characters")
                                % {"where": where, "most": CAPTION_LENGTH})


def _check_night(night) -> None:
    """records.md version 2's `night`: {"id": "<uuid>", "name": "...", "place": "..."}."""
    if not isinstance(night, dict):
        raise RecordProblem(_("night must be an object with id, name and place"))
    _known_keys(night, ("id", "name", "place"), "night")
    try:
        uuid.UUID(night.get("id") if isinstance(night.get("id"), str) else "")
    except ValueError:
        raise RecordProblem(_("night.id must be a UUID")) from None
    for key in ("name", "place"):
        if not isinstance(night.get(key, ""), str) or len(night.get(key, "")) > NIGHT_TEXT:
            raise RecordProblem(_("night.%(key)s must be text of at most %(most)d characters")
                                % {"key": key, "most": NIGHT_TEXT})


def _check_ended(ended) -> None:
    if ended not in endings.ENDED:
        raise RecordProblem(_("ended must be one of %(values)s, not %(given)s")
                            % {"values": ", ".join(endings.ENDED), "given": printable(repr(ended)[:60])})


def _check_undos(undos) -> None:
    """records.md version 2's `undos`: [{"seq": 12, "seat": 1, "agreed_by": [0, 2]}] (check_online fits them to the
    moves and seats)."""
    if not isinstance(undos, list) or len(undos) > MAX_MOVES:
        raise RecordProblem(_("undos must be a list of the moves taken back"))
    for index, undone in enumerate(undos, start=1):
        where = _("undo %(index)d") % {"index": index}
        if not isinstance(undone, dict):
            raise RecordProblem(_("%(where)s must be an object with seq, seat and agreed_by") % {"where": where})
        _known_keys(undone, UNDO_KEYS, where)
        agreed = undone.get("agreed_by")
        if not (is_whole(undone.get("seq")) and is_whole(undone.get("seat")) and isinstance(agreed, list)
                and all(is_whole(seat) for seat in agreed)):
            raise RecordProblem(_("%(where)s needs seq and seat (whole numbers) and agreed_by (a list of seats)")
                                % {"where": where})


def _check_undos_fit(record: dict) -> None:
    """Each taken-back move sat among the record's moves, was its seat's, and others agreed to it."""
    seats = len(record["seats"])
    for index, undone in enumerate(record.get("undos") or (), start=1):
        agreed = undone["agreed_by"]
        if not (1 <= undone["seq"] <= len(record["moves"]) and 0 <= undone["seat"] < seats
                and len(set(agreed)) == len(agreed) and all(0 <= s < seats and s != undone["seat"] for s in agreed)):
            raise RecordProblem(_("undo %(index)d must name a move number of the record (1 to %(moves)d), a seat and "
                                  "the other seats that agreed") % {"index": index, "moves": len(record["moves"])})


def _check_mode(mode) -> None:
    if mode not in MODES:
        raise RecordProblem(_("mode must be one of %(values)s, not %(given)s")
                            % {"values": ", ".join(MODES), "given": printable(repr(mode)[:60])})


def _check_move_time(move_time) -> None:
    if not isinstance(move_time, str) or not ISO_DURATION.fullmatch(move_time):
        raise RecordProblem(_("move_time must be an ISO 8601 duration such as P3D or PT12H, not %(given)s")
                            % {"given": printable(repr(move_time)[:60])})


V2_CHECKS = {"ended": _check_ended, "undos": _check_undos, "mode": _check_mode, "move_time": _check_move_time,
             "external": _check_external, "photos": _check_photos, "night": _check_night}


def _check_seats(seats, *, version_2: bool = False) -> None:
    if not isinstance(seats, list) or not seats:
        raise RecordProblem(_("seats must be a non-empty list"))
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise RecordProblem(_("seat %(index)d must be an object with seat, name, player and bot")
                                % {"index": index})
        _known_keys(seat, SEAT_KEYS + (V2_SEAT_KEYS if version_2 else ()), _("seat %(index)d") % {"index": index})
        if not is_whole(seat.get("seat")) or seat["seat"] != index:
            raise RecordProblem(_("seat %(index)d is numbered %(given)s: seats are numbered 0, 1, 2... in order")
                                % {"index": index, "given": repr(seat.get("seat"))})
        name = seat.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_LENGTH:
            raise RecordProblem(_("seat %(index)d needs a name of 1 to %(most)d characters")
                                % {"index": index, "most": NAME_LENGTH})
        if seat.get("guest", True) is not True or seat.get("guest") and seat.get("player") is not None:
            raise RecordProblem(_("seat %(index)d: guest is true (a guest without an account: player null) or left "
                                  "out") % {"index": index})
        if seat.get("resigned", True) is not True:
            raise RecordProblem(_("seat %(index)d: resigned is true (the seat's player resigned) or left out")
                                % {"index": index})
        for key in ("bot_from", "bot_until"):
            if seat.get(key) is not None and not is_whole(seat[key]):
                raise RecordProblem(_("seat %(index)d: %(key)s must be a move number")
                                    % {"index": index, "key": key})
        for key, length in (("player", HANDLE_LENGTH), ("bot", BOT_LENGTH)):
            value = seat.get(key)
            if value is not None and (not isinstance(value, str) or len(value) > length):
                raise RecordProblem(_("seat %(index)d: %(key)s must be null or text of at most %(most)d characters")
                                    % {"index": index, "key": key, "most": length})


def _check_moment(value, key: str) -> None:
    if value is None:
        return
    try:
        read_moment(value)
    except MomentProblem as exc:
        raise RecordProblem(pgettext("a record field and its problem", "%(field)s %(problem)s")
                            % {"field": key, "problem": exc}) from None


def _check_details(record: dict) -> None:
    """The optional location, duration (whole minutes) and notes: what the history's own fields hold."""
    for key, most in (("location", LOCATION_LENGTH), ("notes", NOTES_LENGTH)):
        value = record.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > most):
            raise RecordProblem(_("%(key)s must be text of at most %(most)d characters") % {"key": key, "most": most})
    duration = record.get("duration")
    if duration is not None and not (is_whole(duration) and 1 <= duration <= MAX_DURATION_MINUTES):
        raise RecordProblem(_("duration must be whole minutes, from 1 to %(most)d") % {"most": MAX_DURATION_MINUTES})


def details_of(record: dict) -> tuple[dict, dict]:
    """The record without its location, duration and notes, and those as the history's fields (save_record's
    details): they are not part of a record's identity (design/records.md), so its fingerprint leaves them out.
    The kept record says version 2 only when it holds something of version 2 (stored_format)."""
    kept = stored_format({key: value for key, value in record.items() if key not in DETAILS + STORY})
    details = {key: record[key] for key in ("location", "notes") if record.get(key)}
    if record.get("duration"):
        details["duration"] = timedelta(minutes=record["duration"])
    return kept, details


def stored_format(record: dict) -> dict:
    """The record with the lowest format that holds it: a version 1 record and the same record written as
    version 2 are one record (one fingerprint), and a reader of version 1 can read what needs nothing more."""
    needs_2 = any(key in record for key in V2_RECORD_KEYS if key not in STORY) or (
        record.get("source") == "table" and "final" in record and record["final"] is None) or any(
        key in seat for seat in record.get("seats") or () if isinstance(seat, dict) for key in V2_SEAT_KEYS)
    return {**record, "format": FORMAT_2 if needs_2 else FORMAT}


def _check_result(result, seats: int, *, totals_only: bool = False) -> None:
    if not isinstance(result, dict):
        raise RecordProblem(_("the record has no result (scores, ranks and breakdown)"))
    _known_keys(result, RESULT_KEYS, _("the result"))
    if totals_only and "breakdown" in result and result["breakdown"] is not None:
        raise RecordProblem(_("a table record without its final has no breakdown either (null)"))
    for key in ("scores", "ranks") if totals_only else ("scores", "ranks", "breakdown"):
        if not isinstance(result.get(key), list) or len(result[key]) != seats:
            raise RecordProblem(_("result.%(key)s must be a list with one entry per seat (%(seats)d)")
                                % {"key": key, "seats": seats})
    if not all(is_whole(score) for score in result["scores"]):
        raise RecordProblem(_("result.scores must be whole numbers"))
    if not all(abs(score) <= MAX_SCORE for score in result["scores"]):
        raise RecordProblem(_("result.scores must lie between -%(most)d and %(most)d") % {"most": MAX_SCORE})
    if not all(is_whole(rank) and 1 <= rank <= seats for rank in result["ranks"]):
        raise RecordProblem(_("result.ranks must be places from 1 to %(seats)d") % {"seats": seats})
    if not totals_only and not all(isinstance(entry, dict) for entry in result["breakdown"]):
        raise RecordProblem(_("result.breakdown must hold one object per seat"))


def _plain(value):
    """The value as JSON would give it back (tuples become lists, keys strings), so that comparisons are fair."""
    return json.loads(json.dumps(value))


def check_online(record: dict) -> None:
    """Replay every move through the engine: each must be legal, the last must end the game, and the engine's
    final and result must be the record's."""
    engine = BY_SLUG[record["game"]].engine
    if engine is None:
        raise RecordProblem(_("%(game)s cannot be played online here, so its online records cannot be replayed")
                            % {"game": BY_SLUG[record["game"]].name})
    if not is_whole(record.get("seed")):
        raise RecordProblem(_("an online record needs its seed (a whole number)"))
    moves = record.get("moves")
    _check_moves(moves)
    state = new_state(record)
    last = moves[-1]
    ending = endings.is_ending(last["action"])  # a resignation or a claim ends the match early (games/endings.py)
    for number, move in enumerate(moves[:-1] if ending else moves, start=1):
        if engine.is_over(state):
            raise RecordProblem(_("the game ended after move %(move)d, but the record goes on to move %(last)d")
                                % {"move": number - 1, "last": len(moves)})
        state = _apply(BY_SLUG[record["game"]], state, move)
    if ending:
        expected = _check_ending(record, engine, state, last)
    elif not engine.is_over(state):
        raise RecordProblem(_("the game is not over after the last move (%(last)d)") % {"last": len(moves)})
    elif record.get("ended", endings.PLAYED_OUT) != endings.PLAYED_OUT:
        raise RecordProblem(_("the record says the match ended early, but its last move is not a resignation or claim"))
    else:
        expected = engine.outcome(state)
    _check_resigned(record["seats"], last if ending else None)
    _check_undos_fit(record)
    expected = endings.with_resigned(expected, endings.resigned_seats(record["seats"]))
    if _plain(engine.final(state)) != _plain(record["final"]):
        raise RecordProblem(_("the final state is not the one the moves lead to"))
    if _plain(expected) != _plain(record["result"]):
        raise RecordProblem(_("the result is not the one the moves lead to: the engine scores %(scores)s with ranks "
                              "%(ranks)s") % {"scores": expected["scores"], "ranks": expected["ranks"]})


def _check_ending(record: dict, engine, state, last: dict) -> dict:
    """The last move resigns or claims: it must be possible then, and `ended` must say so. The expected result."""
    seats = len(record["seats"])
    if engine.is_over(state):
        raise RecordProblem(_("the game was already over before its last move (%(move)s), a %(action)s")
                            % {"move": last["seq"], "action": last["action"]["type"]})
    gone = endings.leaver(last["seat"], last["action"])
    if last["seat"] is None or gone is None or not 0 <= gone < seats or not 0 <= last["seat"] < seats:
        raise RecordProblem(_("move %(move)s (%(action)s) must be made by a seat and name one")
                            % {"move": last["seq"], "action": last["action"]["type"]})
    if last["action"]["type"] == endings.CLAIM and (gone == last["seat"] or gone not in engine.to_move(state)):
        raise RecordProblem(_("move %(move)s claims the match from seat %(seat)s, who was not the one to move")
                            % {"move": last["seq"], "seat": gone})
    _known_keys(last["action"], ("type", "absent") if last["action"]["type"] == endings.CLAIM else ("type",),
                _("move %(move)s's action") % {"move": last["seq"]})
    if record.get("ended") != endings.ended(last["action"]):
        raise RecordProblem(_("a record ending with a %(action)s says so in its ended field: %(ended)s")
                            % {"action": last["action"]["type"], "ended": json.dumps(endings.ended(last["action"]))})
    return endings.outcome(engine, state, gone)


def _check_resigned(seats: list[dict], ending: dict | None) -> None:
    """A seat says `"resigned": true` when its player resigned: by the ending move, or earlier in a match of three
    or more, where a bot then played it to the end (with its `bot_from`)."""
    resigner = ending["seat"] if ending and ending["action"]["type"] == endings.RESIGN else None
    for seat in seats:
        said = seat.get("resigned") is True
        if said != (seat["seat"] == resigner or said and seat.get("bot_from") is not None):
            raise RecordProblem(_("seat %(index)d: resigned is true exactly where its player resigned (by the last "
                                  "move, or earlier with bot_from: a bot played the seat to the end)")
                                % {"index": seat["seat"]})


def _check_moves(moves) -> None:
    if not isinstance(moves, list) or not moves:
        raise RecordProblem(_("an online record needs its moves (a non-empty list)"))
    if len(moves) > MAX_MOVES:
        raise RecordProblem(_("the record has %(count)d moves; at most %(most)d are replayed")
                            % {"count": len(moves), "most": MAX_MOVES})
    for number, move in enumerate(moves, start=1):
        if not isinstance(move, dict) or not is_whole(move.get("seq")) or move["seq"] != number:
            raise RecordProblem(_("move %(number)d must be an object with seq %(number)d: moves are numbered 1, 2, "
                                  "3... in order") % {"number": number})
        _known_keys(move, MOVE_KEYS, _("move %(number)d") % {"number": number})
        if move.get("seat") is not None and not is_whole(move["seat"]):
            raise RecordProblem(_("move %(number)d: the seat must be a whole number (or null for the match's own move)")
                                % {"number": number})
        action = move.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RecordProblem(_("move %(number)d: the action must be an object with a type") % {"number": number})


def new_state(record: dict):
    """The engine's opening state for the record: its number of seats, its seed and its options."""
    engine = BY_SLUG[record["game"]].engine
    try:
        return engine.new_game(len(record["seats"]), record["seed"], record.get("options") or {})
    except engine.IllegalAction as exc:
        raise RecordProblem(_("the game cannot start as recorded: %(reason)s") % {"reason": exc}) from None


def _apply(game, state, move: dict):
    """The state after one recorded move; RecordProblem saying why (in the game's words) when it is refused."""
    engine = game.engine
    try:
        return engine.apply(state, move["seat"], copy.deepcopy(move["action"]))
    except engine.IllegalAction as exc:
        reason = game.refusal_text(exc)
    except Exception as exc:  # noqa: BLE001 -- a crafted action must not crash an import: report what failed
        reason = _("the engine could not apply it (%(error)s)") % {"error": f"{type(exc).__name__}: {exc}"}
    who = _("the match") if move["seat"] is None else _("seat %(seat)s") % {"seat": move["seat"]}
    action = json.dumps(move["action"], ensure_ascii=False)
    raise RecordProblem(_("move %(move)s (%(who)s, %(action)s) is illegal: %(reason)s")
                        % {"move": move["seq"], "who": who, "action": action, "reason": reason})


def replay(record: dict, upto: int | None = None):
    """The engine state after the first `upto` moves of an online record (all of them by default).

    The record is one the history holds, so it is trusted; a move the engine now refuses raises RecordProblem.
    """
    game = BY_SLUG[record["game"]]
    state = new_state(record)
    moves = record.get("moves") or []
    for move in moves[: len(moves) if upto is None else upto]:
        if endings.is_ending(move["action"]):
            break  # a resignation or claim changes no game state: it ends the match (games/endings.py)
        state = _apply(game, state, move)
    return state


def replay_steps(record: dict):
    """Each state of an online record in turn: the deal, then the state after each move. A move the engine now
    refuses raises RecordProblem when it is reached (the states before it have been yielded)."""
    game = BY_SLUG[record["game"]]
    state = new_state(record)
    yield state
    for move in record.get("moves") or []:
        if not endings.is_ending(move["action"]):  # a resignation or claim changes no game state
            state = _apply(game, state, move)
        yield state


def tally_for(slug: str):
    """The game's table tally module, or None while it has none."""
    return BY_SLUG[slug].tally


def check_table(record: dict) -> None:
    """Recompute the result from the record's final with the game's tally; it must be the record's result."""
    if record.get("moves") or record.get("seed") is not None:
        raise RecordProblem(_("a table record carries its final and result only: no seed and no moves"))
    if record.get("ended", endings.PLAYED_OUT) != endings.PLAYED_OUT or any(
            key in seat for seat in record["seats"] for key in STAND_IN_KEYS):
        raise RecordProblem(_("a table record has no ended, resigned or bot_from: those tell an online match's moves"))
    if "undos" in record or record.get("mode") == "turn_based":
        raise RecordProblem(_("a table record has no undos and is not turn-based: those tell an online match's moves"))
    if record.get("final") is None:  # from a logger that keeps only totals (records.md version 2)
        lower_wins = BY_SLUG[record["game"]].lower_score_wins
        ranks = contract_ranks(record["result"]["scores"], lower_wins=lower_wins)
        if _plain(ranks) != _plain(record["result"]["ranks"]):
            raise RecordProblem(_("the ranks do not follow from the scores: they give %(ranks)s") % {"ranks": ranks})
        return
    tally = tally_for(record["game"])
    if tally is None:
        raise RecordProblem(_("this site cannot yet check table records of %(game)s")
                            % {"game": BY_SLUG[record["game"]].name})
    _known_shape(record["final"], getattr(tally, "FINAL_KEYS", None), "final")
    try:
        expected = tally.outcome(record["final"], record.get("options") or {})
    except ValueError as exc:
        raise RecordProblem(_("the final score sheet is not possible: %(reason)s") % {"reason": exc}) from None
    except (TypeError, KeyError, AttributeError, IndexError) as exc:  # a crafted sheet must not crash an import
        error = f"{type(exc).__name__}: {exc}"
        raise RecordProblem(_("the final score sheet cannot be read (%(error)s)") % {"error": error}) from None
    if _plain(expected) != _plain(record["result"]):
        raise RecordProblem(_("the result does not follow from the final score sheet: it gives scores %(scores)s "
                              "with ranks %(ranks)s") % {"scores": expected["scores"], "ranks": expected["ranks"]})


# --- Importing ----------------------------------------------------------------------------------------------


def check_records(records: list) -> list[str]:
    """Every problem in the file, one line per bad record (empty when all may be imported)."""
    problems = []
    for index, record in enumerate(records):
        try:
            check_record(record)
        except RecordProblem as exc:
            reason = str(exc).rstrip(".。")
            problems.append(pgettext("an import problem", "%(record)s: %(reason)s.")
                            % {"record": describe(record, index if len(records) > 1 else None), "reason": reason})
    return problems


def import_records(records: list, *, recorded_by=None, witnessed: bool = False,
                   photo_files: dict[str, bytes] | None = None) -> ImportReport:
    """Check every record, then save the new ones in one transaction; duplicates (same fingerprint) are skipped.

    The players named wait to confirm their seats (scoring/confirmations.py) unless `witnessed` (the operator's
    `import_records --confirmed`).

    ImportRefused, saving nothing, when any record is bad.
    """
    problems = check_records(records) or _missing_photos(records, photo_files or {})
    if problems:
        raise ImportRefused(problems)
    report = ImportReport()
    seen: set[str] = set()
    # Oldest first, so that ratings, which follow the history in order, see the matches as they were played.
    in_order = sorted(range(len(records)), key=lambda i: _moment(records[i]))
    with transaction.atomic(), ratings.rebuild_afterwards():
        for index in in_order:
            record, details = details_of(records[index])
            key = fingerprint(record)
            existing = GameRecord.objects.filter(fingerprint=key).first() or from_same_play(record)
            if existing is not None or key in seen:
                report.skipped.append((index, existing))
                continue
            seen.add(key)
            try:
                night = _night_of(records[index].get("night"))
                saved = save_record(record, recorded_by=recorded_by, witnessed=witnessed, night=night, **details)
                _attach_photos(saved, records[index].get("photos") or [], photo_files or {}, recorded_by)
                report.imported.append(saved)
            except IntegrityError:  # the same record saved by someone else a moment ago
                report.skipped.append((index, GameRecord.objects.filter(fingerprint=key).first()))
    report.skipped.sort(key=lambda skipped: skipped[0])
    return report


def _missing_photos(records: list, files: dict[str, bytes]) -> list[str]:
    """Every record naming a photo the file does not hold: photos travel in a zip with their files."""
    problems = []
    for index, record in enumerate(records):
        missing = [photo["file"] for photo in record.get("photos") or [] if photo["file"] not in files]
        if missing:
            problems.append(pgettext("an import problem", "%(record)s: %(reason)s.") % {
                "record": describe(record, index if len(records) > 1 else None),
                "reason": _("it names the photo %(file)s, which the file does not hold (photos travel in a zip "
                            "export, with their files)") % {"file": missing[0]}})
    return problems


def _night_of(night: dict | None) -> GameNight | None:
    """The game night an imported record names: the one of that id here, else a new one of its name and place."""
    if not night:
        return None
    found, _created = GameNight.objects.get_or_create(
        key=uuid.UUID(night["id"]), defaults={"name": night.get("name", ""), "place": night.get("place", "")})
    return found


def _attach_photos(game_record: GameRecord, photos: list, files: dict[str, bytes], user) -> None:
    """The record's photos, re-encoded here as any upload is (a photo that is no photo refuses the file)."""
    from scoring.photos import images, services  # the photos package exports through this module
    for index, photo in enumerate(photos):
        try:
            services.add_photo(game_record=game_record, data=files[photo["file"]], caption=photo.get("caption", ""),
                               user=user)
        except images.PhotoError as exc:
            raise ImportRefused([_("%(file)s (photo %(number)d of a record): %(reason)s")
                                 % {"file": photo["file"], "number": index + 1, "reason": exc}]) from None


def from_same_play(record: dict) -> GameRecord | None:
    """The history's record imported from the same play of another logger (records.md version 2's `external`),
    or None: a play imported again, even with its people matched otherwise, adds nothing."""
    external = record.get("external") or {}
    for key, field_name in (("bgstats", "bgstats_play"), ("bgg", "bgg_play")):
        if external.get(key):
            found = GameRecord.objects.filter(**{field_name: external[key]}).first()
            if found is not None:
                return found
    return None


def _moment(record: dict) -> datetime:
    return parse_moment(record.get("finished_at") or record.get("started_at"))


def import_file(data: bytes | str, *, recorded_by=None, witnessed: bool = False) -> ImportReport:
    """A JSON file of records, or a zip of records.json and their photos (scoring/photos/archive.py)."""
    from scoring.photos import archive  # it writes zips with this module's exported()
    if isinstance(data, bytes) and archive.is_zip(data):
        records, files = archive.read_zip(data)
        return import_records(parse_records(records), recorded_by=recorded_by, witnessed=witnessed,
                              photo_files=files)
    return import_records(parse_records(data), recorded_by=recorded_by, witnessed=witnessed)


# --- Exporting ----------------------------------------------------------------------------------------------


def records_of(*, player: PlayerProfile | None = None, game: str | None = None) -> QuerySet:
    """The history's records, oldest first, of one player and/or one game."""
    records = GameRecord.objects.filter(unfinished=False)  # an unfinished play is no record of records.md
    if player is not None:
        records = records.filter(participants__profile=player).distinct()
    if game:
        records = records.filter(game=game)
    return records.order_by("played_at", "id").prefetch_related("participants__profile")


def exported(game_record: GameRecord, *, with_photos: bool = False) -> dict:
    """A history record in the exchange format: the stored record, with the history's location, duration (whole
    minutes) and notes where it has them (design/records.md's optional keys), and `with_photos` its photos (version
    2: for a zip that holds their files, scoring/photos/archive.py)."""
    record = dict(game_record.record)
    photos = list(game_record.photos.all()) if with_photos else []
    if game_record.night_id is not None:
        night = game_record.night
        record["format"] = FORMAT_2
        record["night"] = {"id": str(night.key), "name": night.name, "place": night.place}
    if photos:
        record["format"] = FORMAT_2
        record["photos"] = [{"file": p.image.name, "width": p.width, "height": p.height, "caption": p.caption}
                            for p in photos]
    if game_record.location:
        record["location"] = game_record.location
    if game_record.duration:
        record["duration"] = max(round(game_record.duration.total_seconds() / 60), 1)
    if game_record.notes:
        record["notes"] = game_record.notes
    return record


def to_json(records) -> str:
    """One record as a JSON object, or several (any iterable that is not a GameRecord) as a JSON array."""
    if isinstance(records, GameRecord):
        data = exported(records)
    else:
        data = [exported(r) for r in records]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _category_order(game: str):
    """Breakdown categories in the order the game declares (registry Game.breakdown_key). PostgreSQL's jsonb does
    not keep the order of an object's keys, so the order cannot come from the stored record. Unknown keys go last."""
    known = BY_SLUG.get(game)
    return known.breakdown_key if known is not None else (lambda key: (0, 0) if key == "total" else (1, key))


def flat_breakdown(breakdown: dict, game: str) -> dict:
    """A seat's breakdown as flat columns: numbers and words as they are, a list of them as key_1, key_2...
    ("rounds" gives round_1, round_2...); anything deeper is left out. Categories in the game's order."""
    return {column: value for column, (value, _order) in _flat_with_order(breakdown, game).items()}


def _flat_with_order(breakdown: dict, game: str) -> dict:
    """flat_breakdown's columns, each with its place: (its category's place in the game's order, its number)."""
    order = _category_order(game)
    flat = {}
    for key in sorted(breakdown, key=order):
        value = breakdown[key]
        if _simple(value):
            flat[key] = (value, (order(key), 0))
        elif isinstance(value, list) and all(_simple(v) for v in value):
            stem = key[:-1] if key.endswith("s") and len(key) > 1 else key
            for number, item in enumerate(value, start=1):
                flat[f"{stem}_{number}"] = (item, (order(key), number))
    return flat


def category_label(game: str, key: str) -> str:
    """A breakdown column or record key for people: the game's own word for it when its words module has
    `category(key)`, else the words every game shares (a total, numbered items such as round_2), else the key."""
    told = _words(game, "category")
    label = told(key) if told else None
    if label:
        return str(label)
    if key in SHARED_CATEGORIES:
        return str(SHARED_CATEGORIES[key])
    stem, _sep, number = key.rpartition("_")
    if stem and number.isdigit():
        return pgettext("a numbered column, such as Round 2", "%(category)s %(number)s") % {
            "category": category_label(game, stem), "number": number}
    return key.replace("_", " ").capitalize()


def is_seat_key(game: str, key: str) -> bool:
    """Whether a record key's value is a seat counted from 0 (Hot Tin Roof's `trigger_seat`), shown by its name: the
    game lists such keys in its words module's SEAT_KEYS."""
    return key in (_words(game, "SEAT_KEYS") or ())


def value_label(game: str, text: str) -> str:
    """A word a record holds as a value ("butterfly", "rats") for people: the game's own word for it when its words
    module has `value(text)`, else the value as it is (a name, a code)."""
    told = _words(game, "value")
    label = told(text) if told else None
    return str(label) if label else text


def _words(game: str, name: str):
    """What the game's words module has under `name` (a function or a list), or None: a game without a words
    module, or one that does not need it, says nothing."""
    known = BY_SLUG.get(game)
    return getattr(known.words, name, None) if known is not None and known.words is not None else None


def _simple(value) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def breakdown_columns(flat_rows: list[dict], places: dict | None = None) -> list[str]:
    """The union of the flat breakdown keys: by `places` (column: sort key) where given, else in the order they
    first appear."""
    columns: dict[str, None] = {}
    for row in flat_rows:
        columns.update(dict.fromkeys(row))
    if places:
        return sorted(columns, key=lambda column: places.get(column, (float("inf"),)))
    return list(columns)


def column_place(game: str, order: tuple) -> tuple:
    """A breakdown column's place in a CSV, whatever the order its records come in (so that a stream of the whole
    history knows its header at once, scoring/csv_columns.py): the site's games in their order (others after, by
    name), then the game's own order (`order`, from _flat_with_order). A column of several games (total) takes its
    first game's place."""
    known = [slug for slug in BY_SLUG]
    return (known.index(game), "", *order) if game in known else (len(known), game, *order)


def csv_rows(records) -> tuple[list[str], list[dict]]:
    """One row per seat per match: the fixed columns, then the breakdown's flat keys. Returns (header, rows)."""
    rows = []
    # A column's place (column_place): its game's, then the game's breakdown order, then its number (round_1...
    # round_10): a record with more rounds than the first adds its columns in place.
    places = {}
    for game_record in records:
        seats = {seat["seat"]: seat for seat in game_record.record.get("seats", [])}
        breakdown = game_record.record.get("result", {}).get("breakdown") or []  # null: a logger's totals only
        for participant in game_record.participants.all():
            seat = seats.get(participant.seat, {})
            row = {
                "date": timezone.localtime(game_record.played_at).strftime("%Y-%m-%d %H:%M"),
                "game": game_record.game,
                "source": game_record.source,
                "match_id": game_record.pk,
                "seat": participant.seat + 1,
                "name": participant.name,
                "player": participant.profile.handle if participant.profile else (seat.get("player") or ""),
                "score": participant.score,
                "rank": participant.rank,
            }
            extra = breakdown[participant.seat] if participant.seat < len(breakdown) else {}
            flat = _flat_with_order(extra if isinstance(extra, dict) else {}, game_record.game)
            for key, (value, order) in flat.items():
                row.setdefault(key, value)
                place = column_place(game_record.game, order)
                places[key] = min(places[key], place) if key in places else place
            rows.append(row)
    extra_columns = [c for c in breakdown_columns(rows, places) if c not in CSV_COLUMNS]
    return CSV_COLUMNS + extra_columns, rows


def to_csv(records) -> str:
    """The records as CSV for spreadsheets (see csv_rows); true/false and empty cells for yes/no and none. No cell
    starts like a formula (scoring.csv_safety): names and notes come from users."""
    header, rows = csv_rows([records] if isinstance(records, GameRecord) else records)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([safe_cell(column) for column in header])
    for row in rows:
        writer.writerow([safe_cell(_cell(row.get(column))) for column in header])
    return out.getvalue()


def _cell(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value
