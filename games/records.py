"""A finished online match as a record in the exchange format of design/records.md."""
import bisect

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from games import endings
from games.models import Match, Seat
from table_mode.models import Table

FORMAT, FORMAT_2 = "catsite-record/1", "catsite-record/2"


def iso(moment) -> str | None:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def match_record(match: Match) -> dict:
    """The record of a finished match, in version 1 unless it needs version 2's `ended` (a match ended early by a
    resignation or a claim, scored by games/endings.py; its last move is the ending move, its leaver's seat
    `"resigned": true` if they resigned), a seat's `bot_from`/`bot_until` (a bot stood in for its player:
    games/stand_in.py; `Move.by_bot` keeps every stretch, the record the last, as records.md has it), `undos`
    (moves taken back by consent: games/undo.py), a guest's seat (`"guest": true`, table mode) or a `mode` other than
    live (`"turn_based"` with its `move_time`, `"table"`, `"hot_seat"`)."""
    engine = match.engine
    made = list(match.moves.order_by("seq").values_list("seq", "seat", "action"))
    # The record's moves are the standing ones, numbered 1, 2, 3...: a version of the match is the number of
    # standing moves made by then (they differ once a move was taken back: games/undo.py).
    standing = [seq for seq, _seat, _action in made]
    moves = [{"seq": number, "seat": seat, "action": action}
             for number, (_seq, seat, action) in enumerate(made, start=1)]
    record = {
        "format": FORMAT,
        "game": match.game,
        "source": "online",
        "options": match.options,
        "seed": match.seed,
        "seats": [seat_entry(seat, standing) for seat in match.seats.select_related("profile")],
        "started_at": iso(match.started_at),
        "finished_at": iso(match.finished_at),
        "moves": moves,
        "final": engine.final(match.state),
        "result": engine.outcome(match.state),
    }
    last = endings.ending_move(record)
    if last:
        record["ended"] = endings.ended(last["action"])
        gone = endings.leaver(last["seat"], last["action"])
        record["result"] = endings.outcome(engine, match.state, gone)
        if last["action"]["type"] == endings.RESIGN:
            record["seats"][gone]["resigned"] = True
    resigned = endings.resigned_seats(record["seats"])
    if resigned:  # resigned in a match of three or more; a bot played their seats to the end (games/stand_in.py)
        record["result"] = endings.with_resigned(record["result"], resigned)
    mode = mode_of(match, record["seats"])
    if mode:  # design/records.md version 2's `mode` ("live", the default, is left out)
        record["mode"] = mode
        if match.move_time:
            record["move_time"] = iso_duration(match.move_time)
    if match.undos:  # taken back by consent: where each move was, who asked and who agreed (games/undo.py)
        record["undos"] = [{"seq": number_of(undone["seq"] - 1, standing) + 1, "seat": undone["seat"],
                            "agreed_by": undone["agreed_by"]} for undone in match.undos]
    if "ended" in record or "undos" in record or "mode" in record or any(
            key in seat for seat in record["seats"] for key in SEAT_KEYS_2):
        record["format"] = FORMAT_2
    return record


STAND_IN_KEYS = ("bot_from", "bot_until", "resigned")  # a seat's keys of version 2 (design/records.md)...
SEAT_KEYS_2 = (*STAND_IN_KEYS, "guest")  # ...with a guest's (table mode)


def mode_of(match: Match, seats: list[dict]) -> str | None:
    """How the match was played, as records.md names it: "turn_based" (a time per move), "table" (started at a
    table: a big screen and a phone per player, table_mode/), "hot_seat" (a host's local players at one screen);
    None for a live match, the default."""
    if match.move_time:
        return "turn_based"
    if Table.games.through.objects.filter(match_id=match.pk).exists():
        return "table"
    if match.seats.filter(kind=Seat.LOCAL).exists():
        return "hot_seat"
    return None


def iso_duration(duration) -> str:
    """A time per move in ISO 8601: "P3D", "PT12H"."""
    hours = round(duration.total_seconds() / 3600)
    return f"P{hours // 24}D" if hours % 24 == 0 else f"PT{hours}H"


def number_of(version: int, standing: list[int]) -> int:
    """The number of standing moves made by `version` of the match (`standing`: their versions, in order)."""
    return bisect.bisect_right(standing, version)


def seat_entry(seat, standing: list[int]) -> dict:
    with translation.override(settings.LANGUAGE_CODE):  # a record says the same whoever's page finished the match
        name = seat.label
    entry = {
        "seat": seat.index,
        "name": name,
        "player": seat.profile.handle if seat.profile else None,
        "bot": seat.bot_level or None,
    }
    if seat.kind == Seat.GUEST:  # a guest at a table, without an account: no handle travels (design/records.md)
        entry.update(player=None, guest=True)
    if seat.bot_from is not None:  # a bot stood in for the player from that version (until they took it back)
        entry["bot_from"] = number_of(seat.bot_from, standing)
        if seat.bot_until is not None:
            entry["bot_until"] = number_of(seat.bot_until, standing)
    if seat.resigned:
        entry["resigned"] = True
    return entry


def finished_by_bot(seat: dict) -> bool:
    """A record's seat that a bot standing in for its player played to the end."""
    return seat.get("bot_from") is not None and seat.get("bot_until") is None


def ended_sentence(record: dict, names: list[str]) -> str:
    """What the record's optional `ended` field says, in words, naming the leaver (its last move's): "" for a match
    played to its end."""
    last = endings.ending_move(record)
    if last is None:
        return ""
    seat = endings.leaver(last.get("seat"), last["action"])
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else gettext("A player")
    if last["action"]["type"] == endings.RESIGN:
        return gettext("%(name)s resigned, so the match ended there; %(name)s takes the last place.") % {"name": name}
    return gettext("%(name)s stopped playing and the others claimed the match: scored as abandoned by %(name)s, "
                   "last.") % {"name": name}
