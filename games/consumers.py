"""The websocket of a match page: it forwards the table rendered for its audience after every change.

A socket belongs to one audience (games/tables.py `audiences`): its seat's, its shared screen's, or the
spectators'. It renders a table itself only when it opens (the catch-up after a dropped connection) and when the
page asks; every push after a change was rendered once for the whole audience (games/live.py `push`).
"""
import asyncio
from contextlib import suppress

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.module_loading import import_string

from games import live
from games.models import Match
from games.tables import audience_of, load, render_table
from games.viewer import controlled_seats, session_key
from games.wake import wake


class MatchConsumer(AsyncWebsocketConsumer):
    group = ""  # its audience's group in its language (live.language_group)
    confirmed = None  # a shared screen's confirmed seat (the handover), kept up to date by `screen_confirmed`
    digest = ""
    page = ""  # the page's own name (live.socket_page)
    plays = False  # whether this socket's audience plays (a seat's or a shared screen's, not the spectators')

    async def __call__(self, scope, receive, send):
        """A slow or lost channel layer (Redis timing out) ends this socket, not the server's other work: the socket
        leaves its groups and the error goes on to the server, which closes the socket with 1011 (or refuses it, if
        it was not accepted yet). The page reconnects after either (the htmx websocket extension does after 1006
        and 1011 to 1013) and the new socket gets the whole table. The consumer cannot close with 1013 ("try again
        later") itself: daphne sends no close code of its own but 1000 and 3000 to 4999."""
        try:
            await super().__call__(scope, receive, send)
        except Exception:
            if self.group and getattr(self, "channel_layer", None) is not None:
                with suppress(Exception):
                    async with asyncio.timeout(2):
                        await self.leave_groups()
            raise

    # What the channel layer brings (a change's table, a confirmed seat) is handled without the database, so it
    # skips what Channels does before every message: close_old_connections on the thread of sync code, one hop
    # there and back per push. Everything of this consumer that reads the database goes through
    # database_sync_to_async, which closes old connections itself.
    WITHOUT_DATABASE = frozenset({"table.push", "screen.confirmed"})

    async def dispatch(self, message):
        if message["type"] in self.WITHOUT_DATABASE:
            await getattr(self, get_handler_name(message))(message)
        else:
            await super().dispatch(message)

    async def connect(self):
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        match = await database_sync_to_async(self.join)()
        if match is None:
            await self.close(code=4404)
            return
        for group in self.groups_joined():
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        # A page that reconnects may have missed pushes: it gets the whole table at once.
        await self.send_own_table()
        await database_sync_to_async(wake)(match)

    async def disconnect(self, code):
        if self.group:
            await self.leave_groups()

    def groups_joined(self) -> list[str]:
        """The match's group (is anybody connected?), its audience's in its language, and, when the page named
        itself and may move, that page's within the audience (live.page_group: does anybody else see this
        audience?)."""
        page = [live.page_group(self.group, self.page)] if self.page and self.plays else []
        return [live.group_name(self.match_id), self.group, *page]

    async def leave_groups(self) -> None:
        """In the reverse order of joining: should a leave fail half-way, this socket is still counted in its
        audience but no longer in its page's group, which costs the mover's audience a message, never a missed
        one (live.push_from_request)."""
        for group in reversed(self.groups_joined()):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Moves go over HTTP (they need an answer and a status); anything sent here just asks for the table."""
        await self.send_own_table()

    async def table_push(self, event):
        """A change: forward this audience's table (a shared screen picks the one for its confirmed seat), unless
        this socket's page made the change and has the table as its answer (live.push_from_request)."""
        if self.page and event.get("answered") == self.page:
            return
        html = event.get("html")
        if html is None:
            variants = event["variants"]
            html = variants.get("" if self.confirmed is None else str(self.confirmed), variants[""])
        await self.send(text_data=html)

    async def screen_confirmed(self, event):
        """A seat was confirmed over HTTP at a shared screen: this socket's own browser, or another one's."""
        if self.digest and event["session"] == self.digest:
            self.confirmed = event["seat"]

    async def send_own_table(self):
        html = await database_sync_to_async(self.render)()
        await self.send(text_data=html)

    def join(self):
        """Which audience this socket belongs to (None: there is no such match)."""
        try:
            match, seats = load(self.match_id)
        except Match.DoesNotExist:
            return None
        user = self.scope.get("user")
        self.language = live.socket_language(self.scope)
        self.page = live.socket_page(self.scope)
        audience = audience_of(match, seats, user)
        self.group = live.language_group(audience, self.language)
        self.plays = audience != live.watch_group(self.match_id)  # a spectator's page never makes a move
        session = self.scope.get("session")
        if session is not None and session.session_key:
            self.digest = live.session_digest(session.session_key)
        return match

    def render(self) -> str:
        match, seats = load(self.match_id)
        user = self.scope.get("user")
        if len(controlled_seats(seats, user)) > 1:
            self.confirmed = self.read_confirmed()
        with translation.override(self.language):
            return render_table(match, seats, user, self.confirmed, oob=True)

    def read_confirmed(self):
        """The session as stored now (the handover may have been confirmed over HTTP since the socket opened);
        read when the socket opens and when the page asks, never per push."""
        session = self.scope.get("session")
        if session is None or not session.session_key:
            return None
        store = import_string(settings.SESSION_ENGINE + ".SessionStore")(session_key=session.session_key)
        return store.get(session_key(self.match_id))

