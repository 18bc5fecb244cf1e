"""Looking a word up skips the translation catalogues that hold no words.

Django chains each app's catalogue for a language's parent as a fallback: for en-gb, the `en` catalogues of
Django and its contrib apps, six in all, which hold nothing but their header (Django's English is its msgids).
Every word the site's own English leaves untranslated (all of them: our msgids are our English) walked that
chain, seven lookups for one word, and a table says some hundreds of words. A catalogue with no message can
never answer a lookup, so dropping it from a chain changes no word anywhere; the chains are otherwise kept as
Django builds them (zh-hant still falls back to en-gb, then to the msgid).
"""
from gettext import GNUTranslations

from django.utils.translation import trans_real


def _holds_nothing(catalogue) -> bool:
    return type(catalogue) is GNUTranslations and set(getattr(catalogue, "_catalog", {None: None})) <= {""}


def drop_empty_fallbacks(translation) -> None:
    link = translation
    while link is not None:
        after = getattr(link, "_fallback", None)
        while after is not None and _holds_nothing(after):
            after = getattr(after, "_fallback", None)
        link._fallback = after
        link = after


def install() -> None:
    """Wrap Django's `trans_real.translation` (where every language's catalogue is made and kept) once."""
    made = trans_real.translation
    if getattr(made, "drops_empty_fallbacks", False):
        return

    def translation(language):
        found = made(language)
        if not getattr(found, "_empty_fallbacks_dropped", False):
            drop_empty_fallbacks(found)
            found._empty_fallbacks_dropped = True
        return found

    translation.drops_empty_fallbacks = True
    trans_real.translation = translation
    for found in list(trans_real._translations.values()):  # any made before this ran
        translation(found.language())
