"""Django's `i18n` template library, with each `{% translate "a literal" %}` said once per language.

Loaded wherever a template says `{% load i18n %}` (settings.TEMPLATES' `libraries` maps the name here). Every tag
and filter is Django's own. A `{% translate %}` of a string literal, with at most a literal `context` (and
`as name` or not), says the same words in a language every time: its node (Django's, parsed by Django's own tag
function) renders once per language and keeps what it wrote. Django's node makes a lazy string, resolves it and
escapes it on every render, some 6 us; a table has 10 to 60 of them (benchmarks/README.md). Any other form (a
variable, a filter, `noop`, a variable context) is Django's node as it is.
"""
from django import template
from django.templatetags import i18n
from django.utils import translation

register = template.Library()
register.tags.update(i18n.register.tags)
register.filters.update(i18n.register.filters)


def _literal(bit: str) -> bool:
    """A quoted string with nothing after it (no filter)."""
    return len(bit) >= 2 and bit[0] == bit[-1] and bit[0] in "\"'" and bit[0] not in bit[1:-1]


class SaidOncePerLanguage(template.Node):
    """Django's node for a literal `{% translate %}`, rendered once per language; `as name`: the words it puts in
    the context under `name` instead of writing them (escaped or not, as the context escapes)."""

    def __init__(self, node: template.Node, asvar: str | None):
        self.node, self.asvar = node, asvar
        self.said: dict[tuple, str] = {}

    def render(self, context) -> str:
        key = (translation.get_language(), context.autoescape)
        words = self.said.get(key)
        if words is None:
            words = self.said[key] = self._words(context)
        if self.asvar is None:
            return words
        context[self.asvar] = words
        return ""

    def _words(self, context) -> str:
        if self.asvar is None:
            return self.node.render(context)
        aside = template.Context(autoescape=context.autoescape)
        self.node.render(aside)
        return aside[self.asvar]


@register.tag("translate")
@register.tag("trans")
def do_translate(parser, token):
    node = i18n.do_translate(parser, token)
    bits = token.split_contents()
    asvar = None
    if len(bits) >= 4 and bits[-2] == "as":
        bits, asvar = bits[:-2], bits[-1]
    if _literal(bits[1]) and (len(bits) == 2 or (len(bits) == 4 and bits[2] == "context" and _literal(bits[3]))):
        return SaidOncePerLanguage(node, asvar)
    return node
