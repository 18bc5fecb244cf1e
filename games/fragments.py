"""Parts of a table kept across changes, keyed mechanically on all a rendering can depend on: a part a move did not
change is not rendered again (the log, a Cat Tower sheet of a seat that did not mark, a Rat-a-Tat Cat row).

`kept(name, values)` renders template `name` with `values` and nothing else (no request, no CSRF token, no context
processor, no surrounding context), and keeps the HTML under (the template's name, the language, the script prefix,
the values themselves as bytes); a part written in Python is a function of its values alone, named in the key.
Nothing is picked by hand, so nothing can be forgotten: a change in any value passed is another key, and the HTML
under a key is what those values render for anyone. A part must be given only what its viewer's own view holds (a
seat's hidden cards only in that seat's table): then nothing kept can show another seat more than the view it was
rendered from. Values must be plain data (dicts, lists, tuples, strings,
numbers, booleans, None, as the engines' views are): anything else (a model, a lazy or safe string) is refused
with a ValueError, since it could not be told apart in a key. A part with a move form in it is never kept (its
forms carry the match's version).

Kept only where benchmarks/tables.py shows it pays (docs/live-matches.md, step 4 of "The path of a move").
"""
import marshal
import threading
from collections import OrderedDict
from collections.abc import Callable

from django.template.loader import get_template
from django.urls import get_script_prefix
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
    a table builds on every push (the log's 40 entries: 13 us against 33). Anything but plain data (a str
    subclass such as a safe or lazy string, a model) raises ValueError."""
    return marshal.dumps(value, contract.MARSHAL_FORMAT)


def data_of(fingerprint: bytes):
    """The view data a `fingerprint` was made of."""
    return marshal.loads(fingerprint)


def key_of(part, values: dict) -> tuple:
    """The key of `part` rendered with `values`: all the rendering depends on."""
    name = part if isinstance(part, str) else f"{part.__module__}.{part.__qualname__}"
    return name, translation.get_language(), get_script_prefix(), fingerprint(values)


def kept(part: str | Callable[[dict], str], values: dict) -> SafeString:
    """`part` rendered with `values` only, kept under `key_of(part, values)`. `part` is a template's name, or a
    function that writes the HTML from its values alone (the words of the active language aside), for a part
    written in Python for speed."""
    if isinstance(part, str):
        # A copy: what the template sets ({% ... as name %}) goes into the dict it is given, not into `values`.
        return _rendered(key_of(part, values), lambda: get_template(part).render(dict(values)))
    return _rendered(key_of(part, values), lambda: part(values))


def _rendered(key: tuple, render: Callable[[], str]) -> SafeString:
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


def clear() -> None:
    with _lock:
        _kept.clear()
