"""After a match changes: render its table once for each audience that has a socket open, and wake the bots.

An audience is the set of sockets that see the same table: the sockets of one seat's player, those of one
shared screen (a user who plays several seats: hot-seat), and the spectators. Each has its own group in the
channel layer per language (a socket's language is its browser's, `socket_language`), so a seat's table only
ever reaches that seat's sockets, and each in its own language. The consumers only forward what they are sent
(games/consumers.py).
"""
import asyncio
import contextvars
import hashlib
import logging
import os
import re
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from asgiref.sync import SyncToAsync, async_to_sync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.utils.translation import get_supported_language_variant
from django.utils.translation.trans_real import parse_accept_lang_header

log = logging.getLogger(__name__)


def group_name(match_id: int) -> str:
    """Every socket of the match joins this group too: it tells whether anybody is connected at all."""
    return f"match-{match_id}"


def seat_group(match_id: int, seat: int) -> str:
    return f"match-{match_id}-seat-{seat}"


def screen_group(match_id: int, user_id: int) -> str:
    return f"match-{match_id}-screen-{user_id}"


def watch_group(match_id: int) -> str:
    return f"match-{match_id}-watch"


def language_group(group: str, language: str) -> str:
    """An audience's group for the sockets of one language: each is sent the table rendered in its language."""
    return f"{group}.{language}"


def languages() -> list[str]:
    return [code for code, _ in settings.LANGUAGES]


def socket_language(scope) -> str:
    """A socket's language, chosen as LocaleMiddleware chooses a page's: the language cookie, else the browser's
    Accept-Language, else LANGUAGE_CODE (always one of LANGUAGES)."""
    cookie = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME)
    if cookie:
        try:
            return get_supported_language_variant(cookie)
        except LookupError:
            pass
    header = next((value for name, value in scope.get("headers") or () if name == b"accept-language"), b"")
    for code, _ in parse_accept_lang_header(header.decode("latin-1")):
        if code == "*":
            break
        try:
            return get_supported_language_variant(code)
        except LookupError:
            continue
    return get_supported_language_variant(settings.LANGUAGE_CODE)


PAGE = re.compile(r"[0-9a-f]{16,32}")  # what static/js/match.js names its page: random hex digits


def page_id(value: str) -> str:
    """The page's own name (static/js/match.js makes one per page and sends it as its socket's `?page=` and its
    moves' X-Page header), or "" for anything else: the socket of the page that made a move does not forward
    that move's table, the page's answer already (the message still reaches the socket through the layer)."""
    return value if PAGE.fullmatch(value) else ""


def socket_page(scope) -> str:
    """`page_id` of a socket's address."""
    values = parse_qs((scope.get("query_string") or b"").decode("latin-1")).get("page") or [""]
    return page_id(values[0])


def page_group(group: str, page: str) -> str:
    """The sockets of one page (`socket_page`) within an audience's group in a language (`language_group`): when
    the page that made a move holds every socket of its audience, nobody else there is sent that move's table."""
    return f"{group}.page-{page}"


def session_digest(session_key: str) -> str:
    """How a socket recognises its own browser in a message: never the session key itself."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:32]


def server_loop():
    """The ASGI server's event loop, when called from sync code the server runs (a view, a consumer's database
    call); None elsewhere (tests through the WSGI-style client, management commands, plain threads)."""
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    return loop if loop is not None and loop.is_running() else None


def spawn(loop, coroutine_function, *args) -> None:
    """Start a task on the server's loop and return at once: the request does not wait for it."""

    async def guarded():
        try:
            await coroutine_function(*args)
        except Exception:  # a failed push or bot must not go unnoticed, nor take anything down
            log.exception("background task %s%r failed", coroutine_function.__name__, args)

    # A fresh context: the task must not inherit the request's (its sync executor is gone once the request ends).
    loop.call_soon_threadsafe(lambda: loop.create_task(guarded(), context=contextvars.Context()))


async def present(layer, groups: list[str]) -> list[str]:
    """The groups among `groups` that have at least one member, read from the channel layer itself (so it holds
    across server processes with Redis). A layer this does not know is taken to have members everywhere."""
    return with_members(groups, await members(layer, groups))


def with_members(groups, counts: dict[str, int] | None) -> list[str]:
    """The groups among `groups` that `counts` (`members`) finds members in: all of them when it cannot tell."""
    return [g for g in groups if counts is None or counts[g]]


async def members(layer, groups: list[str]) -> dict[str, int] | None:
    """How many members each of `groups` has, read from the channel layer itself; None for a layer this does not
    know."""
    if not groups:
        return {}
    if isinstance(layer, InMemoryChannelLayer):
        return members_in_memory(layer, groups)
    if not all(hasattr(layer, name) for name in ("_group_key", "consistent_hash", "connection", "group_expiry")):
        return None
    # channels_redis: a group is a sorted set of channel names scored by the time they joined. One round trip
    # per Redis server (a pipeline), however many groups.
    since = int(time.time()) - layer.group_expiry
    by_server: dict[int, list[str]] = {}
    for group in groups:
        by_server.setdefault(layer.consistent_hash(group), []).append(group)
    counts = {}
    for index, of_server in by_server.items():
        pipe = layer.connection(index).pipeline(transaction=False)
        for group in of_server:
            pipe.zcount(layer._group_key(group), since, "+inf")
        counts.update(zip(of_server, await pipe.execute(), strict=True))
    return {g: counts[g] for g in groups}


def members_in_memory(layer: InMemoryChannelLayer, groups: list[str]) -> dict[str, int]:
    """`members` for the in-memory layer, callable from any thread of its process: each group's members are copied
    in one step (a dict's values listed in C, while the loop's thread cannot change them) before they are read."""
    since = time.time() - layer.group_expiry  # a member is stored with the time it joined, as in Redis
    return {g: sum(joined > since for joined in list(layer.groups.get(g, {}).values())) for g in groups}


def members_now(layer, groups: list[str]) -> dict[str, int] | None:
    """`members` from a request's thread: the in-memory layer is read there, another layer (Redis) from the
    server's loop, whose connections it holds."""
    if isinstance(layer, InMemoryChannelLayer):
        return members_in_memory(layer, groups)
    return async_to_sync(members)(layer, groups)


@dataclass
class Prepared:
    """What the side that made a change already holds: the match as committed, its seats, and the tables it
    rendered (its own answer), so that the push neither reloads the match nor renders those again. `pushed`:
    the change was pushed already (`push_from_request`)."""

    match: object
    seats: list
    memo: dict = field(default_factory=dict)
    pushed: bool = False


def _audience_groups(match, seats) -> dict[str, tuple]:
    from games import tables

    return {language_group(group, language): (audience, language)
            for group, audience in tables.audiences(match, seats).items() for language in languages()}


async def wanted_groups(layer, match, seats) -> dict[str, tuple]:
    """The groups (an audience in one language) that have a socket open, with their audience and language."""
    audiences = _audience_groups(match, seats)
    return {group: audiences[group] for group in await present(layer, list(audiences))}


async def send_all(layer, messages: dict[str, dict]) -> None:
    await asyncio.gather(*(layer.group_send(group, message) for group, message in messages.items()))


async def push(match_id: int, version: int, prepared: Prepared | None = None) -> None:
    """Render the match's table once per audience with a socket, and send each its own."""
    from games import tables

    layer = get_channel_layer()
    if prepared is not None:
        match, seats, memo = prepared.match, prepared.seats, prepared.memo
    else:
        if not await present(layer, [group_name(match_id)]):
            return  # nobody is connected: nothing to load or render
        match, seats = await database_sync_to_async(tables.load, thread_sensitive=False)(match_id)
        memo = {}
        if match.version > version:
            return  # a later change was committed: its own push renders the newer table
    wanted = await wanted_groups(layer, match, seats)
    if not wanted:
        return
    # Rendered on a worker thread of the loop's own pool, not on the one thread that every consumer's database
    # call (and Channels' per-message connection check) shares: a push does not queue behind the sockets.
    messages = await database_sync_to_async(tables.push_messages, thread_sensitive=False)(match, seats, wanted, memo)
    await send_all(layer, messages)


def push_from_request(prepared: Prepared, last: str, page: str = "") -> None:
    """Push a change from the thread of the request that made it (under the server), the other players' tables
    first: each audience's table is sent as soon as it is rendered, before the audience `last` (the mover's own
    group, without its language) whose table is also the request's answer. So the others' screens do not wait
    for the mover's answer to render. The mover's sockets forward it but the one of the `page` that posted
    (`page_id`): that page has it as its answer, and when every socket of the mover's audience is that page's
    (`page_group`), the mover's audience is sent nothing. Outside a server the push is left to `changed`."""
    from games import tables

    loop, layer = server_loop(), get_channel_layer()
    if loop is None or layer is None:
        return
    audiences = _audience_groups(prepared.match, prepared.seats)
    own = [group for group in audiences if group.rpartition(".")[0] == last]
    pages = {group: page_group(group, page) for group in own} if page else {}
    counts = members_now(layer, [*audiences, *pages.values()])
    wanted = {g: audiences[g] for g in with_members(audiences, counts)}
    mine = {g: a for g, a in wanted.items() if g in own}
    if pages and counts is not None and all(counts[g] == counts[pages[g]] for g in mine):
        mine = {}  # every socket of the mover's audience is the posting page's, which has the table as its answer
    for part in ({g: a for g, a in wanted.items() if g not in own}, mine):
        if part:
            messages = tables.push_messages(prepared.match, prepared.seats, part, prepared.memo)
            if part is mine and page:
                messages = {group: message | {"answered": page} for group, message in messages.items()}
            spawn(loop, send_all, layer, messages)
    prepared.pushed = True


_held = threading.local()


class Held:
    def __init__(self):
        self.changes: list[tuple[int, int, bool]] = []
        self.prepared: Prepared | None = None


@contextmanager
def held_pushes():
    """Changes committed inside the block are pushed when it ends, with what the block `prepared`: a move view
    pushes the change itself (`push_from_request`) and renders its answer with the same tables, and the push
    reuses the match it already has."""
    held = _held.current = Held()
    try:
        yield held
    finally:
        _held.current = None
        for match_id, version, bots in held.changes:
            ready = held.prepared if held.prepared and held.prepared.match.version == version else None
            try:
                if ready is not None and ready.pushed:
                    wake_bots(match_id, bots)
                else:
                    changed(match_id, version, bots, prepared=ready)
            except Exception:  # logged: the change is committed and its answer must not become an error
                log.exception("push of match %s version %s failed", match_id, version)


def changed(match_id: int, version: int, bots: bool = True, prepared: Prepared | None = None) -> None:
    """Called on commit of every change: the sockets get their tables, the bots are woken."""
    held = getattr(_held, "current", None)
    if held is not None:
        held.changes.append((match_id, version, bots))
        return
    layer = get_channel_layer()
    if layer is not None:
        loop = server_loop()
        if loop is not None:
            spawn(loop, push, match_id, version, prepared)
        else:
            async_to_sync(push)(match_id, version, prepared)
    wake_bots(match_id, bots)


def wake_bots(match_id: int, bots: bool) -> None:
    if bots:
        from games import bot_runner

        bot_runner.kick(match_id)


def seat_confirmed(match_id: int, user_id: int, session_key: str, seat: int) -> None:
    """Tell the sockets of one shared screen (that browser's, no other) which seat now holds the device.

    Sent before the answer, and before any move it goes with: the socket has it before the next push."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "screen.confirmed", "session": session_digest(session_key), "seat": seat}
    group = screen_group(match_id, user_id)

    async def send():
        await asyncio.gather(*(layer.group_send(language_group(group, language), message)
                               for language in languages()))

    async_to_sync(send)()
