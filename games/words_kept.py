"""Words kept per language: a table names the same cells, hexes and patios in the same words move after move, and
each name is a pure function of its arguments and the page's language. `per_language` keeps a words function's
answers by (language, arguments), so a move's tables look each name up once per process, not once per render."""
from functools import lru_cache, wraps

from django.utils.translation import get_language

KEPT = 20_000  # names per function, over both languages: a board's cells, a tower's hexes with their marks


def per_language(words):
    """`words(*args)` kept by the active language and its (hashable) arguments."""
    kept = lru_cache(maxsize=KEPT)(lambda language, *args: words(*args))

    @wraps(words)
    def in_language(*args):
        return kept(get_language(), *args)

    in_language.cache_clear = kept.cache_clear
    return in_language
