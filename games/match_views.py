"""Views of live matches: the lobby, creating and joining, the match page and its moves."""
import json
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import OperationalError
from django.db.models import Q
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from catsite import limits
from games import lobby as seating
from games import presence, pushes, registry, stand_in, text_mode, turn_based, turns, undo
from games.forms import NewMatchForm
from games.guests import Guest, acting
from games.models import Match, Seat
from games.records import match_record
from games.tables import as_answer, load, render_pushed, render_table
from games.viewer import controlled_seats, session_key, viewpoint
from games.wake import wake

MY_MATCHES_SHOWN = 50


def lobby(request):
    open_matches = (
        Match.objects.filter(status=Match.OPEN, listed=True, seats__kind=Seat.OPEN)
        .distinct().prefetch_related("seats__profile")[:50]
    )
    mine = []
    if request.user.is_authenticated:
        mine = (
            Match.objects.filter(Q(host=request.user) | Q(seats__user=request.user))
            .filter(status__in=[Match.OPEN, Match.PLAYING]).distinct().prefetch_related("seats__profile")
        )
        # Those waiting for this player's move first (a turn-based match may wait days), the newest first within;
        # sorted before the list is cut, so a match waiting for them is never left out for newer ones. A person's
        # unfinished matches are few: reading each one's state is cheap beside the page.
        mine = sorted(mine, key=lambda match: not turn_based.waiting_for(match, request.user))[:MY_MATCHES_SHOWN]
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
    # A form sent back with its reasons is a refusal (400), the empty form a page.
    return render(request, "games/new_match.html", {"form": form, "game": game},
                  status=400 if request.method == "POST" else 200)


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
    html = render_table(match, seats, acting(request), confirmed, error=error, request=_form_request(request))
    return HttpResponse(html, status=status)


def _form_request(request):
    """The request a table's forms are rendered for: none for htmx's, whose page sends the CSRF token in a header
    (base.html), so that its forms carry no CSRF field of their own, as a push's do not (a table that answers
    htmx stays within the bytes of a push: docs/live-matches.md, "Bytes"); the request itself for a page's."""
    return None if request.htmx else request


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
    table = render_table(match, seats, acting(request), confirmed, request=request)
    mine = controlled_seats(seats, acting(request))
    return render(request, "games/match.html", {
        "match": match, "seats": seats, "table": table, "mine": mine,
        "presence": presence.page_section(match, seats, mine, request),
        "invite_url": request.build_absolute_uri(reverse("match_join", args=[match.pk, match.invite_token])),
        "is_host": request.user == match.host,
        "text_mode": text_mode.active(),
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
    pushes.seat_confirmed(match_id, request.user.pk, request.session.session_key, seat)


@require_POST
def move(request, match_id):
    """One move: the action, the seat it is for and the version of the table it was chosen on."""
    # Seat.of finds nothing for an id too big for the database instead of failing.
    seats = Seat.of(match_id)
    if not seats:
        raise Http404(gettext("There is no such match."))
    try:
        limits.check_move_fields(request.POST)  # size, depth, NUL: before anything parses it
        seat, version, action = _parse_move(request.POST)
    except ValueError as exc:
        return _table_response(request, match_id, error=str(exc), status=400)
    who = acting(request)  # a guest's device acts for its seat (games/guests.py)
    if not (who.is_authenticated or isinstance(who, Guest)):
        return _table_response(request, match_id, error=gettext("Log in to play."), status=403)
    controlled = controlled_seats(seats, who)
    if seat not in controlled:
        return _table_response(request, match_id, error=gettext("You cannot move for that seat."), status=403)
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
    # Applied and announced (games/signals.py): from here on nothing is answered as an error.
    if not request.htmx:
        return redirect("match", match_id)
    # The mover's own table: the push rendered it already when the mover has a socket (tables.render_pushed).
    point = viewpoint(match, seats, who, seat)
    return HttpResponse(as_answer(render_pushed(match, seats, point)))


def _seat_field(data, name: str, digits: int = 3) -> int | None:
    """A whole number posted in `name` of at most `digits` digits (a seat: 3; a table's version: 9), else None."""
    value = data.get(name, "")
    return int(value) if value.isascii() and value.isdigit() and len(value) <= digits else None


def _for_seat(request, match_id: int, change) -> HttpResponse:
    """Resign, claim, ask to take back a move or answer such a request for the posted seat, which this browser must
    act for; `change(match_id, seat)` does it."""
    seats = Seat.of(match_id)
    if not seats:
        raise Http404(gettext("There is no such match."))
    who = acting(request)
    if not (who.is_authenticated or isinstance(who, Guest)):
        return _table_response(request, match_id, error=gettext("Log in to play."), status=403)
    seat = _seat_field(request.POST, "seat")
    if seat is None or seat not in controlled_seats(seats, who):
        return _table_response(request, match_id, error=gettext("You cannot act for that seat."), status=403)
    try:
        match = change(match_id, seat)
    except turns.MatchError as exc:
        return _table_response(request, match_id, error=str(exc), status=exc.status)
    if not request.htmx:
        return redirect("match", match_id)
    return HttpResponse(render_table(match, seats, who, seat, request=_form_request(request)))


@require_http_methods(["GET", "POST"])
def resign(request, match_id):
    """A player gives up and takes the last place (games/endings.py): the page first asks and says what happens
    (GET), the form then resigns (POST). In a match of three or more where another person plays on, a bot plays
    the seat to the end; otherwise the match ends now (games/stand_in.py `resign`)."""
    if request.method == "GET":
        return _ask_to_resign(request, match_id)
    return _for_seat(request, match_id, lambda match_id, seat: stand_in.resign(match_id=match_id, seat=seat))


def _ask_to_resign(request, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    seats = Seat.of(match_id)
    seat = _seat_field(request.GET, "seat")
    if seat is None or seat not in controlled_seats(seats, acting(request)):
        raise PermissionDenied(gettext("You cannot act for that seat."))
    if match.status != Match.PLAYING or seats[seat].resigned:
        return redirect(match)
    return render(request, "games/resign.html", {
        "match": match, "seat": seats[seat], "bot_plays_on": stand_in.bot_plays_on(match, seats, seat)})


@require_POST
def claim(request, match_id):
    """Another player ends a match whose player to move stayed away longer than the host allowed."""
    absent = _seat_field(request.POST, "absent")
    if absent is None:
        return _table_response(request, match_id, error=gettext("Say which seat is absent."), status=400)
    return _for_seat(request, match_id,
                      lambda match_id, seat: turns.claim(match_id=match_id, seat=seat, absent=absent))


def _seat_change(request, match_id: int, field: str, change) -> HttpResponse:
    """Hand a seat to a bot or take it back: `change(match_id, user, seat)`, the seat read from `field`. Answers
    the viewer's table (the presence section follows through the socket)."""
    seats = Seat.of(match_id)
    if not seats:
        raise Http404(gettext("There is no such match."))
    if not request.user.is_authenticated:
        return _table_response(request, match_id, error=gettext("Log in to play."), status=403)
    seat = _seat_field(request.POST, field)
    if seat is None:
        return _table_response(request, match_id, error=gettext("Say which seat."), status=400)
    try:
        change(match_id, request.user, seat)
    except turns.MatchError as exc:
        return _table_response(request, match_id, error=str(exc), status=exc.status)
    if not request.htmx:
        return redirect("match", match_id)
    return _table_response(request, match_id)


@require_POST
def hand_to_bot(request, match_id):
    """Another player lets the game's good bot play a gone player's seat, so that the match goes on."""
    return _seat_change(request, match_id, "absent", lambda match_id, user, seat:
                        stand_in.hand_to_bot(match_id=match_id, user=user, absent=seat))


@require_POST
def take_back(request, match_id):
    """A player back at the table takes their seat back from the bot."""
    return _seat_change(request, match_id, "seat", lambda match_id, user, seat:
                        stand_in.take_back(match_id=match_id, user=user, seat=seat))


@require_POST
@answers_busy
def ask_undo(request, match_id):
    """A player asks to take back their last move (games/undo.py): at once when nobody else must agree."""
    version = _seat_field(request.POST, "version", digits=9)
    if version is None:
        return _table_response(request, match_id, error=gettext("That request could not be read."), status=400)
    return _for_seat(request, match_id, lambda match_id, seat: undo.ask(match_id=match_id, seat=seat,
                                                                        version=version))


@require_POST
@answers_busy
def answer_undo(request, match_id):
    """Another player agrees to take that move back, or refuses."""
    choice, version = request.POST.get("answer"), _seat_field(request.POST, "version", digits=9)
    if choice not in (undo.AGREE, undo.REFUSE) or version is None:
        return _table_response(request, match_id, error=gettext("Say whether you agree."), status=400)
    return _for_seat(request, match_id, lambda match_id, seat:
                     undo.answer(match_id=match_id, seat=seat, agree=choice == undo.AGREE, version=version))


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
