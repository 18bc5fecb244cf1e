"""Template helpers for match tables: actions as JSON, seat names."""
import json

from django import template
from django.template.base import render_value_in_context
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from games.log_words import name_list

register = template.Library()


@register.filter
def tojson(value) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


@register.filter
def seat_name(index, names):
    try:
        return names[int(index)]
    except (TypeError, ValueError, IndexError):
        return ""


@register.simple_tag
def waiting_for(seats, names) -> str:
    """"Waiting for Mia and Leo." for the seats to move."""
    return gettext("Waiting for %(names)s.") % {"names": name_list([seat_name(seat, names) for seat in seats])}


@register.filter
def at(sequence, index):
    try:
        return sequence[int(index)]
    except (TypeError, ValueError, IndexError, KeyError):
        return None


@register.simple_tag
def actions_of(actions, kind, **fields):
    """The legal actions of one type (optionally with some fields fixed), e.g. every "replace" for position 2."""
    return [a for a in actions if a.get("type") == kind and all(a.get(k) == v for k, v in fields.items())]


@register.simple_tag
def first_action(actions, kind, **fields):
    found = actions_of(actions, kind, **fields)
    return found[0] if found else None


def _shown(value, context) -> str:
    """What {{ value }} writes: a string escaped, anything else through the template engine's own rules."""
    return conditional_escape(value) if isinstance(value, str) else render_value_in_context(value, context)


@register.simple_tag(takes_context=True)
def log_items(context, lines) -> str:
    """The match log's lines ({"who", "text"}, games/tables.py `log_lines`) as the <li>s of its list, each
    "<li><strong>who</strong> text</li>": the same HTML as a template loop over them writes, in a tenth of the
    time (a table shows 40 lines and is rendered after every move)."""
    return mark_safe("".join(
        f"<li><strong>{_shown(line['who'], context)}</strong> {_shown(line['text'], context)}</li>" if line["who"]
        else f"<li>{_shown(line['text'], context)}</li>" for line in lines))


@register.filter
def jsonattr(value) -> str:
    """JSON for a single-quoted HTML attribute (value='...'): the choices of a form, docs/live-matches.md.

    Quotes stay quotes (not &quot;, six bytes each), which keeps a table of many choices small."""
    text = json.dumps(value, separators=(",", ":"), sort_keys=True)
    return mark_safe(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#x27;"))
