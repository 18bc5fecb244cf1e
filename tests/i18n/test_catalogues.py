"""Every string for people has its Traditional Chinese translation: every catalogue is complete and compiled, and
holds every string its sources mark (a string marked since the last makemessages fails here until it is
gathered and translated: docs/i18n.md)."""
import subprocess

import polib
import pytest

from tests.i18n.catalogues import LOCALE, Catalogue, catalogues, gathered, homes, msgids


def test_the_project_and_the_games_framework_have_catalogues():
    names = {c.name for c in catalogues()}
    assert {f"locale/{LOCALE}/LC_MESSAGES/django.po", f"games/locale/{LOCALE}/LC_MESSAGES/django.po"} <= names


@pytest.mark.parametrize("catalogue", catalogues(), ids=lambda c: c.name)
def test_every_msgid_is_translated(catalogue: Catalogue):
    po = polib.pofile(str(catalogue.po))
    assert not po.metadata_is_fuzzy, "the header is fuzzy: msgfmt would drop its charset and plural forms"
    assert po.metadata.get("Plural-Forms", "").startswith("nplurals=1;"), "Chinese has one plural form"
    untranslated = [e.msgid for e in po if not e.obsolete and not e.translated()]
    fuzzy = [e.msgid for e in po if not e.obsolete and "fuzzy" in e.flags]
    assert not untranslated, f"{len(untranslated)} without a translation: {untranslated[:10]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy: {fuzzy[:10]}"


@pytest.mark.parametrize("catalogue", catalogues(), ids=lambda c: c.name)
def test_the_compiled_catalogue_is_that_of_the_po(catalogue: Catalogue, tmp_path):
    """The committed .mo is what compilemessages makes of the committed .po (msgfmt, with its format checks)."""
    assert catalogue.mo.exists(), f"{catalogue.mo} is missing: run compilemessages and commit it"
    fresh = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", str(fresh), str(catalogue.po)], check=True)
    compiled = {(e.msgctxt or "", e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items())))
                for e in polib.mofile(str(catalogue.mo))}
    wanted = {(e.msgctxt or "", e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items())))
              for e in polib.mofile(str(fresh))}
    assert compiled == wanted, f"{catalogue.mo} is out of date with its .po: run compilemessages and commit it"


@pytest.mark.django_db(databases=[])
@pytest.mark.parametrize("catalogue", homes(), ids=lambda c: c.name)
def test_every_marked_string_is_in_the_catalogue(catalogue: Catalogue, tmp_path):
    found = gathered(catalogue, tmp_path)
    committed = msgids(catalogue.po) if catalogue.po.exists() else set()
    missing = sorted(found - committed)
    assert not missing, (f"{len(missing)} marked strings are not in {catalogue.name} (run makemessages for it, "
                         f"then translate): {[m[1] for m in missing[:10]]}")


@pytest.mark.parametrize("catalogue", catalogues(), ids=lambda c: c.name)
def test_every_translation_is_of_a_string_makemessages_finds(catalogue: Catalogue, tmp_path):
    """docs/i18n.md runs makemessages with --no-obsolete: a committed translation of a string it no longer finds
    would be dropped then, though the string may still be said (one written inside an f-string, which xgettext
    does not read, is such a string)."""
    found = gathered(catalogue, tmp_path)
    unfound = sorted(msgids(catalogue.po) - found)
    assert not unfound, (f"{len(unfound)} translations in {catalogue.name} are of strings makemessages does not "
                         f"find (an f-string? a string no longer said?): {[m[1] for m in unfound[:10]]}")
