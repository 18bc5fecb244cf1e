"""Views of live matches: the lobby, creating and joining, the match page and its moves."""
import json
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import OperationalError
from django.db.models import Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from catsite import limits
from games import live, registry, turns
from games import lobby as seating
from games.forms import NewMatchForm
from games.models import Match, Seat
from games.records import match_record
from games.tables import as_answer, audience_of, load, render_once, render_table
from games.viewer import controlled_seats, session_key, viewpoint
from games.wake import wake


def lobby(request):
    open_matches = (
        Match.objects.filter(status=Match.OPEN, listed=True, seats__kind=Seat.OPEN)
        .distinct().prefetch_related("seats__profile")[:50]
    )
    mine = []
    if request.user.is_authenticated:
        mine = (
            Match.objects.filter(Q(host=request.user) | Q(seats__user=request.user))
            .filter(status__in=[Match.OPEN, Match.PLAYING]).distinct().prefetch_related("seats__profile")[:50]
        )
    watch = Match.objects.filter(status=Match.PLAYING).prefetch_related("seats__profile")[:20]
    return render(request, "games/lobby.html", {
        "open_matches": open_matches, "mine": mine, "watch": watch, "playable": registry.playable_games(),
    })


@login_required
def new_match(request, slug):
    try:
        game = registry.get(slug)
    except KeyError:
        raise Http404(gettext("There is no such game.")) from None
    if not game.playable:
        raise Http404(gettext("%(game)s cannot be played online yet.") % {"game": game.name})
    form = NewMatchForm(game, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            match = seating.create_match(host=request.user, game=slug, **form.match_arguments())
        except seating.SeatingError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect(match)
    return render(request, "games/new_match.html", {"form": form, "game": game})


BUSY = gettext_lazy("The server is busy; please try again in a moment.")


def is_busy(exc: OperationalError) -> bool:
    """SQLite's "database is locked": another write held the database for longer than its timeout."""
    return "locked" in str(exc) or "busy" in str(exc)


def answers_busy(view):
    """A database too busy to take a write answers at once "busy, try again" with the table (503), not a 500.
    Nothing was changed then: the write that timed out was never begun."""

    @wraps(view)
    def wrapped(request, match_id, *args, **kwargs):
        try:
            return view(request, match_id, *args, **kwargs)
        except OperationalError as exc:
            if not is_busy(exc):
                raise
            return _table_response(request, match_id, error=BUSY, status=503)

    return wrapped


def _table_response(request, match_id: int, error: str = "", status: int = 200) -> HttpResponse:
    match, seats = load(match_id)
    confirmed = request.session.get(session_key(match_id))
    html = render_table(match, seats, request.user, confirmed, error=error, request=request)
    return HttpResponse(html, status=status)


def _open_match(match_id: int) -> Match:
    """Wake what a restart may have left sleeping: a passed time limit and bots to move."""
    match = get_object_or_404(Match, pk=match_id)
    wake(match)
    return match


def match_page(request, match_id):
    match = _open_match(match_id)
    if request.GET.get("seat") and request.user.is_authenticated:
        _confirm_seat(request, match, request.GET["seat"])
    match, seats = load(match_id)
    confirmed = request.session.get(session_key(match_id))
    table = render_table(match, seats, request.user, confirmed, request=request)
    return render(request, "games/match.html", {
        "match": match, "seats": seats, "table": table,
        "invite_url": request.build_absolute_uri(reverse("match_join", args=[match.pk, match.invite_token])),
        "is_host": request.user == match.host,
    })


@require_GET
@answers_busy
def table(request, match_id):
    """The table alone: htmx re-fetches it after a reconnect, and a handover confirms a seat through it."""
    match = _open_match(match_id)
    if request.GET.get("seat") and request.user.is_authenticated:
        _confirm_seat(request, match, request.GET["seat"])
    return _table_response(request, match_id)


def _confirm_seat(request, match: Match, seat: str) -> None:
    # isdigit() alone is not enough: "²" is a digit that int() refuses.
    if not (seat.isascii() and seat.isdigit()):
        return
    if int(seat) in controlled_seats(list(match.seats.all()), request.user):
        _remember_seat(request, match.pk, int(seat))


def _remember_seat(request, match_id: int, seat: int) -> None:
    """A shared screen now shows `seat`: stored in the session at once, in a transaction of its own (never
    inside a move's), and told to this browser's sockets before anything else is pushed to them."""
    if request.session.get(session_key(match_id)) == seat:
        return
    request.session[session_key(match_id)] = seat
    request.session.save()
    request.session.modified = False  # saved: the session middleware has nothing left to write
    live.seat_confirmed(match_id, request.user.pk, request.session.session_key, seat)


@require_POST
def move(request, match_id):
    """One move: the action, the seat it is for and the version of the table it was chosen on."""
    # Seat.of finds nothing for an id too big for the database (games/compiled.py) instead of failing.
    seats = Seat.of(match_id)
    if not seats:
        raise Http404(gettext("There is no such match."))
    try:
        limits.check_move_fields(request.POST)  # size, depth, NUL: before anything parses it
        seat, version, action = _parse_move(request.POST)
    except ValueError as exc:
        return _table_response(request, match_id, error=str(exc), status=400)
    if not request.user.is_authenticated:
        return _table_response(request, match_id, error=gettext("Log in to play."), status=403)
    controlled = controlled_seats(seats, request.user)
    if seat not in controlled:
        return _table_response(request, match_id, error=gettext("You cannot move for that seat."), status=403)
    # The push waits until this answer is rendered and reuses it for this seat's other sockets.
    with live.held_pushes() as held:
        try:
            if len(controlled) > 1:  # a shared screen: whoever moves for a seat holds the device
                _remember_seat(request, match_id, seat)
            match = turns.play(match_id=match_id, seat=seat, action=action, version=version)
        except turns.MatchError as exc:
            return _table_response(request, match_id, error=str(exc), status=exc.status)
        except OperationalError as exc:  # too busy: nothing was changed (the write was never begun)
            if not is_busy(exc):
                raise
            return _table_response(request, match_id, error=BUSY, status=503)
        # Applied: from here on nothing is answered as an error (a busy database only concerned the write).
        held.prepared = live.Prepared(match, seats)
        if not request.htmx:
            return redirect("match", match_id)
        # The other players' tables leave first; the mover's own is rendered once for its answer and its tabs.
        live.push_from_request(held.prepared, last=audience_of(match, seats, request.user),
                               page=live.page_id(request.headers.get("X-Page", "")))
        point = viewpoint(match, seats, request.user, seat)
        return HttpResponse(as_answer(render_once(match, seats, point, held.prepared.memo)))


def _seat_field(data, name: str) -> int | None:
    value = data.get(name, "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 4 else None


def _end_early(request, match_id: int, end) -> HttpResponse:
    """Resign or claim for the posted seat, which this user must act for; `end(match_id, seat)` does it."""
    seats = Seat.of(match_id)
    if not seats:
        raise Http404(gettext("There is no such match."))
    if not request.user.is_authenticated:
        return _table_response(request, match_id, error=gettext("Log in to play."), status=403)
    seat = _seat_field(request.POST, "seat")
    if seat is None or seat not in controlled_seats(seats, request.user):
        return _table_response(request, match_id, error=gettext("You cannot act for that seat."), status=403)
    try:
        match = end(match_id, seat)
    except turns.MatchError as exc:
        return _table_response(request, match_id, error=str(exc), status=exc.status)
    if not request.htmx:
        return redirect("match", match_id)
    return HttpResponse(render_table(match, seats, request.user, seat, request=request))


@require_POST
def resign(request, match_id):
    """A player gives up: the match ends now and they take the last place (games/endings.py)."""
    return _end_early(request, match_id, lambda match_id, seat: turns.resign(match_id=match_id, seat=seat))


@require_POST
def claim(request, match_id):
    """Another player ends a match whose player to move stayed away longer than the host allowed."""
    absent = _seat_field(request.POST, "absent")
    if absent is None:
        return _table_response(request, match_id, error=gettext("Say which seat is absent."), status=400)
    return _end_early(request, match_id,
                      lambda match_id, seat: turns.claim(match_id=match_id, seat=seat, absent=absent))


@require_POST
@login_required
def cancel(request, match_id):
    """The host calls off a match that has not started."""
    get_object_or_404(Match, pk=match_id)
    try:
        seating.cancel_match(match_id=match_id, user=request.user)
    except seating.SeatingError as exc:
        messages.error(request, str(exc))
        return redirect("match", match_id)
    messages.success(request, gettext("Match #%(number)d is cancelled.") % {"number": match_id})
    return redirect("lobby")


MAX_PARTS = 16  # choices one form may compose into an action (docs/live-matches.md)
SCALARS = (str, int, float, bool, type(None))


def _parse_move(data) -> tuple[int, int, dict]:
    """Read a posted move. `action` is the JSON of an action; each `part...` field adds keys chosen in the form."""
    unreadable = ValueError(gettext("That move could not be read; please choose it again."))
    try:
        seat, version = int(data["seat"]), int(data["version"])
        action = json.loads(data["action"])
        parts = [part for key in sorted(k for k in data if k.startswith("part")) for part in data.getlist(key)]
        if len(parts) > MAX_PARTS:
            raise ValueError("too many choices")
        parts = [json.loads(part, parse_constant=_no_constant) for part in parts]
    except (KeyError, ValueError, TypeError, AttributeError):
        raise unreadable from None
    if not isinstance(action, dict):
        raise unreadable
    for part in parts:
        _add_part(action, part)
    return seat, version, action


def _no_constant(name: str):
    raise ValueError(f"{name} is not a value a move may hold")  # NaN and Infinity: not JSON, not storable


def _plain(value) -> bool:
    """A value a choice may hold: a string, number, true/false or null, or a flat list of them (a path)."""
    return isinstance(value, SCALARS) or (isinstance(value, list) and all(isinstance(v, SCALARS) for v in value))


def _add_part(action: dict, part) -> None:
    """A choice adds keys of plain values; it never sets "type" nor a key the action or a choice already has."""
    if not isinstance(part, dict) or not all(_plain(value) for value in part.values()):
        raise ValueError(gettext("That move could not be read; please choose it again."))
    if "type" in part or action.keys() & part.keys():
        raise ValueError(gettext("Those choices do not make one move; please choose again."))
    action.update(part)


@login_required
def join(request, match_id, token):
    match = get_object_or_404(Match, pk=match_id)
    if request.method == "POST":
        try:
            seating.take_seat(match_id=match_id, user=request.user, token=token)
        except seating.SeatingError as exc:
            messages.error(request, str(exc))
        return redirect(match)
    seats = Seat.of(match.pk)
    return render(request, "games/join.html", {"match": match, "seats": seats, "token": token})


@require_POST
@login_required
def rematch(request, match_id):
    get_object_or_404(Match, pk=match_id)
    try:
        again = seating.rematch(match_id=match_id, user=request.user)
    except seating.SeatingError as exc:
        messages.error(request, str(exc))
        if request.htmx:  # the message is shown by the page the browser goes to
            return HttpResponseClientRedirect(reverse("match", args=[match_id]))
        return redirect("match", match_id)
    if request.htmx:
        return HttpResponseClientRedirect(again.get_absolute_url())
    return redirect(again)


def record(request, match_id):
    match = get_object_or_404(Match, pk=match_id)
    if match.status != Match.FINISHED:
        raise Http404(gettext("The record of a match is published when the match is over."))
    record = match.game_record.record if match.game_record else match_record(match)
    response = JsonResponse(record, json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{match.game}-{match.pk}.json"'
    return response
