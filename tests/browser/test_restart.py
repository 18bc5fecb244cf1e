"""In real Chromium: the server restarts in the middle of a turn, and nothing is lost. The pages reconnect by
themselves, show the same table (the drawn card included), and the match goes on live."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.tables import act, create_match, join_by_invitation, throw_away_the_draw, wait_for_version

pytestmark = pytest.mark.browser
RECONNECT_MS = 90_000  # htmx's websocket extension retries after up to 2^n s (n <= 6): up to 64 s after a long restart


def test_a_server_restart_loses_nothing(signed_up, browser_server):
    mia, leo = signed_up(("mia3", "Mia"), ("leo3", "Leo"))
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=2)
    join_by_invitation(mia, leo)
    expect(mia.locator(".table-status")).to_contain_text("Your move")

    drawn_at = act(mia, "Draw a card")
    drawn = mia.locator("#table .pile.drawn .card").inner_text()
    wait_for_version(leo, drawn_at)

    browser_server.restart()

    for page in (mia, leo):
        expect(page.locator("#live-status")).to_contain_text("Live", timeout=RECONNECT_MS)
        expect(page.locator("#table")).to_have_attribute("data-version", str(drawn_at))
    expect(mia.locator("#table .pile.drawn .card"), "the drawn card is still Mia's to play").to_have_text(drawn)
    expect(leo.locator("#table .pile.drawn"), "and still hidden from Leo").to_have_count(0)

    # The match goes on, live, after the restart.
    mia.locator("#table button", has_text=re.compile("Discard it|Don't use it")).first.wait_for()
    played_at = throw_away_the_draw(mia)
    wait_for_version(leo, played_at)
    mia.reload()
    wait_for_version(mia, played_at)
