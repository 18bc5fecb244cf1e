"""In real Chromium: the match page as a player meets it on game night. The status line says what the viewing
seat may do, keyboard players keep their place after every move, moves are announced from a live region outside
the redrawn table, parts of the page that a push makes stale go with it, and on a phone the drawn card and your
own row share one screen."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.tables import act, create_match, join_by_invitation, memorise, throw_away_the_draw
from tests.browser.visitors import sign_up

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def focused(page):
    """The control of the table that has focus (expect it: the redrawn table settles, then focus is restored)."""
    return page.locator("#table :focus")


def test_the_status_line_says_what_each_seat_may_do(signed_up):
    mia, leo = signed_up(("nmia", "Mia"), ("nleo", "Leo"))
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)

    # Leo does not start: he may only memorise his peek, and his status line says that and nothing else.
    leo.locator("#table .ratc-peek").wait_for()
    status = leo.locator("#table .table-status")
    for words in ("Memorised", "Mia's turn"):
        expect(status).to_contain_text(words)
    expect(status).not_to_contain_text("Your move")
    # Mia starts: her move is to draw or take the discard, and her own peek waits for Memorised.
    mia.locator("#table .ratc-peek").wait_for()
    status = mia.locator("#table .table-status")
    for words in ("Your move", "draw a card", "Memorised"):
        expect(status).to_contain_text(words)
    act(mia, "Draw a card")
    expect(status).to_contain_text(
        re.compile("put the card you drew in your row, or discard it|Peek|Swap|draw a card"))


def test_keyboard_players_keep_their_place_and_hear_the_moves(signed_up):
    (page,) = signed_up(("nkey", "Kit"))
    create_match(page, "rat_a_tat_cat", ["me", "bot:good"], rounds=1)
    announcer = page.locator("#match-announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(page.locator("#table #match-announcer"), "the live region is not replaced by pushes").to_have_count(0)
    region = page.query_selector("#match-announcer")

    memorise(page, keyboard=True)
    expect(focused(page), "after a move the focus stays on the table").to_have_count(1)
    expect(announcer, "the move is announced").not_to_be_empty()
    assert region.evaluate("e => e.isConnected"), "in the region that stayed"

    # The first discard is always a number, so one's own cards may take it: each has the dashed "you may choose
    # this" outline, and the card the keyboard is on has a ring of another colour besides.
    choosable = page.locator("#table .ratc-row.mine button.choosable")
    expect(choosable).to_have_count(4)
    choosable.nth(1).focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    outline = "e => [getComputedStyle(e).outlineStyle, getComputedStyle(e).outlineColor]"
    ring, choice = choosable.nth(1).evaluate(outline), choosable.nth(2).evaluate(outline)
    assert choice[0] == "dashed" and ring[0] == "solid" and ring[1] != choice[1], (ring, choice)

    act(page, "Draw a card", keyboard=True)
    expect(focused(page), "the drawn card's choices keep the keyboard's place").to_have_count(1)
    throw_away_the_draw(page, keyboard=True)
    page.locator("#table button", has_text="Knock").wait_for()
    expect(focused(page), "after the card is placed the next thing to do has focus").to_contain_text("Knock")

    page.keyboard.press("Enter")
    expect(page.locator("#table .table-status")).to_contain_text("The match is over")
    expect(announcer).to_contain_text(re.compile("Good bot|over"))
    expect(page.locator("#live-status")).to_have_text("Finished")


def test_the_invitation_goes_when_the_seats_are_full(signed_up):
    mia, leo = signed_up(("imia", "Mia"), ("ileo", "Leo"))
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    expect(mia.locator(".invite")).to_be_visible()
    join_by_invitation(mia, leo)
    mia.locator("#table[data-status=playing]").wait_for()
    expect(mia.locator(".invite"), "a full table needs no invitation").to_be_hidden()
    # One layout width: the header's row and the page line up.
    header, main = mia.locator(".site-header .nav").bounding_box(), mia.locator("main").bounding_box()
    assert abs(header["x"] - main["x"]) < 1 and abs(header["width"] - main["width"]) < 1
    # The number beside a hand is the score of the rounds played, not the hand's sum.
    expect(mia.locator(".ratc-row.mine h3")).to_contain_text("score so far")


def test_on_a_phone_the_drawn_card_and_your_row_share_the_screen(new_context):
    page = new_context(viewport=PHONE).new_page()
    sign_up(page, "nphone", "Pip")
    create_match(page, "rat_a_tat_cat", ["me", "bot:good", "bot:easy"], rounds=1)
    memorise(page)
    act(page, "Draw a card")
    page.locator("#table .pile.drawn").wait_for()
    # From the top of the page, without scrolling: the drawn card and the whole of your row are on the screen.
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path="/tmp/night2/phone.png")
    for part in ("#table .pile.drawn", "#table .ratc-row.mine"):
        box = page.locator(part).bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], f"{part} is below the fold ({box})"
    # The header does not stay on top of the table when the page scrolls.
    page.evaluate("window.scrollTo(0, 400)")
    header = page.locator(".site-header").bounding_box()
    assert header["y"] + header["height"] <= 0, f"the header stays on the screen ({header})"


def test_the_oldest_of_too_many_tabs_says_it_is_no_longer_live(signed_up):
    """At most 5 sockets of one player on a match (games/socket_limits.py): a sixth tab closes the oldest's, which
    does not reconnect (that would close another) and says why instead of "Reconnecting…"."""
    (first,) = signed_up(("ntabs", "Tab"))
    create_match(first, "rat_a_tat_cat", ["me", "bot:good"], rounds=1)
    expect(first.locator("#live-status")).to_contain_text("Live")
    others = []
    for _ in range(5):
        tab = first.context.new_page()
        tab.goto(first.url)
        expect(tab.locator("#live-status")).to_contain_text("Live")
        others.append(tab)
    expect(first.locator("#live-status")).to_contain_text("Open in too many other tabs: reload to follow here")
    for tab in others:
        expect(tab.locator("#live-status")).to_contain_text("Live")
