"""`{% load i18n %}` is Django's library, each literal `{% translate %}` said once per language (catsite/i18n_tags.py):
the same words as Django's own tags write, in every language, looked up once."""
from unittest import mock

import pytest
from django.template import Context, Engine, engines
from django.templatetags import i18n as django_i18n
from django.utils import translation

from catsite.i18n_tags import SaidOncePerLanguage

SOURCE = ('{% load i18n %}{% translate "Log" context "of a match" %}|{% translate "Your move." %}|'
          "{% translate 'Password' %}|{% translate \"Log\" as log %}{{ log }}|"
          '{% translate "Log" context "of a match" as log %}{{ log }}|{% translate "Rock & roll" as rock %}{{ rock }}|'
          "{% translate word %}|{% translate word as said %}{{ said }}|"
          '{% translate "Log"|upper %}|{% translate "Log" noop %}|{% blocktranslate %}Log{% endblocktranslate %}|'
          "{% get_current_language as here %}{{ here }}")


def site(source: str):
    """A template as the site's engine compiles it (its `i18n` is catsite.i18n_tags)."""
    return engines["django"].from_string(source)


def django_own(source: str):
    """The same template through Django's own `i18n` library."""
    return Engine(libraries={"i18n": "django.templatetags.i18n"}).from_string(source)


@pytest.mark.parametrize("language", ["en-gb", "zh-hant"])
@pytest.mark.parametrize("autoescape", [True, False])
def test_every_form_writes_what_djangos_tags_write(language, autoescape):
    ours, theirs = site(SOURCE).template, django_own(SOURCE)
    for _ in range(2):  # the second time from what was kept
        with translation.override(language):
            values = {"word": "Password"}
            assert ours.render(Context(values, autoescape=autoescape)) == theirs.render(
                Context(values, autoescape=autoescape))
    with translation.override("zh-hant"):
        assert site(SOURCE).render({"word": "Password"}).split("|")[0] != "Log"  # the words are translated


def test_only_a_literal_with_at_most_a_literal_context_is_kept():
    nodes = [node for node in site(SOURCE).template.nodelist
             if isinstance(node, SaidOncePerLanguage | django_i18n.TranslateNode)]
    assert [type(node) is SaidOncePerLanguage for node in nodes] == [True] * 6 + [False] * 4


def test_a_literal_is_looked_up_once_per_language():
    template = site('{% load i18n %}{% translate "Your move." %}')
    said = []
    with mock.patch.object(django_i18n.TranslateNode, "render", autospec=True,
                           side_effect=lambda node, context: said.append(translation.get_language()) or "words"):
        for language in ("en-gb", "zh-hant", "en-gb", "zh-hant"):
            with translation.override(language):
                assert template.render({}) == "words"
    assert said == ["en-gb", "zh-hant"]
