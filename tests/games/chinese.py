"""The games' checks that a page or sentence is in Traditional Chinese, on top of tests/i18n/english.py (which
finds the English left on a page): some Chinese in it, no English but the names given, and the helpers the games'
tests share (the game's part of a page, what a person reads of it, the elements named for screen readers)."""
import re
from html.parser import HTMLParser

from django.utils import translation

from games.log_words import with_names
from tests.i18n.english import BETWEEN_TAGS, PROPER_NAMES, english_runs, reading

CJK = re.compile(r"[\u4e00-\u9fff]")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")  # in the words a script fills in: code, not words


def visible_text(markup: str) -> str:
    """What a person reads or hears of some HTML (text, aria-label, title, alt, placeholder), as one line."""
    return re.sub(r"\s+", " ", reading(markup).replace(BETWEEN_TAGS, " ")).strip()


def assert_chinese(text: str, names=(), seats=()) -> None:
    """Some Chinese in the text (HTML or a sentence), and no English left but the names given and the proper names
    every page may hold (tests/i18n/english.py); "{seat:N}" mentions are read as the names of `seats`, and
    "%(name)s" placeholders are not words."""
    text = PLACEHOLDER.sub(" ", in_chinese(with_names, text, list(seats)))  # a seat without a name: 「座位 3」
    assert CJK.search(text), text
    assert english_runs(text, [*names, *PROPER_NAMES]) == [], (english_runs(text, [*names, *PROPER_NAMES]), text)


def in_chinese(fn, *args, **kwargs):
    with translation.override("zh-hant"):
        return fn(*args, **kwargs)


def between(markup: str, start: str, end: str) -> str:
    """The HTML from `start` (included) to `end` (excluded): the game's own part of a page."""
    index = markup.index(start)
    return markup[index:markup.index(end, index)]


class NamedElements:
    """Every element of some HTML with an aria-label, by tag and role (an aria-label needs a role to be read)."""

    ROLED = {"a", "button", "input", "select", "textarea", "section", "nav", "form", "img", "svg", "table",
             "fieldset", "details", "summary", "dialog", "aside", "main", "header", "footer", "article"}

    def __init__(self, markup: str):
        found = []

        class Parser(HTMLParser):
            def handle_starttag(self, tag, attrs):
                attrs = dict(attrs)
                if "aria-label" in attrs:
                    found.append({"tag": tag, **attrs})

        Parser().feed(markup)
        self.elements = found

    def without_role(self) -> list[dict]:
        return [e for e in self.elements if "role" not in e and e["tag"] not in self.ROLED]
