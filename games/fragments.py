"""Rendered parts of a table kept across changes, by everything they show: a part a move did not change is not
rendered again (a Cat Tower sheet of a seat that did not mark, Rat-a-Tat Cat's rounds until a round ends).

A key must hold everything the part's HTML depends on, the language included, and only what the viewer's own view
shows: then two equal keys are the same HTML whoever looks, and nothing kept can show more than the view it was
rendered from. A part with a move form in it is never kept (its forms carry the match's version).
"""
import marshal
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache

from django.template import Context
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from games import contract

KEPT = 4096  # parts kept per process (a Cat Tower sheet is about 2 KB)
_kept: OrderedDict[tuple, SafeString] = OrderedDict()
_lock = threading.Lock()


def fingerprint(value) -> bytes:
    """The view data `value` (dicts, lists, strings, numbers, as engines' views are) as bytes to put in a key: equal
    bytes are always equal data, types included (`data_of` reads them back into the very same value), and equal
    data gives equal bytes as long as its dicts list their keys in the same order (as a state read back from
    PostgreSQL may not: that costs a rendering, never a wrong one). A few times quicker than JSON for a key that
    a table builds on every push (the log's 40 entries: 13 us against 33)."""
    return marshal.dumps(value, contract.MARSHAL_FORMAT)


def data_of(fingerprint: bytes):
    """The view data a `fingerprint` was made of."""
    return marshal.loads(fingerprint)


def rendered(key: tuple, render: Callable[[], str]) -> SafeString:
    """The part of `key`, rendered by `render()` the first time (and again once it has dropped out)."""
    with _lock:
        html = _kept.get(key)
        if html is not None:
            _kept.move_to_end(key)
            return html
    html = mark_safe(render())  # rendered (and escaped) by the template engine
    with _lock:
        _kept[key] = html
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return html


def render_part(context, name: str, values: dict) -> str:
    """Template `name` rendered with only `values`, as an {% include %} of it from `context` would render it."""
    return context.template.engine.get_template(name).render(Context(values, autoescape=context.autoescape))


def said(words: Callable[..., str], *args) -> str:
    """`words(*args)` in the active language, looked up once per language and arguments: a game's words functions
    are pure (what they say depends on their arguments and the language only), and a table says the same few
    things (a card's name, where it lies) on every push. The arguments must be hashable."""
    return _said(translation.get_language(), words, args)


@lru_cache(maxsize=8192)
def _said(language: str, words: Callable[..., str], args: tuple) -> str:
    return str(words(*args))


def clear() -> None:
    with _lock:
        _kept.clear()
    _said.cache_clear()
