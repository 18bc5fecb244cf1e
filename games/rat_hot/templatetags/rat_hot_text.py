"""Rat Hot's table as text (text-first mode, rat_hot/text.html): the top spaces row by row, the strips shown."""
from django import template
from django.utils.translation import gettext as _

from ..words import COLOUR_NAMES, listing, points, space, strip

register = template.Library()


@register.simple_tag
def table_rows(view: dict) -> list[str]:
    """Each row of the table that holds a strip, north first: its cells west to east, with their heights."""
    rows: dict[int, list] = {}
    for x, y, height, name, _strip in view["cells"]:
        rows.setdefault(y, []).append((x, name, height))
    lines = []
    for y in sorted(rows):
        cells = listing(_cell(x, name, height) for x, name, height in sorted(rows[y]))
        lines.append(_("Row %(y)d: %(cells)s.") % {"y": y, "cells": cells})
    return lines


def _cell(x: int, name: str, height: int) -> str:
    said = _("column %(x)d %(space)s") % {"x": x, "space": space(name)}
    if height > 1:  # one strip high is the rule; a higher cell is said
        said = _("%(cell)s (height %(height)d)") % {"cell": said, "height": height}
    return said


@register.simple_tag
def player_line(view: dict, seat: int) -> str:
    chips = view["chips"][seat]
    return _("Colour %(colour)s; %(points)s (%(grey)d grey and %(yellow)d yellow chips); %(rats)d of their rats "
             "showing.") % {"colour": COLOUR_NAMES[seat], "points": points(chips["points"]), "grey": chips["grey"],
                            "yellow": chips["yellow"], "rats": view["rats"][seat]}


@register.simple_tag
def shown_strips(view: dict) -> list[str]:
    return [_("Strip %(n)d: %(spaces)s.") % {"n": n, "spaces": strip(s["spaces"])}
            for n, s in enumerate(view["revealed"], start=1)]
