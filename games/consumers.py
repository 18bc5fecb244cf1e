"""The websocket of a match page: on every change, render this viewer's own table and push it."""
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils.module_loading import import_string

from games import live
from games.models import Match
from games.tables import load, render_table
from games.viewer import session_key
from games.wake import wake


class MatchConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        match = await database_sync_to_async(Match.objects.filter(pk=self.match_id).first)()
        if match is None:
            await self.close(code=4404)
            return
        self.group = live.group_name(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        # A page that reconnects may have missed pushes: it gets the whole table at once.
        await self.push()
        await database_sync_to_async(wake)(match)

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Moves go over HTTP (they need an answer and a status); anything sent here just asks for the table."""
        await self.push()

    async def match_changed(self, event):
        await self.push()

    async def push(self):
        html = await database_sync_to_async(self.render)()
        await self.send(text_data=html)

    def render(self) -> str:
        match, seats = load(self.match_id)
        user = self.scope.get("user")
        return render_table(match, seats, user, self.confirmed_seat(), oob=True)

    def confirmed_seat(self):
        """Read the session afresh: the handover may have been confirmed over HTTP since the socket opened."""
        session = self.scope.get("session")
        if session is None or not session.session_key:
            return None
        store = import_string(settings.SESSION_ENGINE + ".SessionStore")(session_key=session.session_key)
        return store.get(session_key(self.match_id))
