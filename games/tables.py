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

from games import fragments, live
from games.log_words import who, with_names
from games.models import Match, Seat
from games.viewer import Viewpoint, controlled_seats, viewpoint

LOG_LINES = 40


def load(match_id: int) -> tuple[Match, list]:
    match = Match.objects.select_related("game_record", "rematch_of").get(pk=match_id)
    return match, Seat.of(match.pk)


def log_items(game, entries: list[dict], names: list[str]) -> str:
    """The engine's public log in words, newest first, as the <li>s of the table's log (the last 40 entries), seat
    mentions replaced by names. Kept as one part (games/fragments.py) under the entries themselves, the names and
    the language: a move adds an entry or two, and the words of an entry depend on nothing else (the games' words
    modules are pure)."""
    entries, language, named = entries[-LOG_LINES:], translation.get_language(), tuple(names)
    key = ("log", game.slug, language, named, fragments.fingerprint(entries))
    return fragments.rendered(key, lambda: "".join(
        line_html(game, language, fragments.fingerprint(entry), named) for entry in reversed(entries)))


@lru_cache(maxsize=4096)
def line_html(game, language: str, entry: bytes, names: tuple) -> str:
    """One entry (its `fragments.fingerprint`) as a line in `language`: "<li><strong>who</strong> what</li>", or
    "<li>what</li>" for the game's own announcements. A move adds a line or two: the others' words are not looked
    up again."""
    data = fragments.data_of(entry)
    text, name = escape(with_names(game.event_text(data), list(names))), who(data, list(names))
    return f"<li><strong>{escape(name)}</strong> {text}</li>" if name else f"<li>{text}</li>"


def move_url(match_id: int) -> str:
    """Where a table's move forms post (match_tags.form_start): reversed once per match, not once per form."""
    return _move_url(get_script_prefix(), match_id)


@lru_cache(maxsize=1024)
def _move_url(prefix: str, match_id: int) -> str:
    return reverse("match_move", args=[match_id])


def context(match: Match, seats: list, point: Viewpoint, error: str = "") -> dict:
    names = [seat.label for seat in seats]
    rematch = getattr(match, "rematch", None) if match.status == "finished" else None
    # What the table shows depends on these only: a push with the same stamp as the page's table is dropped.
    stamp = ":".join(str(x) for x in (match.version, match.status, sum(s.kind == "open" for s in seats),
                                      rematch.pk if rematch else 0, point.seat, point.handover))
    ctx = {"match": match, "seats": seats, "names": names, "point": point, "error": error, "stamp": stamp,
           "game": match.game_info, "rematch": rematch, "move_url": move_url(match.pk)}
    if match.state is not None:
        view = match.engine.view(match.state, point.seat)
        ctx.update(
            view=view,
            actions=match.engine.legal_actions(match.state, point.seat) if point.can_act else [],
            log=log_items(match.game_info, view.get("log", []), names),
            game_template=template_of(match.game_info.table_template),
            status_template=template_of(match.game_info.status_template or "games/status.html"),
        )
    return ctx


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

    user_id: int | None = None  # None: the spectators
    seats: tuple[int, ...] = ()  # the seats this user plays


def audiences(match: Match, seats: list) -> dict[str, Audience]:
    """Every audience a socket of this match can belong to, by its group in the channel layer."""
    by_user: dict[int, list[int]] = {}
    for seat in seats:
        if seat.user_id is not None and seat.kind in (Seat.PLAYER, Seat.LOCAL):
            by_user.setdefault(seat.user_id, []).append(seat.index)
    found = {}
    for user_id, indexes in by_user.items():
        group = live.seat_group(match.pk, indexes[0]) if len(indexes) == 1 else live.screen_group(match.pk, user_id)
        found[group] = Audience(user_id, tuple(indexes))
    found[live.watch_group(match.pk)] = Audience()
    return found


def audience_of(match: Match, seats: list, user) -> str:
    """The group of a socket opened by `user` (the same choice as `audiences`)."""
    controlled = controlled_seats(seats, user)
    if len(controlled) == 1:
        return live.seat_group(match.pk, controlled[0])
    if controlled:
        return live.screen_group(match.pk, user.pk)
    return live.watch_group(match.pk)


def render_once(match: Match, seats: list, point: Viewpoint, memo: dict) -> str:
    """The pushed table of a viewpoint in the active language, rendered at most once per change: `memo` holds
    what this change has rendered already (the mover's own answer is one of them). No request: the forms carry
    no CSRF field, the page sends the token in a header (base.html), so one rendering serves every socket of the
    audience."""
    key = (translation.get_language(), point.seat, point.handover, tuple(point.controlled))
    if key not in memo:
        memo[key] = render_point(match, seats, point)
    return memo[key]


def as_answer(pushed: str) -> str:
    """The same table as the htmx answer to a request that targets #table (swapped in place, not out of band)."""
    return pushed.replace(' hx-swap-oob="true"', "", 1)


def push_messages(match: Match, seats: list, wanted: dict[str, tuple[Audience, str]], memo: dict | None = None
                  ) -> dict[str, dict]:
    """The message for each group of `wanted` (an audience in one language): its table, rendered in that
    language once however many sockets it has.

    A shared screen's table depends on the seat its browser last confirmed (the handover), which only the
    socket knows: it is sent the table for each possible confirmed seat ("" = none), each distinct one rendered
    once, and forwards the one that applies. All of them are tables of seats that user plays."""
    memo = {} if memo is None else memo
    messages = {}
    for group, (audience, language) in wanted.items():
        with translation.override(language):
            messages[group] = audience_message(match, seats, audience, memo)
    return messages


def audience_message(match: Match, seats: list, audience: Audience, memo: dict) -> dict:
    if audience.user_id is None:
        return {"type": "table.push", "html": render_once(match, seats, viewpoint(match, seats, None, None), memo)}
    holder = Holder(audience.user_id)
    if len(audience.seats) == 1:
        return {"type": "table.push", "html": render_once(match, seats, viewpoint(match, seats, holder, None), memo)}
    variants = {}
    for confirmed in (None, *audience.seats):
        point = viewpoint(match, seats, holder, confirmed)
        variants["" if confirmed is None else str(confirmed)] = render_once(match, seats, point, memo)
    return {"type": "table.push", "variants": variants}
