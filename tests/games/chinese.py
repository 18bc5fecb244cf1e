"""Checks that a page or sentence is in Traditional Chinese: no run of ordinary English words is left.

Names people typed, the families of the Hot Tin Roof board and single letters or numbers may stay as they are;
two English words in a row (outside the names given) mean a string was not translated.
"""
import html
import re

from django.utils import translation

ENGLISH_RUN = re.compile(r"[A-Za-z]{2,}(?:[\s,.:;'’()!?-]+[A-Za-z]{2,})+")
LABELS = re.compile(r'(?:aria-label|title|placeholder)="([^"]*)"')


def visible_text(markup: str) -> str:
    """The text of some HTML and its accessible names (aria-label, title), tags and scripts' data dropped."""
    markup = re.sub(r"<(script|style|template)\b.*?</\1>", " ", markup, flags=re.S)
    names = " | ".join(LABELS.findall(markup))
    return html.unescape(re.sub(r"<[^>]+>", " ", markup) + " | " + names)


def english_runs(text: str, allowed=()) -> list[str]:
    """The runs of English words in `text`, once the allowed names are taken out."""
    for name in sorted(allowed, key=len, reverse=True):
        text = text.replace(name, " | ")
    return ENGLISH_RUN.findall(text)


def in_chinese(fn, *args, **kwargs):
    with translation.override("zh-hant"):
        return fn(*args, **kwargs)


def catalogue(path) -> list[dict]:
    """The entries of a .po file (written with --no-wrap, one line per string): msgctxt, msgid, msgstr, fuzzy."""
    entries, entry = [], {}

    def unquote(line: str) -> str:
        return line.split(" ", 1)[1][1:-1].replace('\\"', '"').replace("\\\\", "\\")

    for line in list(open(path, encoding="utf-8").read().splitlines()) + [""]:
        if not line.strip():
            if entry.get("msgid"):
                entries.append(entry)
            entry = {}
        elif line.startswith("#,"):
            entry["fuzzy"] = "fuzzy" in line
        elif line.startswith(("msgctxt ", "msgid ", "msgid_plural ")):
            entry[line.split(" ", 1)[0]] = unquote(line)
        elif line.startswith(("msgstr ", "msgstr[0] ")):
            entry["msgstr"] = unquote(line)
    return entries


def untranslated(path) -> list[str]:
    """The msgids of a catalogue with no translation, or a fuzzy one."""
    return [e["msgid"] for e in catalogue(path) if not e.get("msgstr") or e.get("fuzzy")]


def not_compiled(entries) -> list[str]:
    """The translated msgids the compiled catalogue does not give back in Chinese (a stale or missing .mo)."""
    missing = []
    with translation.override("zh-hant"):
        for e in entries:
            if "msgid_plural" in e:
                got = translation.ngettext(e["msgid"], e["msgid_plural"], 1)
            elif "msgctxt" in e:
                got = translation.pgettext(e["msgctxt"], e["msgid"])
            else:
                got = translation.gettext(e["msgid"])
            if got != e["msgstr"]:
                missing.append(e["msgid"])
    return missing


class NamedElements:
    """Every element of some HTML with an aria-label, by tag and role (an aria-label needs a role to be read)."""

    ROLED = {"a", "button", "input", "select", "textarea", "section", "nav", "form", "img", "svg", "table",
             "fieldset", "details", "summary", "dialog", "aside", "main", "header", "footer", "article"}

    def __init__(self, markup: str):
        from html.parser import HTMLParser

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
