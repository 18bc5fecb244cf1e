"""In real Chromium: a move the server refuses (a stale table, an illegal move) shows the fresh table and why."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.tables import create_match, version

pytestmark = pytest.mark.browser


def test_a_refused_move_shows_the_reason_and_the_fresh_table(signed_up):
    (nell,) = signed_up(("nell", "Nell"))
    create_match(nell, "rat_a_tat_cat", ["me", "local"], rounds=1)
    nell.click("#table a:text('show my table')")
    nell.locator("#table button", has_text="Draw a card").wait_for()
    shown = version(nell)

    # The page's form is made stale on its way to the server, as if another move had happened first.
    def stale(route):
        route.continue_(post_data=re.sub(r"version=\d+", f"version={shown + 5}", route.request.post_data))

    nell.route("**/move/", stale)
    nell.locator("#table button", has_text="Draw a card").click()
    expect(nell.locator("#table [role=alert]")).to_contain_text("table changed")
    expect(nell.locator("#table")).to_have_attribute("data-version", str(shown))
    expect(nell.locator("#table button", has_text="Draw a card")).to_have_count(1)


def test_a_move_whose_answer_is_lost_on_the_way_back_still_shows(signed_up):
    """The move reaches the server and is applied, but its answer never comes back (the network dropped it). Every
    socket of the mover's audience is pushed the change, the page's own included: the table shows the move without
    any request of its own."""
    (olga,) = signed_up(("olga", "Olga"))
    create_match(olga, "rat_a_tat_cat", ["me", "local"], rounds=1)
    olga.click("#table a:text('show my table')")
    olga.locator("#table button", has_text="Draw a card").wait_for()
    shown = version(olga)
    fetched = []

    def lost(route):
        route.fetch()  # the server applies the move and answers; the page never hears the answer
        route.abort("connectionreset")

    olga.route("**/move/", lost)
    olga.on("request", lambda request: fetched.append(request.url) if "/table/" in request.url else None)
    olga.locator("#table button", has_text="Draw a card").click()
    expect(olga.locator("#table")).to_have_attribute("data-version", str(shown + 1))
    expect(olga.locator("#table")).to_contain_text("You drew")
    assert not fetched  # it came over the socket
