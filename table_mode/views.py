"""Pages of a table: open it, its big screen, a phone's page (join, wait, play), and the guest's results offer."""
import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from games import guests, presence, registry
from games.log_words import bot_level
from games.tables import load, render_table
from games.viewer import controlled_seats, session_key
from scoring.models import GameRecord
from table_mode import claims, limits, services, sheets
from table_mode.forms import GameOptionsForm
from table_mode.models import Table

POLL_SECONDS = 3


def _qr_label(code: str, url: str) -> str:
    """The QR's text alternative: what a screen reader says for it, the code and the link it holds."""
    return gettext("QR code to join table %(code)s: %(url)s") % {"code": code, "url": url}


def _qr_svg(url: str, label: str) -> str:
    # No width and height: the SVG keeps its viewBox and the page's CSS sizes it for the room. Its <title> names
    # it; role="img" makes it one image for a screen reader (not a drawing of many paths).
    svg = segno.make(url, error="m").svg_inline(border=2, omitsize=True, title=label)
    return mark_safe(svg.replace("<svg ", '<svg role="img" ', 1))


def _refuse_code(request, status: int, error: str) -> HttpResponse:
    return render(request, "table_mode/join_code.html", {"error": error}, status=status)


def _table_or_refusal(request, code: str) -> Table | HttpResponse:
    """The open table of `code`, or the page that refuses it (a wrong try counts toward the address's limit)."""
    if limits.blocked(request):
        return _refuse_code(request, 429, gettext("Too many wrong codes from here: wait ten minutes, then try again."))
    table = services.find(code)
    if table is None:
        limits.refused(request)
        return _refuse_code(request, 404, gettext("No open table has the code “%(code)s”. Check it on the big "
                                                  "screen; a table closes after a day unused.") % {"code": code[:12]})
    return table


@require_POST
@login_required
def new_table(request):
    table = services.open_table(host=request.user)
    return redirect("table_screen", table.code)


@require_GET
def join_by_code(request):
    """The home page's form: the code typed on a phone."""
    code = request.GET.get("code", "")
    if not code.strip():
        return _refuse_code(request, 400, gettext("Type the code shown on the big screen."))
    found = _table_or_refusal(request, code)
    return found if isinstance(found, HttpResponse) else redirect("table_phone", found.code)


def _seat_in(request, table: Table, member) -> tuple:
    """The table's current match, the page's table of it for this phone when this phone holds a seat there, its
    seats and the presence section (games/presence.py: the socket's pushes replace #presence)."""
    if member is None or table.match_id is None:
        return None, "", [], ""
    match, seats = load(table.match_id)
    who = guests.acting(request)
    mine = controlled_seats(seats, who)
    if not mine:
        return match, "", [], ""
    table_html = render_table(match, seats, who, request.session.get(session_key(match.pk)), request=request)
    return match, table_html, mine, presence.page_section(match, seats, mine, request)


def phone(request, code):
    """A phone at the table: the form to join, then the wait for a game, then its own seat's table."""
    found = _table_or_refusal(request, code)
    if isinstance(found, HttpResponse):
        return found
    table = found
    if request.method == "POST":
        return _join(request, table)
    return _phone_page(request, table)


def _phone_page(request, table: Table, error: str = "", status: int = 200) -> HttpResponse:
    member = services.member_of(table, guests.acting(request))
    match, seat_table, mine, presence_html = _seat_in(request, table, member)
    return render(request, "table_mode/phone.html", {
        "table": table, "member": member, "match": match if seat_table else None, "table_html": seat_table,
        "mine": mine, "presence": presence_html,
        "members": table.members.all(), "poll": POLL_SECONDS, "sheet": _sheet_part(table, member), "error": error,
    }, status=status)


def _sheet_part(table: Table, member) -> dict | None:
    """The phone's part of the table's score sheet: its seat's fields of the game's pad, as typed so far."""
    sheet = table.sheet
    if sheet is None or member is None or member.pk not in sheet.seats:
        return None
    form = sheets.pad(sheet)
    return {"sheet": sheet, "fields": sheets.seat_fields(form, sheet.seats.index(member.pk)),
            "game": registry.get(sheet.game)}


def _join(request, table: Table) -> HttpResponse:
    who = guests.acting(request)
    if services.member_of(table, who) is not None:
        return redirect("table_phone", table.code)  # already seated: this phone keeps its place
    try:
        if request.user.is_authenticated:
            services.join_as_user(table=table, user=request.user)
            return redirect("table_phone", table.code)
        member = services.join_as_guest(table=table, name=request.POST.get("name", ""))
    except services.TableError as exc:
        return render(request, "table_mode/phone.html", {
            "table": table, "member": None, "error": str(exc), "name": request.POST.get("name", "")[:60],
            "members": table.members.all(), "poll": POLL_SECONDS}, status=400)
    response = redirect("table_phone", table.code)
    guests.remember(request, response, member.profile_id)
    return response


@require_GET
def phone_part(request, code):
    """What a waiting phone polls: the people at the table; when a game starts (or the next one), reload the page."""
    table = services.find(code)
    if table is None:
        raise Http404(gettext("This table is closed."))
    if _changed(request, table):
        return _reload()
    return render(request, "table_mode/members.html", {"table": table, "members": table.members.all()})


def _changed(request, table: Table) -> bool:
    """Whether the table's game (a match, or a score sheet) is another than the page shows."""
    return (_number(request.GET.get("match", "0")) != (table.match_id or 0)
            or _number(request.GET.get("sheet", "0")) != (table.sheet_id or 0))


def _reload() -> HttpResponse:
    response = HttpResponse(status=204)
    response["HX-Refresh"] = "true"
    return response


def _hosted(request, code) -> Table:
    table = services.find(code)
    if table is None:
        raise Http404(gettext("No open table has this code."))
    if table.host_id != request.user.pk:
        raise Http404(gettext("Only the table's host opens its big screen."))
    return table


@login_required
@require_GET
def screen(request, code):
    """The big screen: the code and its QR code, the people, and the game drawn for the room (public only)."""
    table = _hosted(request, code)
    services.touch(table)
    return _screen_page(request, table)


def _screen_page(request, table: Table, sheet_errors=(), status: int = 200) -> HttpResponse:
    join_url = request.build_absolute_uri(reverse("table_phone", args=[table.code]))
    match, table_html, presence_html = None, "", ""
    if table.match_id:
        match, seats = load(table.match_id)
        table_html = render_table(match, seats, None, None)  # the spectator's table, whoever looks at the screen
        presence_html = presence.page_section(match, seats, [], request)  # a spectator's: no seat of its own
    return render(request, "table_mode/screen.html", {
        "table": table, "qr": _qr_svg(join_url, _qr_label(table.code, join_url)), "join_url": join_url,
        "members": table.members.all(), "presence": presence_html,
        "match": match, "table_html": table_html, "poll": POLL_SECONDS, "games": registry.playable_games(),
        "playing": _playing(table),
        "bot_levels": _bot_levels(),
        "option_forms": [GameOptionsForm(game) for game in registry.playable_games()],
        "evening": services.evening(table),
        "sheet": _screen_sheet(table), "sheet_errors": sheet_errors, "pads": _pads(),
    }, status=status)


def _pads() -> list:
    return [game for game in registry.GAMES if game.pad is not None and not game.module.startswith("tests.")]


def _screen_sheet(table: Table) -> dict | None:
    """The score sheet on the big screen: its running totals and the host's own fields."""
    if table.sheet is None:
        return None
    form = sheets.pad(table.sheet)
    members = sheets.members_of(table.sheet)
    return {"sheet": table.sheet, "form": form, "preview": form.preview(), "shared": sheets.shared_fields(form),
            "game": registry.get(table.sheet.game), "names": [m.name for m in members],
            "waiting": [m.name for m in members if m.pk not in table.sheet.filled]}


def _bot_levels() -> list[tuple[str, str]]:
    levels = {}
    for game in registry.playable_games():
        for level in game.bot_levels:
            levels.setdefault(level, bot_level(level))
    return list(levels.items())


@login_required
@require_GET
def screen_part(request, code):
    table = _hosted(request, code)
    members = table.members.all()
    if _changed(request, table):
        return _reload()
    if _number(request.GET.get("members", "")) != len(members) and not _playing(table):
        return _reload()  # someone sat down: the host's form offers them a seat
    return render(request, "table_mode/members.html", {"table": table, "members": members})


def _number(value: str) -> int:
    return int(value) if value.isascii() and value.isdigit() and len(value) < 19 else -1


def _playing(table: Table) -> bool:
    return (table.match_id is not None and table.match.status in ("open", "playing")) or (
        table.sheet_id is not None and table.sheet.game_record_id is None)


@login_required
@require_POST
def start(request, code):
    """The host starts a game at the table with the people ticked and bots."""
    table = _hosted(request, code)
    players = [int(v) for v in request.POST.getlist("player") if v.isascii() and v.isdigit() and len(v) < 19]
    slug = request.POST.get("game", "")
    options = {}
    if slug in registry.BY_SLUG:
        form = GameOptionsForm(registry.get(slug), request.POST)
        if not form.is_valid():
            for field, errors in form.errors.items():
                label = form.fields[field].label if field in form.fields else ""
                messages.error(request, f"{label}: {' '.join(errors)}" if label else " ".join(errors))
            return redirect("table_screen", table.code)
        options = form.options()
    try:
        services.start_game(table=table, user=request.user, game=slug, players=players, bots=_bots(request.POST),
                            options=options)
    except services.TableError as exc:
        messages.error(request, str(exc))
    return redirect("table_screen", table.code)


def _bots(data) -> list[str]:
    count = data.get("bots", "0")
    count = int(count) if count.isascii() and count.isdigit() and len(count) < 3 else 0
    return [data.get("bot_level", "")] * min(count, services.MOST_MEMBERS)


@login_required
@require_POST
def guest_results(request):
    """The answer to "You played as Grandma on this phone: take those results?": taken or declined, only once."""
    ids = guests.profiles_of(request)
    if request.POST.get("answer") == "take":
        taken, refused = claims.take(user=request.user, ids=ids)
        if taken:
            messages.success(request, gettext("Your results as %(names)s are now in your profile.") % {
                "names": ", ".join(taken)})
        for name in refused:
            messages.error(request, gettext("%(name)s played in a match with you, so cannot be you: those results "
                                            "stay under that name.") % {"name": name})
    response = redirect(request.POST.get("next") if _local(request.POST.get("next", "")) else "home")
    guests.store(response, [])
    return response


def _local(path: str) -> bool:
    return path.startswith("/") and not path.startswith("//") and "\\" not in path


@login_required
@require_GET
def screen_totals(request, code):
    """The running totals of the score sheet, which the big screen polls."""
    table = _hosted(request, code)
    return render(request, "table_mode/totals.html", {"sheet": _screen_sheet(table)})


@login_required
@require_POST
def sheet_start(request, code):
    """The host starts scoring a game played with the box."""
    table = _hosted(request, code)
    players = [int(v) for v in request.POST.getlist("player") if v.isascii() and v.isdigit() and len(v) < 19]
    try:
        sheets.start_sheet(table=table, user=request.user, game=request.POST.get("game", ""), players=players)
    except sheets.SheetError as exc:
        messages.error(request, str(exc))
    return redirect("table_screen", table.code)


@require_POST
def sheet_fill(request, code):
    """A phone sends its player's part of the sheet."""
    found = _table_or_refusal(request, code)
    if isinstance(found, HttpResponse):
        return found
    member = services.member_of(found, guests.acting(request))
    if member is None or found.sheet is None:
        return _phone_page(request, found, gettext("You do not play in this game."), status=400)
    try:
        sheets.fill(sheet=found.sheet, member=member, posted=request.POST)
    except sheets.SheetError as exc:
        return _phone_page(request, found, str(exc), status=400)
    messages.success(request, gettext("Sent: the big screen shows it."))
    return redirect("table_phone", found.code)


def _hosted_sheet(request, code):
    """The host's table, which must be scoring a game played with the box."""
    table = _hosted(request, code)
    if table.sheet is None:
        raise Http404(gettext("No game is being scored at this table."))
    return table


@login_required
@require_POST
def sheet_shared(request, code):
    table = _hosted_sheet(request, code)
    try:
        sheets.fill_shared(sheet=table.sheet, user=request.user, posted=request.POST)
    except sheets.SheetError as exc:
        messages.error(request, str(exc))
    return redirect("table_screen", table.code)


@login_required
@require_POST
def sheet_save(request, code):
    """The host saves the record of the game played with the box (once)."""
    table = _hosted_sheet(request, code)
    try:
        saved = sheets.save(sheet=table.sheet, user=request.user, unfinished=bool(request.POST.get("unfinished")))
    except sheets.SheetError as exc:
        messages.error(request, str(exc))
        return redirect("table_screen", table.code)
    if not isinstance(saved, GameRecord):  # the pad, with what is wrong: nothing saved
        table.refresh_from_db()
        return _screen_page(request, table, sheet_errors=_errors_of(saved), status=400)
    messages.success(request, gettext("The game of %(game)s is recorded.") % {"game": saved.game_name})
    return redirect("table_screen", table.code)


def _errors_of(form) -> list[str]:
    found = [str(e) for e in form.non_field_errors()]
    for name, errors in form.errors.items():
        if name != "__all__":
            label = form.fields[name].widget.attrs.get("aria-label") or form.fields[name].label
            found += [f"{label}: {error}" for error in errors]
    return found
