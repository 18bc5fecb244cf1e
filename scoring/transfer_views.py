"""Views of data portability: record downloads (JSON, CSV), the import form, and the replay of an online match."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from games.log_words import seat_name, who, with_names
from games.registry import BY_SLUG
from scoring import exports, transfer
from scoring.forms_transfer import ImportForm
from scoring.models import GameRecord, PlayerProfile, handle_is

# --- Downloads ----------------------------------------------------------------------------------------------


def _download(content: str, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _player(handle: str) -> PlayerProfile:
    return get_object_or_404(PlayerProfile, handle_is(handle))


@require_GET
def export_record(request, pk):
    game_record = get_object_or_404(GameRecord, pk=pk, unfinished=False)
    return _download(transfer.to_json(game_record), f"{game_record.game}-{pk}.json", "application/json")


@require_GET
def export_record_csv(request, pk):
    game_record = get_object_or_404(GameRecord.objects.prefetch_related("participants__profile"), pk=pk,
                                    unfinished=False)
    return _download(transfer.to_csv(game_record), f"{game_record.game}-{pk}.csv", "text/csv")


@require_GET
def export_player(request, handle):
    profile = _player(handle)
    return exports.download(request, exports.pieces(player=profile), f"{profile.handle}-records.json",
                            "application/json")


@require_GET
def export_player_csv(request, handle):
    profile = _player(handle)
    return exports.download(request, exports.pieces(player=profile, as_csv=True), f"{profile.handle}-records.csv",
                            "text/csv")


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
    """An online match step by step: step N is the state after the first N moves, every seat's cards shown.
    htmx steps swap only the step's part of the page (#replay-step)."""
    game_record = get_object_or_404(GameRecord, pk=pk)
    record = game_record.record
    game = BY_SLUG.get(game_record.game)
    moves = record.get("moves") or []
    if game_record.source != "online" or game is None or game.engine is None or not moves:
        raise Http404(_("Only online matches of the games played here can be replayed."))
    step = _step(request.GET.get("step"), len(moves))
    names = [seat_name(seat["name"], seat.get("bot")) for seat in record["seats"]]
    lines, state, problem = _walk(game, record, step, names)
    context = {
        "game_record": game_record, "game": game, "step": step, "last": len(moves), "names": names,
        "moves": lines, "move": lines[step - 1] if step else None,
    }
    template = "scoring/transfer/replay.html" + ("#step" if request.htmx else "")
    if state is None:
        context["error"] = _("This record no longer replays on this site: %(problem)s.") % {
            "problem": str(problem).rstrip(".。")}
        return render(request, template, context)
    context.update(_replay_views(game, state, names))
    return render(request, template, context)


def _step(text: str | None, last: int) -> int:
    try:
        return min(max(int(text or 0), 0), last)
    except ValueError:
        return 0


def _walk(game, record: dict, step: int, names: list[str]) -> tuple[list[dict], object, Exception | None]:
    """One pass through the record: every move in the words of the live log (the public log events it added),
    and the state at `step` (None when a move before it no longer replays, with the problem)."""
    moves = record["moves"]
    lines, at, problem, before = [], None, None, None
    try:
        for index, state in enumerate(transfer.replay_steps(record)):
            seen = game.engine.view(state, None)
            if index == step:
                at = state
            if index:
                lines.append(_move_line(game, moves[index - 1], names, _new_events(before, seen)))
            before = seen
    except transfer.RecordProblem as exc:
        problem = exc
    lines += [_move_line(game, move, names, []) for move in moves[len(lines):]]
    return lines, at, problem


def _new_events(before, after) -> list:
    """The log events a move added to the public log. The log keeps only its newest events: where the view says
    how many came before its first ("log_start") that counts, else the longest overlap of the two logs does."""
    old = (before.get("log") if isinstance(before, dict) else None) or []
    new = (after.get("log") if isinstance(after, dict) else None) or []
    if isinstance(before, dict) and isinstance(after, dict) and "log_start" in before and "log_start" in after:
        return new[max(before["log_start"] + len(old) - after["log_start"], 0):]
    for overlap in range(min(len(old), len(new)), -1, -1):
        if old[len(old) - overlap:] == new[:overlap]:
            return new[overlap:]
    return new


def _move_line(game, move: dict, names: list[str], events: list) -> dict:
    """A move as the live log tells it: who acted, then each sentence it added. A move that added nothing to the
    public log (a card drawn face down) is told from its action, positions counted from 1."""
    seat = move.get("seat")
    mover = _("The match") if seat is None else (
        names[seat] if 0 <= seat < len(names) else _("Seat %(number)d") % {"number": seat + 1})
    lines = [{"who": who(entry, names), "text": with_names(game.event_text(entry), names)}
             for entry in events if isinstance(entry, dict)]
    if not lines:
        told = getattr(game.words, "action", None) if game.words is not None else None
        said = told(move["action"]) if told else None
        lines = [{"who": mover, "text": with_names(said, names) if said else _action_text(move, names)}]
    return {"seq": move["seq"], "who": mover, "lines": lines}


def _action_text(move: dict, names: list[str]) -> str:
    """A move in plain words when its game's words module has no `action(action)` sentence for it."""
    action = move["action"]
    details = []
    for key, value in action.items():
        if key == "type":
            continue
        if key.endswith("position") and isinstance(value, int) and not isinstance(value, bool):
            value = value + 1
        elif key in ("opponent", "seat", "to") and isinstance(value, int) and 0 <= value < len(names):
            value = names[value]
        details.append(f"{key.replace('_', ' ')} {_text(value, names)}")
    chosen = str(action.get("type", "")).replace("_", " ")
    if not details:
        return _("chose %(action)s") % {"action": chosen}
    return _("chose %(action)s (%(details)s)") % {"action": chosen,
                                                  "details": pgettext("list separator", ", ").join(details)}


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
        views["table_html"] = readable(_without(spectator, "log"), names, game.slug)
        for seat in seats:
            seat["html"] = readable(_differences(seat["view"], spectator), names, game.slug)
        views["revealed_html"] = readable(_without(views["revealed"], "log"), names, game.slug)
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
        return _("yes") if value else _("no")
    return with_names(str(value), names)


def _value(value, names: list[str], game: str) -> str:
    """A value of a record for people: a word the game names (transfer.value_label), numbers and names as they are."""
    return _text(transfer.value_label(game, value) if isinstance(value, str) else value, names)


def _entry(key, value, names: list[str], game: str) -> SafeString:
    """A record key's value: a seat by its player's name when the game says the key holds a seat."""
    if transfer.is_seat_key(game, str(key)) and type(value) is int and 0 <= value < len(names):
        return format_html("{}", names[value])
    return readable(value, names, game)


def _label(key, game: str) -> str:
    return transfer.category_label(game, str(key))


def _scalar(value) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def readable(value, names: list[str], game: str = "") -> SafeString:
    """Any JSON value as HTML: an object as a key/value table, a list of objects with plain values as a table with
    a column per key, a list of plain values on one line, other lists as numbered lists. Keys are named in the
    words of `game` where it has them (transfer.category_label)."""
    if _scalar(value):
        return format_html("{}", _value(value, names, game))
    if not value:
        return format_html('<span class="muted">{}</span>', pgettext("an empty value", "none"))
    if isinstance(value, dict):
        rows = format_html_join("", '<tr><th scope="row">{}</th><td>{}</td></tr>',
                                ((_label(k, game), _entry(k, v, names, game)) for k, v in value.items()))
        return format_html('<table class="readable">{}</table>', rows)
    if all(_scalar(item) for item in value):
        return format_html_join(" · ", "<span>{}</span>", ((_value(item, names, game),) for item in value))
    if all(isinstance(item, dict) and all(_scalar(v) for v in item.values()) for item in value):
        columns = list(dict.fromkeys(k for item in value for k in item))
        head = format_html_join("", '<th scope="col">{}</th>', ((_label(c, game),) for c in columns))
        body = format_html_join("", "<tr>{}</tr>", (
            (format_html_join("", "<td>{}</td>", ((_value(item.get(c), names, game),) for c in columns)),)
            for item in value))
        return format_html('<table class="readable"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>', head, body)
    items = format_html_join("", "<li>{}</li>", ((readable(item, names, game),) for item in value))
    return format_html('<ol class="readable">{}</ol>', items)
