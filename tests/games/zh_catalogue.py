"""A game's Traditional Chinese catalogue, read as gettext reads it: every entry of the .po translated (not fuzzy),
and the compiled .mo beside it saying the same (so a .po edited but not compiled fails)."""
import ast
import gettext
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    msgctxt: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    fuzzy: bool = False


def _string(line: str) -> str:
    return ast.literal_eval(line[line.index('"'):])


def entries(po: Path) -> list[Entry]:
    """The entries of a .po file (the header left out, obsolete ones too)."""
    found, entry, last = [], Entry(), None
    for line in [*po.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if entry.msgid:
                found.append(entry)
            entry, last = Entry(), None
        elif line.startswith("#,"):
            entry.fuzzy = "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if last == "msgstr":
                entry.msgstr[-1] += _string(line)
            else:
                setattr(entry, last, getattr(entry, last) + _string(line))
        else:
            keyword = line.split(" ", 1)[0]
            if keyword.startswith("msgstr"):
                entry.msgstr.append(_string(line))
                last = "msgstr"
            else:
                setattr(entry, keyword, _string(line))
                last = keyword
    return found


def problems(locale_dir: Path) -> list[str]:
    """Every entry left untranslated or fuzzy, and every one the compiled catalogue says otherwise."""
    po = locale_dir / "zh_Hant" / "LC_MESSAGES" / "django.po"
    with (po.with_suffix(".mo")).open("rb") as mo_file:
        mo = gettext.GNUTranslations(mo_file)
    found = []
    for e in entries(po):
        if e.fuzzy or not all(e.msgstr):
            found.append(f"not translated: {e.msgid!r}")
            continue
        key = e.msgid if e.msgctxt is None else f"{e.msgctxt}\x04{e.msgid}"
        compiled = mo.ngettext(key, e.msgid_plural, 1) if e.msgid_plural else mo.gettext(key)
        if compiled != e.msgstr[0]:
            found.append(f"not compiled: {e.msgid!r}")
    return found
