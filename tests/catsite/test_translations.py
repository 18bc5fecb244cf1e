"""Looking a word up skips the catalogues that hold no words (catsite/translations.py), and finds the same words."""
from gettext import GNUTranslations

from django.utils import translation
from django.utils.translation import gettext, pgettext, trans_real

from catsite import translations


def chain(language: str) -> list:
    found, link = [], trans_real.translation(language)._fallback
    while link is not None:
        found.append(link)
        link = link._fallback
    return found


def test_no_empty_catalogue_is_left_in_a_chain():
    assert getattr(trans_real.translation, "drops_empty_fallbacks", False)
    for language in ("en-gb", "zh-hant"):
        assert not [c for c in chain(language) if type(c) is GNUTranslations and set(c._catalog) <= {""}]
    assert [c.language() for c in chain("zh-hant")] == ["en-gb"]  # zh-hant still falls back to en-gb


def test_the_words_found_are_the_same_as_through_the_whole_chain():
    words = ["Log", "Your move.", "This field is required.", "Password", "no such words anywhere"]
    found = {}
    for language in ("en-gb", "zh-hant"):
        with translation.override(language):
            found[language] = [gettext(w) for w in words] + [pgettext("of a match", "Log")]
    whole = {}
    for language in ("en-gb", "zh-hant"):
        made = trans_real.DjangoTranslation(language)  # as Django makes it, nothing dropped
        whole[language] = [made.gettext(w) for w in words] + [made.pgettext("of a match", "Log")]
    assert found == whole
    assert found["zh-hant"][2] != "This field is required."  # Django's own words, in Chinese
    assert found["en-gb"][4] == found["zh-hant"][4] == "no such words anywhere"


def catalogue(messages: dict, fallback=None) -> GNUTranslations:
    made = GNUTranslations()
    made._catalog, made._fallback, made.plural = {"": "header", **messages}, fallback, lambda n: int(n != 1)
    return made


def test_a_catalogue_with_words_is_never_dropped():
    words = catalogue({"Cat": "Katze"})
    first = catalogue({"Dog": "Hund"}, catalogue({}, catalogue({}, words)))
    translations.drop_empty_fallbacks(first)
    assert first._fallback is words
    assert first.gettext("Cat") == "Katze" and first.gettext("Dog") == "Hund"
