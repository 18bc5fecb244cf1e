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
from dataclasses import dataclass, field
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from catsite import limits
from games import endings
from games.contract import is_whole
from games.registry import BY_SLUG
from scoring import ratings
from scoring.csv_safety import safe_cell
from scoring.models import GameRecord, PlayerProfile
from scoring.records import MomentProblem, fingerprint, parse_moment, read_moment, save_record

FORMAT = "catsite-record/1"
SOURCES = ("online", "table")
MAX_FILE_BYTES = 10 * 1024 * 1024  # one file, uploaded or given to the import command
MAX_DEPTH = 32  # a record nests 5 or 6 levels deep; Python's json and copy fail at around a thousand
MAX_RECORDS = 5000  # one file; a player's whole history fits many times over
MAX_MOVES = 20000  # one record; the longest real matches have a few hundred
MAX_SCORE = 2**31 - 1  # what the history's integer score column holds on every database
NAME_LENGTH, HANDLE_LENGTH, BOT_LENGTH = 60, 30, 20
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
        parsed = limits.loads(data, max_bytes=MAX_FILE_BYTES, max_depth=MAX_DEPTH, what=_("The file"))
    except json.JSONDecodeError as exc:
        raise ImportRefused([_("The file is not valid JSON: %(error)s at line %(line)d, column %(column)d.")
                             % {"error": exc.msg, "line": exc.lineno, "column": exc.colno}]) from None
    except limits.TooMuch as exc:
        raise ImportRefused([str(exc)]) from None
    records = parsed if isinstance(parsed, list) else [parsed]
    if not records:
        raise ImportRefused([_("The file holds an empty list: there are no records to import.")])
    if len(records) > MAX_RECORDS:
        raise ImportRefused([_("The file holds %(count)d records; import at most %(most)d at a time.")
                             % {"count": len(records), "most": MAX_RECORDS}])
    return records


def describe(record, index: int | None) -> str:
    """How a report names a record: its place in the file, its game and when it was played."""
    name = _("The record") if index is None else _("Record %(number)d") % {"number": index + 1}
    if not isinstance(record, dict):
        return name
    details = [str(record["game"]) if isinstance(record.get("game"), str) else None,
               record.get("source") if record.get("source") in SOURCES else None,
               record.get("finished_at") or record.get("started_at")]
    details = [d for d in details if isinstance(d, str)]
    if not details:
        return name
    return pgettext("a record and its details", "%(record)s (%(details)s)") % {
        "record": name, "details": pgettext("list separator", ", ").join(details)}


# --- Checking one record ------------------------------------------------------------------------------------


def check_record(record) -> None:
    """Raise RecordProblem with the first thing wrong with this record; return quietly when it may be imported."""
    check_shape(record)
    if record["source"] == "online":
        check_online(record)
    else:
        check_table(record)


def check_shape(record) -> None:
    """The format, the game, the seats, the moments and the result's shape (the parts every record shares)."""
    if not isinstance(record, dict):
        raise RecordProblem(_("a record must be a JSON object"))
    if record.get("format") != FORMAT:
        raise RecordProblem(_("the format must be %(format)s, not %(given)s")
                            % {"format": repr(FORMAT), "given": repr(record.get("format"))})
    game = record.get("game")
    if not isinstance(game, str) or game not in BY_SLUG:
        raise RecordProblem(_("unknown game %(game)s: this site knows %(games)s")
                            % {"game": repr(game), "games": ", ".join(BY_SLUG)})
    if record.get("source") not in SOURCES:
        raise RecordProblem(_("the source must be 'online' or 'table', not %(given)s")
                            % {"given": repr(record.get("source"))})
    if not isinstance(record.get("options", {}), dict):
        raise RecordProblem(_("the options must be an object"))
    _check_seats(record.get("seats"))
    for key in ("started_at", "finished_at"):
        _check_moment(record.get(key), key)
    if not isinstance(record.get("final"), dict):
        raise RecordProblem(_("the record has no final (an object: the game's public end state)"))
    _check_result(record.get("result"), len(record["seats"]))


def _check_seats(seats) -> None:
    if not isinstance(seats, list) or not seats:
        raise RecordProblem(_("seats must be a non-empty list"))
    for index, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise RecordProblem(_("seat %(index)d must be an object with seat, name, player and bot")
                                % {"index": index})
        if not is_whole(seat.get("seat")) or seat["seat"] != index:
            raise RecordProblem(_("seat %(index)d is numbered %(given)s: seats are numbered 0, 1, 2... in order")
                                % {"index": index, "given": repr(seat.get("seat"))})
        name = seat.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_LENGTH:
            raise RecordProblem(_("seat %(index)d needs a name of 1 to %(most)d characters")
                                % {"index": index, "most": NAME_LENGTH})
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


def _check_result(result, seats: int) -> None:
    if not isinstance(result, dict):
        raise RecordProblem(_("the record has no result (scores, ranks and breakdown)"))
    for key in ("scores", "ranks", "breakdown"):
        if not isinstance(result.get(key), list) or len(result[key]) != seats:
            raise RecordProblem(_("result.%(key)s must be a list with one entry per seat (%(seats)d)")
                                % {"key": key, "seats": seats})
    if not all(is_whole(score) for score in result["scores"]):
        raise RecordProblem(_("result.scores must be whole numbers"))
    if not all(abs(score) <= MAX_SCORE for score in result["scores"]):
        raise RecordProblem(_("result.scores must lie between -%(most)d and %(most)d") % {"most": MAX_SCORE})
    if not all(is_whole(rank) and 1 <= rank <= seats for rank in result["ranks"]):
        raise RecordProblem(_("result.ranks must be places from 1 to %(seats)d") % {"seats": seats})
    if not all(isinstance(entry, dict) for entry in result["breakdown"]):
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
    elif "ended" in record:
        raise RecordProblem(_("the record says the match ended early, but its last move is not a resignation or claim"))
    else:
        expected = engine.outcome(state)
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
    if _plain(record.get("ended")) != endings.ended(last["seat"], last["action"]):
        raise RecordProblem(_("a record ending with a %(action)s says so in its ended field: %(ended)s")
                            % {"action": last["action"]["type"],
                               "ended": json.dumps(endings.ended(last["seat"], last["action"]))})
    return endings.outcome(engine, state, gone)


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
    tally = tally_for(record["game"])
    if tally is None:
        raise RecordProblem(_("this site cannot yet check table records of %(game)s")
                            % {"game": BY_SLUG[record["game"]].name})
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


def import_records(records: list, *, recorded_by=None, witnessed: bool = False) -> ImportReport:
    """Check every record, then save the new ones in one transaction; duplicates (same fingerprint) are skipped.

    The players named wait to confirm their seats (scoring/confirmations.py) unless `witnessed` (the operator's
    `import_records --confirmed`).

    ImportRefused, saving nothing, when any record is bad.
    """
    problems = check_records(records)
    if problems:
        raise ImportRefused(problems)
    report = ImportReport()
    seen: set[str] = set()
    # Oldest first, so that ratings, which follow the history in order, see the matches as they were played.
    in_order = sorted(range(len(records)), key=lambda i: _moment(records[i]))
    with transaction.atomic(), ratings.rebuild_afterwards():
        for index in in_order:
            record = records[index]
            key = fingerprint(record)
            existing = GameRecord.objects.filter(fingerprint=key).first()
            if existing is not None or key in seen:
                report.skipped.append((index, existing))
                continue
            seen.add(key)
            try:
                report.imported.append(save_record(record, recorded_by=recorded_by, witnessed=witnessed))
            except IntegrityError:  # the same record saved by someone else a moment ago
                report.skipped.append((index, GameRecord.objects.filter(fingerprint=key).first()))
    report.skipped.sort(key=lambda skipped: skipped[0])
    return report


def _moment(record: dict) -> datetime:
    return parse_moment(record.get("finished_at") or record.get("started_at"))


def import_file(data: bytes | str, *, recorded_by=None, witnessed: bool = False) -> ImportReport:
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


def to_json(records) -> str:
    """One record as a JSON object, or several (any iterable that is not a GameRecord) as a JSON array."""
    if isinstance(records, GameRecord):
        data = records.record
    else:
        data = [r.record for r in records]
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


def csv_rows(records) -> tuple[list[str], list[dict]]:
    """One row per seat per match: the fixed columns, then the breakdown's flat keys. Returns (header, rows)."""
    rows = []
    # A column's place: its game's (in the order the games first appear), then the game's breakdown order, then its
    # number (round_1, round_2... round_10): a record with more rounds than the first adds its columns in place.
    games, places = {}, {}
    for game_record in records:
        games.setdefault(game_record.game, len(games))
        seats = {seat["seat"]: seat for seat in game_record.record.get("seats", [])}
        breakdown = game_record.record.get("result", {}).get("breakdown", [])
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
                places.setdefault(key, (games[game_record.game], *order))
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
