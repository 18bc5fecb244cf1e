"""The websocket of a match page: it forwards the table rendered for its audience after every change.

A socket belongs to one audience (games/tables.py `audiences`): its seat's, its shared screen's, or the
spectators'. It renders a table itself only when it opens (the catch-up after a dropped connection) and when the
page asks; every push after a change was rendered once for the whole audience (games/pushes.py).
"""
import asyncio
import time
from contextlib import suppress

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.module_loading import import_string

from catsite.languages import scope_language
from games import presence, socket_limits, text_mode
from games.groups import language_group, match_group, owner_group, session_digest
from games.guests import acting_in_scope
from games.models import Match
from games.tables import audience_of, load, render_table
from games.viewer import controlled_seats, session_key
from games.wake import wake


class MatchConsumer(AsyncWebsocketConsumer):
    group = ""  # its audience's group in its language (games.groups.language_group)
    confirmed = None  # a shared screen's confirmed seat (the handover), kept up to date by `screen_confirmed`
    digest = ""
    owner = ""  # its owner's group (games.groups.owner_group): the player's other sockets on this match
    siblings = None  # games.socket_limits.Siblings
    frames = None  # games.socket_limits.FrameBucket, once the socket joined its match
    text = False  # its user plays in the text-first mode (games/text_mode.py)
    ending = False  # closed by this side (too fast, too many), the server has yet to say it is gone

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

    # What the channel layer brings (a change's table, a confirmed seat, a sibling socket opened or closed, a seat's
    # presence) and the page's own frames are handled without the database, so they skip what Channels does before
    # every message: close_old_connections on the thread of sync code, one hop there and back per message (a flood
    # of frames queued before its socket was closed would each cost one). Everything of this consumer that reads
    # the database goes through database_sync_to_async, which closes old connections itself.
    WITHOUT_DATABASE = frozenset({"table.push", "screen.confirmed", "socket.opened", "socket.closed",
                                  "websocket.receive", "presence.push"})

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
        await self.announce("socket.opened", opened=self.siblings.opened[0])
        # A page that reconnects may have missed pushes: it gets the whole table at once.
        await self.send_own_table()
        await presence.socket_changed(self.channel_layer, self.match_id, self.group, closed=False)
        await database_sync_to_async(wake)(match)

    async def disconnect(self, code):
        if self.group:
            await self.leave_groups()
            await self.announce("socket.closed")
            await presence.socket_changed(self.channel_layer, self.match_id, self.group, closed=True)

    def groups_joined(self) -> list[str]:
        """The match's group (is anybody connected?), its audience's in its language, and its owner's."""
        return [match_group(self.match_id), self.group, self.owner]

    async def announce(self, kind: str, **fields) -> None:
        """Tell the owner's other sockets on this match that this one opened or closed."""
        await self.channel_layer.group_send(self.owner, {"type": kind, "channel": self.channel_name, **fields})

    async def leave_groups(self) -> None:
        for group in self.groups_joined():
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Moves go over HTTP (they need an answer and a status); anything sent here just asks for the table, at a
        person's pace (games/socket_limits.py): a frame beyond it is not answered, and a socket that keeps on
        sending is closed."""
        if self.ending or self.frames is None:  # closed by this side, or never accepted
            return
        verdict = self.frames.take()
        if verdict == socket_limits.ANSWER:
            await self.send_own_table()
        elif verdict == socket_limits.CLOSE:
            await self.end(socket_limits.TOO_FAST)

    async def socket_opened(self, event):
        """The owner opened another socket on this match: the oldest of too many closes."""
        if event["channel"] != self.channel_name and self.siblings.opened_elsewhere(event["opened"], event["channel"]):
            await self.end(socket_limits.TOO_MANY)

    async def end(self, code: int) -> None:
        """Close this socket once (frames already on their way arrive until the server says it is closed)."""
        if not self.ending:
            self.ending = True
            await self.close(code=code)

    async def socket_closed(self, event):
        self.siblings.closed_elsewhere(event["channel"])

    async def table_push(self, event):
        """A change: forward this audience's table (a shared screen picks the one for its confirmed seat)."""
        html = event.get("html")
        if html is None:
            variants = event["variants"]
            html = variants.get("" if self.confirmed is None else str(self.confirmed), variants[""])
        await self.send(text_data=html)

    async def presence_push(self, event):
        """Who is at the table changed (games/presence.py): the section in this socket's language."""
        await self.send(text_data=event["html"][self.language])

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
        user = acting_in_scope(self.scope)
        self.language = socket_language(self.scope)
        self.text = text_mode.wanted(user)  # the text-first mode's sockets have a group of their own
        self.group = text_mode.mode_group(language_group(audience_of(match, seats, user), self.language), self.text)
        session = self.scope.get("session")
        if session is not None and session.session_key:
            self.digest = session_digest(session.session_key)
        self.bound()
        return match

    def bound(self) -> None:
        """The socket's bounds (issue 27): its owner's group, its siblings on this match, its frame bucket."""
        owner, limit = socket_limits.owner_of(self.scope)
        self.owner = owner_group(self.match_id, owner)
        self.siblings = socket_limits.Siblings(opened=(time.time(), self.channel_name), limit=limit)
        self.frames = socket_limits.frame_bucket()

    def render(self) -> str:
        match, seats = load(self.match_id)
        user = acting_in_scope(self.scope)
        if len(controlled_seats(seats, user)) > 1:
            self.confirmed = self.read_confirmed()
        with translation.override(self.language), text_mode.override(self.text):
            return render_table(match, seats, user, self.confirmed, oob=True)

    def read_confirmed(self):
        """The session as stored now (the handover may have been confirmed over HTTP since the socket opened);
        read when the socket opens and when the page asks, never per push."""
        session = self.scope.get("session")
        if session is None or not session.session_key:
            return None
        store = import_string(settings.SESSION_ENGINE + ".SessionStore")(session_key=session.session_key)
        return store.get(session_key(self.match_id))



def socket_language(scope) -> str:
    """A socket's language, chosen as LocaleMiddleware chooses a page's (catsite.languages.scope_language)."""
    return scope_language(scope)
