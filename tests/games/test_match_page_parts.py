"""The match page around the table: the live region that announces moves sits outside the table every push
replaces, and nothing inside the table is a live region."""
import pytest

from games.tables import load, render_table

pytestmark = pytest.mark.django_db


def test_the_announcer_is_outside_the_table_and_the_table_has_no_live_region(client, duel, mia):
    client.force_login(mia)
    page = client.get(f"/matches/{duel.pk}/").text
    announcer = page.index('id="match-announcer"')
    assert 'aria-live="polite"' in page[announcer - 120:announcer + 120]
    assert announcer < page.index('id="table"')
    match, seats = load(duel.pk)
    for user in (mia, None):
        assert "aria-live" not in render_table(match, seats, user, None)


def test_the_page_uses_the_one_layout_width(client, duel, mia):
    client.force_login(mia)
    page = client.get(f"/matches/{duel.pk}/").text
    assert '<main id="main" class="container">' in page
