"""Template helpers for lists of matches: whose turn it is, seen by the viewer."""
from django import template
from django.utils.translation import gettext

from games.log_words import name_list
from games.models import Match, Seat

register = template.Library()


@register.simple_tag
def turn_line(match: Match, user) -> str:
    """"Your turn", "Leo's turn" or "Waiting for Mia, Leo"; "" unless the match is in progress."""
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
