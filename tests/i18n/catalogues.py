"""The project's Traditional Chinese catalogues, and what makemessages would gather for each of them today.

A catalogue is `<dir>/locale/zh_Hant/LC_MESSAGES/django.po`: the project's own (locale/, for templates/ and
catsite/) and one per app (games/locale/ for the games framework, scoring/locale/, games/<slug>/locale/).
An app's catalogue gathers the strings of its own folder, without the folders of apps nested in it (a game inside
games/ has a catalogue of its own).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[2]
LOCALE = "zh_Hant"
PO = Path("locale") / LOCALE / "LC_MESSAGES" / "django.po"
# The project catalogue gathers only these; everything else at the top level is an app, tests or tooling.
PROJECT_SOURCES = ("templates", "catsite")
SKIPPED = {"locale", "migrations", "static", "__pycache__"}


@dataclass(frozen=True)
class Catalogue:
    home: Path  # the folder whose strings it holds (ROOT for the project catalogue)

    @property
    def po(self) -> Path:
        return self.home / PO

    @property
    def mo(self) -> Path:
        return self.po.with_suffix(".mo")

    @property
    def name(self) -> str:
        return str(self.po.relative_to(ROOT))

    def sources(self) -> list[Path]:
        """The folders (and files) whose strings belong here."""
        if self.home == ROOT:
            return [ROOT / name for name in PROJECT_SOURCES]
        return [child for child in sorted(self.home.iterdir()) if child.name not in SKIPPED and not is_app(child)]


def is_app(folder: Path) -> bool:
    """A nested Django app (a game inside games/): it keeps its own catalogue."""
    return folder.is_dir() and (folder / "apps.py").exists()


def catalogues() -> list[Catalogue]:
    """Every zh_Hant catalogue of the project: locale/, */locale/, games/*/locale/."""
    found = [ROOT / PO, *ROOT.glob(f"*/{PO}"), *ROOT.glob(f"games/*/{PO}")]
    return [Catalogue(po.parents[3]) for po in sorted(set(found)) if po.parents[3].name != "tests"]


def homes() -> list[Catalogue]:
    """Every folder that must have a catalogue: the project, and each installed app of the project (outside tests/),
    whether its catalogue exists yet or not."""
    from django.apps import apps

    folders = {ROOT}
    for config in apps.get_app_configs():
        path = Path(config.path).resolve()
        if path.is_relative_to(ROOT) and not path.is_relative_to(ROOT / "tests") and ".venv" not in path.parts:
            folders.add(path)
    return [Catalogue(home) for home in sorted(folders)]


def entry_key(entry: polib.POEntry) -> tuple:
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def msgids(po_path: Path) -> set[tuple]:
    return {entry_key(e) for e in polib.pofile(str(po_path)) if not e.obsolete}


def gathered(catalogue: Catalogue, work: Path) -> set[tuple]:
    """The msgids `makemessages` finds today in the catalogue's sources: run on a copy of them in `work`, so the
    committed catalogue is never touched."""
    copy = work / "src"
    for source in catalogue.sources():
        target = copy / source.relative_to(catalogue.home)
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("locale", "__pycache__", "static"))
        elif source.suffix in {".py", ".html", ".txt"}:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    (copy / "locale").mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.i18n.gather_settings"}
    # manage.py, not `-m django`: the copy must not come first on sys.path (it holds a catsite/ of its own).
    subprocess.run([sys.executable, str(ROOT / "manage.py"), "makemessages", "-l", LOCALE, "--no-location",
                    "--no-wrap"], cwd=copy, env=env, check=True, capture_output=True)
    po = copy / PO
    return msgids(po) if po.exists() else set()
