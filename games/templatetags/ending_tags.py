"""Template helpers for the end of a match: the result in order of places, why it ended, what a player may end."""
from django import template
from django.template.loader import get_template
from django.utils.translation import gettext_lazy, ngettext_lazy

from games import fragments, turns
from games.records import ended_sentence

register = template.Library()


@register.filter
def by_rank(seats, ranks):
    """The seats in the order of the result: the winner first, ties by seat."""
    ranks = list(ranks or [])
    return sorted(seats, key=lambda seat: (ranks[seat.index] if seat.index < len(ranks) else len(ranks) + 1,
                                           seat.index))


@register.simple_tag
def ended_text(match, seats) -> str:
    record = match.game_record.record if match.game_record_id else {}
    return ended_sentence(record, [seat.label for seat in seats])


@register.simple_tag
def claimable(match, seats, point) -> list:
    """The absent seats this viewer may claim the match from (never one they play themselves)."""
    if not point.controlled or match.status != match.PLAYING or (match.absence_limit is None
                                                                  and match.move_time is None):
        return []
    absent = turns.absent_seats(match, seats)
    if point.seat in absent:
        return []  # an absent player claims nothing: they move first
    return [seat for seat in seats if seat.index in absent and seat.index not in point.controlled]


@register.simple_tag(takes_context=True)
def endings_part(context) -> str:
    """The table's ways to end the match early (games/endings.html): claiming it from an absent player, resigning.
    Shown to a seat's player while the match is playing. It changes only when someone becomes absent, so a push's
    is kept from one change to the next (games/fragments.py); a page's carries the CSRF field of its request
    (docs/live-matches.md) and is rendered afresh."""
    match, point, seats = context["match"], context["point"], context["seats"]
    if match.status != match.PLAYING or not point.controlled or point.seat is None:
        return ""
    if point.stood_in and seats[point.seat].resigned:
        return ""  # resigned in a match of three or more: a bot plays the seat to the end (games/stand_in.py)
    values = {"match": match.pk, "seat": point.seat, "several": len(point.controlled) > 1,
              "names": context.get("names") or [], "absence": duration_words(match.move_time or match.absence_limit),
              "absent": [{"index": seat.index, "label": seat.label} for seat in claimable(match, seats, point)]}
    token = context.get("csrf_token")
    if token:
        return get_template("games/endings.html").render(values | {"csrf_token": token})
    return fragments.kept("games/endings.html", values)


@register.filter
def duration_words(duration) -> str:
    """A host's chosen absence as people say it: "a day", "3 days", "an hour", "90 minutes"."""
    minutes = round(duration.total_seconds() / 60) if duration else 0
    for size, words in ((7 * 24 * 60, WEEKS), (24 * 60, DAYS), (60, HOURS)):
        if minutes >= size and minutes % size == 0:
            count = minutes // size
            return _say(count, *words)
    return _say(minutes, *MINUTES)


def _say(count: int, one, many) -> str:
    return str(one) if count == 1 else many % {"n": count}


# "a day" for one, "3 days" for more.
WEEKS = (gettext_lazy("a week"), ngettext_lazy("%(n)d week", "%(n)d weeks", "n"))
DAYS = (gettext_lazy("a day"), ngettext_lazy("%(n)d day", "%(n)d days", "n"))
HOURS = (gettext_lazy("an hour"), ngettext_lazy("%(n)d hour", "%(n)d hours", "n"))
MINUTES = (gettext_lazy("a minute"), ngettext_lazy("%(n)d minute", "%(n)d minutes", "n"))
