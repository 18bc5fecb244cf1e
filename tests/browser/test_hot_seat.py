"""In real Chromium: two players share one screen (hot-seat). When the turn passes, a "pass the device" screen
hides the previous player's cards until the next player says they hold the device."""

import pytest

from tests.browser.tables import act, create_match, version
from tests.browser.test_signup import sign_up

pytestmark = pytest.mark.browser
SHOWN = "#table .ratc-row.mine .cards .card:not(.back)"


def test_the_device_is_passed_between_local_players(new_context):
    page = new_context().new_page()
    sign_up(page, "ann", "Ann")
    create_match(page, "rat_a_tat_cat", ["me", "local"], names={1: "Ben"}, rounds=1)

    page.locator("#table .handover", has_text="Pass the device to Ann").wait_for()
    assert page.locator("#table .ratc").count() == 0, "no cards before Ann confirms"
    page.click("text=I am Ann: show my table")
    page.locator(".table-status", has_text="Your move, Ann").wait_for()
    assert page.locator(SHOWN).count() == 2, "Ann's opening peek: her two outer cards"

    act(page, "Draw a card")
    while page.locator("#table button", has_text="Discard it").count() or page.locator(
            "#table button", has_text="Don't use it").count():
        act(page, "Discard it" if page.locator("#table button", has_text="Discard it").count() else "Don't use it")
    before = version(page)
    page.locator("#table button", has_text="End turn").click()
    page.locator("#table .handover", has_text="Pass the device to Ben").wait_for()
    assert version(page) == before + 1
    assert page.locator("#table .ratc").count() == 0, "Ann's cards are hidden while the device changes hands"

    page.click("text=I am Ben: show my table")
    page.locator(".table-status", has_text="Your move, Ben").wait_for()
    assert page.locator(".ratc-row.mine", has_text="Your cards").count() == 1
    assert page.locator(SHOWN).count() == 2, "now Ben's opening peek"
