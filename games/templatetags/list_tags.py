"""Template helpers for lists of matches: whose turn it is, seen by the viewer."""
from datetime import timedelta

from django import template
from django.utils.translation import gettext, ngettext_lazy

from games import turn_based
from games.log_words import name_list
from games.models import Match, Seat

register = template.Library()


@register.simple_tag
def turn_line(match: Match, user) -> str:
    """"Your turn", "Leo's turn" or "Waiting for Mia, Leo"; "" unless the match is in progress. A turn-based
    match adds the time left for the move ("Your turn: 2 days left")."""
    line = _whose_turn(match, user)
    if not line or match.move_time is None:
        return line
    return gettext("%(turn)s: %(left)s left") % {"turn": line, "left": time_words(turn_based.time_left(match))}


def time_words(left: timedelta) -> str:
    """A time left, roughly, as people say it: "2 days", "5 hours", "12 minutes", "no time"."""
    minutes = int(left.total_seconds() // 60)
    if minutes <= 0:
        return gettext("no time")
    for size, many in ((24 * 60, DAYS), (60, HOURS)):
        if minutes >= size:
            return many % {"n": minutes // size}
    return MINUTES % {"n": minutes}


DAYS = ngettext_lazy("%(n)d day", "%(n)d days", "n")
HOURS = ngettext_lazy("%(n)d hour", "%(n)d hours", "n")
MINUTES = ngettext_lazy("%(n)d minute", "%(n)d minutes", "n")


def _whose_turn(match: Match, user) -> str:
    if match.status != Match.PLAYING or match.state is None:
        return ""
    seats = {seat.index: seat for seat in match.seats.all()}
    to_move = [seats[index] for index in match.engine.to_move(match.state) if index in seats]
    mine = [seat for seat in to_move if getattr(user, "is_authenticated", False) and seat.user_id == user.pk
            and seat.kind in (Seat.PLAYER, Seat.LOCAL)]
    if mine:
        return gettext("Your turn")
    if len(to_move) == 1:
        return gettext("%(name)s's turn") % {"name": to_move[0].label}
    return gettext("Waiting for %(names)s") % {"names": name_list([seat.label for seat in to_move])} if to_move else ""
