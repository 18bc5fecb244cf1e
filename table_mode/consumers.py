"""The big screen's socket: always the spectators' audience, whoever is logged in on the screen's browser.

The host who opened the table may hold a seat of the match, and the big screen is usually the host's own
browser: a match page there would show the host's cards to the room. This socket never looks at its user: it
joins the watch group (whose pushes render `engine.view(state, None)`) and renders the spectator's table itself.
"""
from django.utils import translation

from games.consumers import MatchConsumer, socket_language
from games.groups import language_group, watch_group
from games.models import Match
from games.tables import load, render_table


class ScreenConsumer(MatchConsumer):
    def join(self):
        try:
            match, _ = load(self.match_id)
        except Match.DoesNotExist:
            return None
        self.language = socket_language(self.scope)
        self.group = language_group(watch_group(self.match_id), self.language)
        self.bound()  # as every match socket: without it the socket fails on opening (no owner's group)
        return match

    def render(self) -> str:
        match, seats = load(self.match_id)
        with translation.override(self.language):
            return render_table(match, seats, None, None, oob=True)
