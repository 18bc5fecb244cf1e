"""Views of data portability: record downloads (JSON, CSV), the import form, and the replay of an online match."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET

from games.log_words import who, with_names
from games.registry import BY_SLUG
from scoring import transfer
from scoring.forms_transfer import ImportForm
from scoring.models import GameRecord, PlayerProfile

# --- Downloads ----------------------------------------------------------------------------------------------


def _download(content: str, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _player(handle: str) -> PlayerProfile:
    return get_object_or_404(PlayerProfile, handle__iexact=handle)


@require_GET
def export_record(request, pk):
    game_record = get_object_or_404(GameRecord, pk=pk)
    return _download(transfer.to_json(game_record), f"{game_record.game}-{pk}.json", "application/json")


@require_GET
def export_record_csv(request, pk):
    game_record = get_object_or_404(GameRecord.objects.prefetch_related("participants__profile"), pk=pk)
    return _download(transfer.to_csv(game_record), f"{game_record.game}-{pk}.csv", "text/csv")


@require_GET
def export_player(request, handle):
    profile = _player(handle)
    records = transfer.records_of(player=profile)
    return _download(transfer.to_json(records), f"{profile.handle}-records.json", "application/json")


@require_GET
def export_player_csv(request, handle):
    profile = _player(handle)
    records = transfer.records_of(player=profile)
    return _download(transfer.to_csv(records), f"{profile.handle}-records.csv", "text/csv")


# --- Import -------------------------------------------------------------------------------------------------


@login_required
def import_records(request):
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    problems, report = [], None
    if request.method == "POST" and form.is_valid():
        try:
            report = transfer.import_file(form.cleaned_data["file"], recorded_by=request.user)
        except transfer.ImportRefused as refused:
            problems = refused.problems
    status = 400 if request.method == "POST" and report is None else 200
    return render(request, "scoring/transfer/import.html", {
        "form": form, "problems": problems, "report": report,
    }, status=status)


# --- Replay -------------------------------------------------------------------------------------------------


@require_GET
def record_replay(request, pk):
    """An online match step by step: step N is the state after the first N moves, every seat's cards shown."""
    game_record = get_object_or_404(GameRecord, pk=pk)
    record = game_record.record
    game = BY_SLUG.get(game_record.game)
    moves = record.get("moves") or []
    if game_record.source != "online" or game is None or game.engine is None or not moves:
        raise Http404("Only online matches of the games played here can be replayed.")
    step = _step(request.GET.get("step"), len(moves))
    names = [seat["name"] for seat in record["seats"]]
    context = {
        "game_record": game_record, "game": game, "step": step, "last": len(moves), "names": names,
        "moves": [_move_line(move, names) for move in moves],
        "move": _move_line(moves[step - 1], names) if step else None,
    }
    try:
        state = transfer.replay(record, step)
    except transfer.RecordProblem as exc:
        context["error"] = f"This record no longer replays on this site: {exc}."
        return render(request, "scoring/transfer/replay.html", context)
    context.update(_replay_views(game, state, names))
    return render(request, "scoring/transfer/replay.html", context)


def _step(text: str | None, last: int) -> int:
    try:
        return min(max(int(text or 0), 0), last)
    except ValueError:
        return 0


def _move_line(move: dict, names: list[str]) -> dict:
    seat = move.get("seat")
    who = "The match" if seat is None else (names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}")
    details = ", ".join(f"{key} {_text(value, names)}" for key, value in move["action"].items() if key != "type")
    return {"seq": move["seq"], "who": who, "type": str(move["action"].get("type", "")).replace("_", " "),
            "details": details}


def _replay_views(game, state, names: list[str]) -> dict:
    """What each seat saw (its own view) and, since the match is over, the whole state: every hand revealed."""
    engine = game.engine
    seats = [{"seat": seat, "name": name, "view": engine.view(state, seat)} for seat, name in enumerate(names)]
    spectator = engine.view(state, None)
    log = spectator.get("log") if isinstance(spectator, dict) else None
    views = {
        "state": state, "spectator": spectator, "seats": seats,
        "log": [_log_line(game, entry, names) for entry in (log or [])[-6:]],
        "game_template": game.replay_template,
        # A game's own replay page draws its table from this: its view with every hidden thing revealed.
        "revealed": engine.reveal(state) if hasattr(engine, "reveal") else spectator,
        "actions": [],
    }
    if not views["game_template"]:
        views["table_html"] = readable(_without(spectator, "log"), names)
        for seat in seats:
            seat["html"] = readable(_differences(seat["view"], spectator), names)
        views["revealed_html"] = readable(_without(views["revealed"], "log"), names)
    return views


def _log_line(game, entry, names: list[str]) -> str:
    """A log entry (an event, or {"seat", "text"} when saved before events) as a sentence naming who acted."""
    if not isinstance(entry, dict):
        return _text(entry, names)
    name, text = who(entry, names), _text(game.event_text(entry), names)
    return f"{name} {text}" if name else text


def _without(value, key: str):
    return {k: v for k, v in value.items() if k != key} if isinstance(value, dict) else value


def _differences(view, spectator) -> dict:
    """The parts of a seat's view that a spectator does not see (its own cards, its choices); all when not dicts."""
    if not isinstance(view, dict) or not isinstance(spectator, dict):
        return view
    return {k: v for k, v in view.items() if k != "log" and spectator.get(k, object()) != v}


# --- A readable rendering of any JSON value: key/value tables, lists, tables of uniform rows ----------------

def _text(value, names: list[str]) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return with_names(str(value), names)


def _label(key) -> str:
    return str(key).replace("_", " ").capitalize()


def _scalar(value) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def readable(value, names: list[str]) -> SafeString:
    """Any JSON value as HTML: an object as a key/value table, a list of objects with plain values as a table with
    a column per key, a list of plain values on one line, other lists as numbered lists."""
    if _scalar(value):
        return format_html("{}", _text(value, names))
    if not value:
        return mark_safe('<span class="muted">none</span>')
    if isinstance(value, dict):
        rows = format_html_join("", '<tr><th scope="row">{}</th><td>{}</td></tr>',
                                ((_label(k), readable(v, names)) for k, v in value.items()))
        return format_html('<table class="readable">{}</table>', rows)
    if all(_scalar(item) for item in value):
        return format_html_join(" · ", "<span>{}</span>", ((_text(item, names),) for item in value))
    if all(isinstance(item, dict) and all(_scalar(v) for v in item.values()) for item in value):
        columns = list(dict.fromkeys(k for item in value for k in item))
        head = format_html_join("", '<th scope="col">{}</th>', ((_label(c),) for c in columns))
        body = format_html_join("", "<tr>{}</tr>", (
            (format_html_join("", "<td>{}</td>", ((_text(item.get(c), names),) for c in columns)),)
            for item in value))
        return format_html('<table class="readable"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>', head, body)
    items = format_html_join("", "<li>{}</li>", ((readable(item, names),) for item in value))
    return format_html('<ol class="readable" start="0">{}</ol>', items)
