"""A finished online match as a record in the exchange format of design/records.md."""
from games.models import Match

FORMAT = "catsite-record/1"


def iso(moment) -> str | None:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def match_record(match: Match) -> dict:
    engine = match.engine
    return {
        "format": FORMAT,
        "game": match.game,
        "source": "online",
        "options": match.options,
        "seed": match.seed,
        "seats": [seat_entry(seat) for seat in match.seats.select_related("profile")],
        "started_at": iso(match.started_at),
        "finished_at": iso(match.finished_at),
        "moves": [
            {"seq": seq, "seat": seat, "action": action}
            for seq, seat, action in match.moves.order_by("seq").values_list("seq", "seat", "action")
        ],
        "final": engine.final(match.state),
        "result": engine.outcome(match.state),
    }


def seat_entry(seat) -> dict:
    return {
        "seat": seat.index,
        "name": seat.label,
        "player": seat.profile.handle if seat.profile else None,
        "bot": seat.bot_level or None,
    }
