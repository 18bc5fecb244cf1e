"""Finds the English left on a page rendered in Traditional Chinese: words for people that nobody marked for
translation (or marked and did not translate)."""
from __future__ import annotations

import html
import re

# What a person reads: text, and these attributes (a screen reader speaks aria-label and alt, a pointer shows title).
SPOKEN_ATTRIBUTES = re.compile(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"')
BUTTON_VALUES = re.compile(r'<input[^>]*type="(?:submit|button)"[^>]*value="([^"]*)"')
UNREAD = re.compile(r"<(script|style|template)\b.*?</\1>|<!--.*?-->", re.S | re.I)
# Text its element says is English (lang="en..."): the language menu names English in English, on purpose.
SAID_IN_ENGLISH = re.compile(r'<(\w+)\b[^>]*\blang="en[^"]*"[^>]*>.*?</\1>', re.S)
# A key named as it is printed on the keyboard (Taiwanese keyboards label these keys in Latin letters too), and
# only inside <kbd>: a sentence inside <kbd>, or a key name outside it, is still English.
KEY_NAMES = ("Home", "End", "Enter", "Tab", "Esc", "Space", "Shift", "Ctrl", "Alt", "Backspace", "Delete",
             "Page Up", "Page Down")
KEY = re.compile(r"<kbd>\s*(?:" + "|".join(KEY_NAMES) + r")\s*</kbd>")
TAG = re.compile(r"<[^>]+>")
# A run of English: words of two letters or more, with the spaces and punctuation between them.
# A run never crosses a tag: "Log in</a> <a>Sign up" is two runs.
RUN = re.compile(r"[A-Za-z][A-Za-z'’]+(?:[ \t\n,.:;!?'’()/-]+[A-Za-z][A-Za-z'’]+)*")
BETWEEN_TAGS = "\x1f"
# Proper names of things that have no Chinese name and are written in Latin letters in Chinese too: the rating
# method (the OpenSkill library, the Plackett-Luce model it rates by); on the rules pages, the games' designers,
# publishers, an award and the games' titles in other languages; a technology named in a sentence ("JavaScript").
PROPER_NAMES = ["OpenSkill", "Plackett-Luce", "Leo Colovini", "Gamewright", "Mensa Select", "Michael Schacht",
                "Queen Games", "Rattenscharf", "Dschunke", "Cat Café", "JavaScript",
                "BG Stats", "BoardGameGeek"]  # the loggers (docs/loggers.md): apps of those names
ACRONYM = re.compile(r"^[A-Z]{2,4}s?$")  # JSON, CSV, KB: names of formats and units, not sentences


def reading(page: str) -> str:
    """The page as a person meets it: its text and its spoken attributes, without scripts and styles."""
    page = UNREAD.sub(" ", page)
    page = SAID_IN_ENGLISH.sub(" ", page)
    page = KEY.sub(" ", page)
    spoken = SPOKEN_ATTRIBUTES.findall(page) + BUTTON_VALUES.findall(page)
    text = TAG.sub(BETWEEN_TAGS, page)
    return html.unescape(BETWEEN_TAGS.join([text, *spoken]))


def english_runs(page: str, allowed: list[str]) -> list[str]:
    """Every run of English words on the page, once each, after the allowed names are taken out."""
    text = reading(page)
    for name in sorted(allowed, key=len, reverse=True):
        text = re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", " ", text)
    runs = []
    for run in RUN.findall(text):
        run = re.sub(r"\s+", " ", run).strip(" ,.:;!?()/-")
        if run and not ACRONYM.match(run) and run not in runs:
            runs.append(run)
    return runs
