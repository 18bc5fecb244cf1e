"""In real Chromium: two players share one screen (hot-seat). When the turn passes, a "pass the device" screen
hides the previous player's cards until the next player says they hold the device."""

import pytest
from playwright.sync_api import expect

from tests.browser.tables import act, create_match, throw_away_the_draw, version

pytestmark = pytest.mark.browser
SHOWN = "#table .ratc-row.mine .cards .card:not(.back)"


def test_the_device_is_passed_between_local_players(signed_up):
    (page,) = signed_up(("ann", "Ann"))
    create_match(page, "rat_a_tat_cat", ["me", "local"], names={1: "Ben"}, rounds=1)

    expect(page.locator("#table .handover")).to_contain_text("Pass the device to Ann")
    expect(page.locator("#table .ratc"), "no cards before Ann confirms").to_have_count(0)
    page.click("text=I am Ann: show my table")
    expect(page.locator(".table-status")).to_contain_text("Your move, Ann")
    expect(page.locator(SHOWN), "Ann's opening peek: her two outer cards").to_have_count(2)

    act(page, "Draw a card")
    throw_away_the_draw(page)
    before = version(page)
    page.locator("#table button", has_text="End turn").click()
    expect(page.locator("#table .handover")).to_contain_text("Pass the device to Ben")
    expect(page.locator("#table"), "the turn passed: one move on").to_have_attribute("data-version", str(before + 1))
    expect(page.locator("#table .ratc"), "Ann's cards are hidden while the device changes hands").to_have_count(0)

    page.click("text=I am Ben: show my table")
    expect(page.locator(".table-status")).to_contain_text("Your move, Ben")
    expect(page.locator(".ratc-row.mine", has_text="Your cards")).to_have_count(1)
    expect(page.locator(SHOWN), "now Ben's opening peek").to_have_count(2)
