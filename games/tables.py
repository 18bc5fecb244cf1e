"""Renders a match's table for one viewpoint: the page, the htmx answer and the websocket push share it."""
from django.template.loader import render_to_string

from games.log_words import who, with_names
from games.models import Match
from games.viewer import Viewpoint, viewpoint

LOG_LINES = 40


def load(match_id: int) -> tuple[Match, list]:
    match = Match.objects.select_related("game_record", "rematch_of").get(pk=match_id)
    seats = list(match.seats.select_related("profile"))
    return match, seats


def log_lines(game, entries: list[dict], names: list[str]) -> list[dict]:
    """The engine's public log in words, newest first, with seat mentions replaced by names."""
    return [{"who": who(entry, names), "text": with_names(game.event_text(entry), names)}
            for entry in reversed(entries[-LOG_LINES:])]


def context(match: Match, seats: list, point: Viewpoint, error: str = "") -> dict:
    names = [seat.label for seat in seats]
    rematch = getattr(match, "rematch", None) if match.status == "finished" else None
    # What the table shows depends on these only: a push with the same stamp as the page's table is dropped.
    stamp = ":".join(str(x) for x in (match.version, match.status, sum(s.kind == "open" for s in seats),
                                      rematch.pk if rematch else 0, point.seat, point.handover))
    ctx = {"match": match, "seats": seats, "names": names, "point": point, "error": error, "stamp": stamp,
           "game": match.game_info, "rematch": rematch}
    if match.state is not None:
        view = match.engine.view(match.state, point.seat)
        ctx.update(
            view=view,
            actions=match.engine.legal_actions(match.state, point.seat) if point.can_act else [],
            log=log_lines(match.game_info, view.get("log", []), names),
            game_template=match.game_info.table_template,
        )
    return ctx


def render_table(match: Match, seats: list, user, confirmed: int | None, error: str = "", request=None,
                 oob: bool = False) -> str:
    point = viewpoint(match, seats, user, confirmed)
    ctx = context(match, seats, point, error) | {"oob": oob}
    return render_to_string("games/table.html", ctx, request=request)
