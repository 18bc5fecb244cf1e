"""Template helpers for match tables: actions as JSON, seat names."""
import html
import json

from django import template
from django.conf import settings
from django.template.base import render_value_in_context
from django.template.defaulttags import CsrfTokenNode
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from games import tables
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


@register.simple_tag(takes_context=True)
def instruction(context) -> str:
    """What the viewing seat may do now, in its game's words (`instruction(view, actions)` of the game's words
    module, made from its view and the moves offered to it); "" for a game that words none."""
    game = context.get("game")
    words = getattr(game, "words", None)
    say = getattr(words, "instruction", None)
    return say(context.get("view") or {}, context.get("actions") or []) if say else ""


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


def badge(classes: str, said: str) -> str:
    """A badge after a heading or a name, " <span class="badge ...">...</span>": `said` is HTML already escaped."""
    return f' <span class="{f"badge {classes}".rstrip()}">{said}</span>'


def blocktranslated(message: str, **values) -> str:
    """A translated `message` with `values` escaped into it, as {% blocktranslate %} writes it (the message's own
    characters, markup included, as they are)."""
    return mark_safe(message % {name: html.escape(str(value)) for name, value in values.items()})


def shown(value, context) -> str:
    """What {{ value }} writes: a string escaped, a whole number as its digits (what the engine writes for one
    without thousand separators), anything else through the template engine's own rules."""
    if type(value) is str:  # not yet escaped: as django.utils.html.escape writes it, without its checks
        return html.escape(value)
    if isinstance(value, str):
        return conditional_escape(value)
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)
    return render_value_in_context(value, context)


@register.simple_tag(takes_context=True)
def form_start(context, action, form_id="", form_class="") -> str:
    """Opens a move form for `action` (closed by the template with </form>): it posts the seat, the match's version
    and the action exactly as `engine.legal_actions` listed it (docs/live-matches.md); it answers with the whole
    table, as the table's root says for everything in it (games/table.html). Written here, not by an
    {% include %}: a table has a form per choice and is rendered after every move."""
    url, fields = _form_shared(context)
    head = f' id="{shown(form_id, context)}"' if form_id else ""
    kind = f" {shown(form_class, context)}" if form_class else ""
    return mark_safe(
        f'<form{head} class="action-form{kind}" method="post" action="{url}" hx-post="{url}">{fields}'
        f'<input type="hidden" name="action" value="{shown(tojson(action), context)}">')


def _form_shared(context) -> tuple[str, str]:
    """What every move form of one rendering shares: where it posts, and its CSRF, seat and version fields. Made
    once per template rendered (kept in its render context, which lasts as long as that rendering)."""
    shared = context.render_context.get(_FORM_SHARED)
    if shared is None:
        url = shown(context.get("move_url") or tables.move_url(context["match"].pk), context)
        shared = context.render_context[_FORM_SHARED] = (url, (
            f'{CsrfTokenNode().render(context)}'
            f'<input type="hidden" name="seat" value="{shown(context["point"].seat, context)}">'
            f'<input type="hidden" name="version" value="{shown(context["match"].version, context)}">'))
    return shared


_FORM_SHARED = object()  # the key of _form_shared's part in a render context


@register.simple_tag(takes_context=True)
def action_form(context, action, label, button_class="", title="", inline=False) -> str:
    """A move form of one button: `label` on it, `title` its accessible name when the label alone would not say
    what it does (a card's face); an `inline` form sits in a line of them."""
    name = f' aria-label="{shown(title, context)}"' if title else ""
    return mark_safe(f'{form_start(context, action, form_class="inline" if inline else "")}'
                     f'<button type="submit" class="{shown(button_class or "", context)}"{name}>'
                     f'{shown(label, context)}</button></form>')


@register.filter
def jsonattr(value) -> str:
    """JSON for a single-quoted HTML attribute (value='...'): the choices of a form, docs/live-matches.md.

    Quotes stay quotes (not &quot;, six bytes each), which keeps a table of many choices small."""
    text = json.dumps(value, separators=(",", ":"), sort_keys=True)
    return mark_safe(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#x27;"))

