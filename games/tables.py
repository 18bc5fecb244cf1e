"""Renders a match's table for one viewpoint: the page, the htmx answer and the websocket pushes share it."""
from dataclasses import dataclass
from functools import lru_cache

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.loader import get_template
from django.urls import get_script_prefix, reverse
from django.utils import translation
from django.utils.autoreload import file_changed
from django.utils.html import escape

from games import fragments, guests, registry, text_mode, turns
from games.compiled import Compiled
from games.groups import screen_group, seat_group, watch_group
from games.log_words import who, with_names
from games.models import Match, Seat
from games.viewer import Viewpoint, controlled_seats, viewpoint

LOG_LINES = 12  # the log box shows about eleven; the whole history is in the replay (docs/live-matches.md, "Bytes")


_MATCH = Compiled(Match, lambda match_id: Match.objects.select_related("game_record", "rematch_of").filter(pk=match_id)
                  .order_by(), placeholders=(-1,))


def load(match_id: int) -> tuple[Match, list]:
    """The match and its seats, as every table is rendered from them (compiled once: games/compiled.py)."""
    found = _MATCH.objects(match_id)
    if not found:
        raise Match.DoesNotExist(f"no match {match_id}")
    return found[0], Seat.of(match_id)


def log_items(game, entries: list[dict], names: list[str]) -> str:
    """The engine's public log in words, newest first, as the <li>s of the table's log (the last `LOG_LINES`
    entries), seat mentions replaced by names. Kept (games/fragments.py): a move adds an entry or two, and the
    log is the same for every viewer of the match."""
    return fragments.kept(log_lines, {"game": game.slug, "entries": entries[-LOG_LINES:], "names": names})


def log_lines(values: dict) -> str:
    """The log's <li>s from its values alone (log_items)."""
    game, language, names = registry.get(values["game"]), translation.get_language(), tuple(values["names"])
    return "".join(line_html(game, language, fragments.fingerprint(entry), names)
                   for entry in reversed(values["entries"]))


@lru_cache(maxsize=4096)
def line_html(game, language: str, entry: bytes, names: tuple) -> str:
    """One entry (its `fragments.fingerprint`) as a line in `language`: "<li><strong>who</strong> what</li>", or
    "<li>what</li>" for the game's own announcements. A move adds a line or two to the log: the others' words are
    not looked up again."""
    data = fragments.data_of(entry)
    text, name = escape(with_names(game.event_text(data), list(names))), who(data, list(names))
    return f"<li><strong>{escape(name)}</strong> {text}</li>" if name else f"<li>{text}</li>"


def move_url(match_id: int) -> str:
    """Where a table's move forms post (match_tags.form_start): reversed once per match, not once per form."""
    return match_url("match_move", match_id)


def match_url(name: str, match_id: int) -> str:
    """The URL `name` of a match, reversed once per match (and script prefix), not once per table drawn."""
    return _match_url(get_script_prefix(), name, match_id)


@lru_cache(maxsize=1024)
def _match_url(prefix: str, name: str, match_id: int) -> str:
    return reverse(name, args=[match_id])


def context(match: Match, seats: list, point: Viewpoint, error: str = "") -> dict:
    names = [seat.label for seat in seats]
    rematch = getattr(match, "rematch", None) if match.status == "finished" else None
    if match.status == Match.FINISHED and error == turns.not_playing(match):
        error = ""  # a move or a resignation too late: the finished table says the match is over, once is enough
    # What the table shows depends on these only: a push with the same stamp as the page's table is dropped.
    stamp = ":".join(str(x) for x in (match.version, match.status, sum(s.kind == "open" for s in seats),
                                      rematch.pk if rematch else 0, point.seat, point.handover,
                                      ",".join(map(str, match.stand_ins)), undo_stamp(match)))
    ctx = {"match": match, "seats": seats, "names": names, "point": point, "error": error, "stamp": stamp,
           "game": match.game_info, "rematch": rematch, "move_url": move_url(match.pk)}
    if match.state is not None:
        view = match.engine.view(match.state, point.seat)
        ctx.update(
            view=view,
            actions=match.engine.legal_actions(match.state, point.seat) if point.can_act else [],
            log=log_items(match.game_info, view.get("log", []), names),
            game_template=template_of(text_mode.table_template(match.game_info)),
            text_mode=text_mode.active(),
            status_template=template_of(match.game_info.status_template or "games/status.html"),
        )
    return ctx


def undo_stamp(match: Match) -> str:
    """What the table shows of a request to take back a move (games/undo.py): who asked, agreed or refused."""
    request = match.undo_request
    if not request or request.get("version") != match.version:
        return ""
    return f"{request['seat']}>{','.join(map(str, request['agreed_by']))}>{request.get('refused_by', '')}"


def render_table(match: Match, seats: list, user, confirmed: int | None, error: str = "", request=None,
                 oob: bool = False) -> str:
    return render_point(match, seats, viewpoint(match, seats, user, confirmed), error, request, oob)


def render_point(match: Match, seats: list, point: Viewpoint, error: str = "", request=None, oob: bool = True) -> str:
    ctx = context(match, seats, point, error) | {"oob": oob}
    return frame_template().render(ctx, request=request)


@lru_cache(maxsize=64)
def template_of(name: str):
    """A template of every table (the frame, a game's table and status line): looked up once per process, not
    once per render (the frame {% include %}s the game's as the template itself, not by its name)."""
    return get_template(name)


def frame_template():
    """games/table.html, the frame around every game's table."""
    return template_of("games/table.html")


@receiver(file_changed)
def _forget_template(**kwargs) -> None:
    """The development server drops its templates when a file changes, without restarting: so does this."""
    template_of.cache_clear()


@receiver(setting_changed)
def _forget_template_of_old_settings(setting, **kwargs) -> None:
    if setting == "TEMPLATES":  # a test's override makes new template engines
        template_of.cache_clear()


@dataclass(frozen=True)
class Holder:
    """Stands for the user behind an audience when its table is rendered away from any request."""

    pk: int
    is_authenticated: bool = True


@dataclass(frozen=True)
class Audience:
    """The sockets that see one table: one seat's player, one shared screen, or the spectators."""

    user_id: int | None = None  # None: the spectators, or a guest
    seats: tuple[int, ...] = ()  # the seats this user plays
    guest: int | None = None  # a guest's seat: the guest's profile (games/guests.py)


def audiences(match: Match, seats: list) -> dict[str, Audience]:
    """Every audience a socket of this match can belong to, by its group in the channel layer."""
    by_user: dict[int, list[int]] = {}
    for seat in seats:
        if seat.user_id is not None and seat.kind in (Seat.PLAYER, Seat.LOCAL):
            by_user.setdefault(seat.user_id, []).append(seat.index)
    found = {seat_group(match.pk, seat.index): Audience(seats=(seat.index,), guest=seat.profile_id)
             for seat in seats if seat.kind == Seat.GUEST and seat.profile_id is not None}
    for user_id, indexes in by_user.items():
        group = seat_group(match.pk, indexes[0]) if len(indexes) == 1 else screen_group(match.pk, user_id)
        found[group] = Audience(user_id, tuple(indexes))
    found[watch_group(match.pk)] = Audience()
    return found


def audience_of(match: Match, seats: list, user) -> str:
    """The group of a socket opened by `user` (the same choice as `audiences`)."""
    controlled = controlled_seats(seats, user)
    if len(controlled) == 1:
        return seat_group(match.pk, controlled[0])
    if controlled:
        return screen_group(match.pk, user.pk)
    return watch_group(match.pk)


def render_pushed(match: Match, seats: list, point: Viewpoint) -> str:
    """The pushed table of a viewpoint in the active language, rendered at most once for this Match instance: a
    change is committed on an instance of its own (games/turns.py loads the match afresh for each), whose push
    renders each audience's table once, and the mover's answer is one of them. No request: the forms carry no
    CSRF field, the page sends the token in a header (base.html), so one rendering serves every socket of the
    audience and the answer alike."""
    rendered = match.__dict__.setdefault("_pushed_tables", {})
    key = (translation.get_language(), text_mode.active(), point.key)
    if key not in rendered:
        rendered[key] = render_point(match, seats, point)
    return rendered[key]


def as_answer(pushed: str) -> str:
    """The same table as the htmx answer to a request that targets #table (swapped in place, not out of band)."""
    return pushed.replace(' hx-swap-oob="true"', "", 1)


def push_messages(match: Match, seats: list, wanted: dict[str, tuple[Audience, str]]) -> dict[str, dict]:
    """The message for each group of `wanted` (an audience in one language): its table, rendered in that
    language once however many sockets it has.

    A shared screen's table depends on the seat its browser last confirmed (the handover), which only the
    socket knows: it is sent the table for each possible confirmed seat ("" = none), each distinct one rendered
    once, and forwards the one that applies. All of them are tables of seats that user plays."""
    messages = {}
    for group, (audience, language, *text) in wanted.items():  # text: the text-first sockets' (games/text_mode.py)
        with translation.override(language), text_mode.override(bool(text and text[0])):
            messages[group] = audience_message(match, seats, audience)
    return messages


def audience_message(match: Match, seats: list, audience: Audience) -> dict:
    if audience.guest is not None:
        holder = guests.Guest(frozenset({audience.guest}))
        return {"type": "table.push", "html": render_pushed(match, seats, viewpoint(match, seats, holder, None))}
    if audience.user_id is None:
        return {"type": "table.push", "html": render_pushed(match, seats, viewpoint(match, seats, None, None))}
    holder = Holder(audience.user_id)
    if len(audience.seats) == 1:
        return {"type": "table.push", "html": render_pushed(match, seats, viewpoint(match, seats, holder, None))}
    variants = {}
    for confirmed in (None, *audience.seats):
        point = viewpoint(match, seats, holder, confirmed)
        variants["" if confirmed is None else str(confirmed)] = render_pushed(match, seats, point)
    return {"type": "table.push", "variants": variants}
