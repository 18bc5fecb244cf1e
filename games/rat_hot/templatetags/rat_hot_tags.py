"""The Rat Hot table's template helpers: the board to draw and the turn's spots, from board.py and words.py."""
import json
from functools import lru_cache

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.rat_hot import board, scoring, words
from games.rat_hot.strips import COLOURS, OWNER, RATS, SPICES
from games.templatetags.match_tags import seat_name
from games.words_kept import per_language

register = template.Library()

SYMBOLS = {space: f"rh-{space}" for space in [*OWNER, *RATS, "empty", "start"]}
# The legend's signs for the spices' shapes (symbols.html draws the shapes themselves): angular red, round green
GLYPHS = {"chili": "▲", "paprika": "■", "saffron": "★", "cinnamon": "=", "basil": "●", "mint": "○", "coriander": "♣",
          "bay": "❧"}


@register.simple_tag
def rat_hot_board(view, actions, point):
    """Everything the table template draws, in one dict."""
    x, y, width, height = board.box(view)
    spots = board.spots(view, actions) if getattr(point, "can_act", False) else None
    revealed = [{"id": s["id"], "name": strip_name(tuple(s["spaces"])), "picture": strip_picture(tuple(s["spaces"]))}
                for s in view["revealed"]]
    script = None
    if spots:
        script = {
            **spots,
            "strips": {s["id"]: s["spaces"] for s in view["revealed"]},
            "words": {**script_words(), "spaces": {s: words.space(s) for s in
                                                    sorted({s for r in view["revealed"] for s in r["spaces"]})}},
        }
    rows = board.rows(view)
    return {
        "box": f"{x} {y} {width} {height}",
        "cells": mark_safe("".join([_row_html(y, row) for y, row in rows])),
        "heights": heights_html(rows),
        "edges": board.edges(view),
        "flash": board.flashed(view),
        "revealed": revealed,
        "script": script,
        "count": len(actions) if spots else 0,
    }


@per_language
def script_words() -> dict:
    """The words the page's script writes a spot's preview with (its strip's spaces aside): kept, never changed."""
    return {
        "spot": _("%(strip)s; at column %(x)d, row %(y)d, facing %(dir)s"),
        "scores": _("scores %(what)s"), "for": _("%(points)s for %(colour)s"), "and": _(" and "),
        "nothing": _("scores nothing"), "choose": _("Choose a spot"),
        "scored": _("%(spot)s; %(scores)s"), "sep": pgettext("list separator", ", "),
        "spots": _("%(n)s spots: choose one…"),
        "dirs": {d: str(name) for d, name in words.DIR_NAMES.items()},
        "colours": [str(c) for c in words.COLOUR_NAMES],
    }


@per_language
def strip_name(spaces: tuple) -> str:
    """A strip by its spaces in order: "basil, paprika, empty" (`words.strip`)."""
    return words.strip(spaces)


@register.simple_tag
def score_rows(view: dict, names, status: str) -> SafeString:
    """The scores table's rows, a seat each: its name and colour, whether it is to move, its grey and yellow
    chips, its points and, when played with the rats, its own rats showing. Nobody is to move once the match is
    over, though one ended early leaves the turn where it was."""
    to_move = view["turn"] if status != "finished" else None
    return mark_safe("".join([_score_row(seat, view["colours"][seat], seat_name(seat, names), seat == to_move,
                                         chips["grey"], chips["yellow"], chips["points"],
                                         view["rats"][seat] if view["rats_option"] else None)
                              for seat, chips in enumerate(view["chips"])]))


@per_language
def _score_row(seat: int, colour: str, name: str, to_move: bool, grey: int, yellow: int, points: int,
               rats: int | None) -> SafeString:
    """One seat's row of the scores table (`rats` None when played without them)."""
    said = _("%(colour)s, to move") % {"colour": escape(colour_name(seat))} if to_move else escape(colour_name(seat))
    row = format_html('<tr class="rh-{}{}"><th scope="row">{} <span class="muted small">({})</span></th>'
                      '<td class="num">{}</td><td class="num">{}</td>'
                      '<td class="num" data-points="{}"><strong>{}</strong></td>',
                      colour, " to-move" if to_move else "", name, mark_safe(said), grey, yellow, seat, points)
    if rats is not None:
        careful = format_html(' <span class="badge">{}</span>', pgettext("two rats showing", "careful"))
        row += format_html('<td class="num">{}{}</td>', rats, careful if rats == scoring.RATS_TO_LOSE - 1 else "")
    return row + mark_safe("</tr>")


# The table's cells, the strips' pictures, the facings and the legend are written here rather than in table.html:
# a table draws a hundred cells or more after every move, and a template spends some thirty function calls on each
# where this looks a whole row up at once (a move changes one to three rows).

@per_language
def _row_html(y: int, row: tuple) -> str:
    """One row of the table's cells, west to east ((x, space, height) each): each an SVG <use> of its space's
    symbol, shaded by its height (up to 5), named for screen readers."""
    return "".join([format_html('<use role="img" aria-label="{}" href="#{}" x="{}" y="{}"{}/>',
                                words.cell(x, y, space, height), symbol(space), x, y,
                                mark_safe(f' class="h{min(height, 5)}"') if height > 1 else "")
                    for x, space, height in row])


def heights_html(rows: list) -> SafeString:
    """The height written on each cell higher than one strip, row by row (`board.rows`)."""
    return mark_safe("".join([f'<text x="{x}" y="{y}">{height}</text>'
                              for y, row in rows for x, _space, height in row if height > 1]))


@lru_cache(maxsize=1024)
def strip_picture(spaces: tuple) -> SafeString:
    """A strip drawn as its three spaces' symbols in a row (no words: the strip's name is written next to it)."""
    uses = "".join(f'<use href="#{symbol(space)}" x="{n}" y="0"/>' for n, space in enumerate(spaces))
    return mark_safe(f'<svg class="rh-strip-pic" viewBox="0 0 3 1" aria-hidden="true">{uses}</svg>\n')


@register.simple_tag
@per_language
def facings() -> SafeString:
    """The four facings a strip may take as radios, east first and chosen."""
    return mark_safe("".join([format_html('<label><input type="radio" name="rh-dir" value="{}"{}> {}</label>', d,
                                          mark_safe(" checked") if n == 0 else "", name)
                              for n, (d, name) in enumerate(words.DIR_NAMES.items())]))


@register.simple_tag
@per_language
def legend() -> SafeString:
    """The key under the table: each colour's spices with their signs, then how to read the cells."""
    keys = [mark_safe("".join([format_html('<span class="rh-key">{} {}</span> ', GLYPHS[spice], words.space(spice))
                               for spice in SPICES[colour]])) for colour in COLOURS]
    return format_html('<p class="small muted rh-legend">{} {}· {} {}· {}</p>', _("Red:"), keys[0], _("Green:"),
                       keys[1], _("Red's spices are angular, green's round; rats are marked r / g. Darker cells lie "
                                  "higher; the number is the height."))


_UNSAFE = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


@register.filter
def rh_json(value) -> str:
    """JSON as the text of a <template>: <, > and & escaped inside the JSON strings (as json_script does), quotes
    left as they are (a script tag would be dropped by htmx, an attribute would need every quote escaped; a
    template is inert, so its text is neither shown nor read aloud)."""
    return mark_safe(json.dumps(value, separators=(",", ":")).translate(_UNSAFE))


@register.filter
def symbol(space) -> str:
    return SYMBOLS.get(space, "rh-empty")


@register.filter
def space_name(space) -> str:
    return words.space(space)


@register.filter
def colour_name(seat) -> str:
    try:
        return str(words.COLOUR_NAMES[int(seat)])
    except (TypeError, ValueError, IndexError):
        return ""
