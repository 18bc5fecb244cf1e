"""The command line's endpoint (text-first mode, docs/accessibility.md): a typed line posted, the answer in words.

A question ("help", "last", "scores", "whose turn", "moves") is answered 200 and changes nothing. A move is played
through `games.turns.play` like a clicked one, against the version it was read on, and answered 200 with what the
player may do now and their fresh table (out of band: the page swaps it in as it would a push). A line that is no
move now is answered 400 (409 when the table changed under it, 403 for a seat not yours) with the reason in words,
and changes nothing.
"""
from django.contrib import messages
from django.db import OperationalError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils.html import format_html
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games import command_line, turns
from games.guests import Guest, acting
from games.match_views import BUSY, _remember_seat, is_busy
from games.models import Match, Seat
from games.tables import load, render_pushed
from games.viewer import controlled_seats, session_key, viewpoint


def _said(request, match_id: int, text: str, status: int = 200, table: str = "") -> HttpResponse:
    if not request.htmx:  # a plain form post: the page says it after the redirect
        (messages.info if status == 200 else messages.error)(request, text)
        return redirect("match", match_id)
    return HttpResponse(format_html('<p class="command-said">{}</p>', text) + table, status=status)


@require_POST
def command(request, match_id):
    if not Seat.of(match_id):
        raise Http404(gettext("There is no such match."))
    match, seats = load(match_id)
    who = acting(request)
    point = viewpoint(match, seats, who, request.session.get(session_key(match_id)))
    text = request.POST.get("command", "")[: command_line.MAX_LENGTH + 1]
    names = [seat.label for seat in seats]
    if match.state is None:
        return _said(request, match_id, gettext("The match has not started yet."), 400)
    view = match.engine.view(match.state, point.seat)
    actions = match.engine.legal_actions(match.state, point.seat) if point.can_act else []
    to_move = list(match.engine.to_move(match.state)) if match.status == Match.PLAYING else []
    try:
        reply = command_line.answer(match.game_info, view, actions, names, text, to_move=to_move,
                                    over=match.status != Match.PLAYING)
    except command_line.Refused as exc:
        return _said(request, match_id, str(exc), 400)
    if reply.action is None:
        return _said(request, match_id, reply.text)
    if not (who.is_authenticated or isinstance(who, Guest)) or point.seat not in controlled_seats(seats, who):
        return _said(request, match_id, gettext("You cannot move for that seat."), 403)
    try:
        if len(point.controlled) > 1:
            _remember_seat(request, match_id, point.seat)
        played = turns.play(match_id=match_id, seat=point.seat, action=reply.action, version=match.version)
    except turns.MatchError as exc:
        return _said(request, match_id, str(exc), exc.status)
    except OperationalError as exc:
        if not is_busy(exc):
            raise
        return _said(request, match_id, str(BUSY), 503)
    after = viewpoint(played, seats, who, point.seat)
    return _said(request, match_id, _after_move(played, after, names), table=render_pushed(played, seats, after))


def _after_move(match: Match, point, names: list[str]) -> str:
    """What the mover hears once the move is played: what they may do now (their own view only), or whose turn."""
    module = command_line.commands_of(match.game_info)
    view = match.engine.view(match.state, point.seat)
    over = match.status != Match.PLAYING
    if point.can_act and not over:
        return gettext("Done.") + " " + module.prompt(view, match.engine.legal_actions(match.state, point.seat), names)
    return gettext("Done.") + " " + command_line.turn_text(view, point.to_move, names, over)
