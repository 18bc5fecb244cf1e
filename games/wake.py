"""Wakes what a server restart may have left sleeping in a match: a passed time limit, bots to move."""
from django.utils import timezone

from games import bot_runner, turns
from games.models import Match


def wake(match: Match) -> None:
    """Cheap when there is nothing to do: called whenever a page or a socket of the match opens."""
    if match.status != Match.PLAYING:
        return
    deadline = match.deadline
    if deadline is not None and not match.time_up and timezone.now() >= deadline:
        turns.stop_clock_if_due(match.pk)
    if match.has_bots:
        bot_runner.kick(match.pk)
