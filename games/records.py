"""A finished online match as a record in the exchange format of design/records.md."""
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from games import endings
from games.models import Match

FORMAT = "catsite-record/1"


def iso(moment) -> str | None:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def match_record(match: Match) -> dict:
    """The record of a finished match. One that ended early (a resignation, an abandonment) carries the
    optional `ended` field and is scored by games/endings.py; its last move is the ending move."""
    engine = match.engine
    moves = [
        {"seq": seq, "seat": seat, "action": action}
        for seq, seat, action in match.moves.order_by("seq").values_list("seq", "seat", "action")
    ]
    record = {
        "format": FORMAT,
        "game": match.game,
        "source": "online",
        "options": match.options,
        "seed": match.seed,
        "seats": [seat_entry(seat) for seat in match.seats.select_related("profile")],
        "started_at": iso(match.started_at),
        "finished_at": iso(match.finished_at),
        "moves": moves,
        "final": engine.final(match.state),
        "result": engine.outcome(match.state),
    }
    last = moves[-1] if moves else None
    if last and endings.is_ending(last["action"]):
        record["ended"] = endings.ended(last["seat"], last["action"])
        record["result"] = endings.outcome(engine, match.state, record["ended"]["seat"])
    return record


def seat_entry(seat) -> dict:
    with translation.override(settings.LANGUAGE_CODE):  # a record says the same whoever's page finished the match
        name = seat.label
    return {
        "seat": seat.index,
        "name": name,
        "player": seat.profile.handle if seat.profile else None,
        "bot": seat.bot_level or None,
    }


def ended_sentence(record: dict, names: list[str]) -> str:
    """What the record's optional `ended` field says, in words: "" for a match played to its end."""
    ended = record.get("ended") if isinstance(record, dict) else None
    if not isinstance(ended, dict):
        return ""
    seat = ended.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else gettext("A player")
    if ended.get("reason") == "resigned":
        return gettext("%(name)s resigned, so the match ended there; %(name)s takes the last place.") % {"name": name}
    return gettext("%(name)s stopped playing and the others claimed the match: scored as abandoned by %(name)s, "
                   "last.") % {"name": name}
