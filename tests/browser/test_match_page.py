"""In real Chromium: the match page as a player meets it on game night. The status line says what the viewing
seat may do, keyboard players keep their place after every move, moves are announced from a live region outside
the redrawn table, parts of the page that a push makes stale go with it, and on a phone the drawn card and your
own row share one screen."""

import time

import pytest
from playwright.sync_api import expect

from tests.browser.tables import act, create_match, join_by_invitation, version, wait_for_version
from tests.browser.test_signup import sign_up

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def status(page) -> str:
    return " ".join(page.locator("#table .table-status").inner_text().split())


def focused(page, seconds: float = 3):
    """The control of the table that has focus, once the redrawn table has settled (empty when none has)."""
    deadline = time.monotonic() + seconds
    while not page.locator("#table :focus").count() and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    return page.locator("#table :focus")


def memorise(page, keyboard: bool = False) -> None:
    """Press Memorised until the peek is over: a bot's push may make the table we pressed it on stale (409)."""
    deadline = time.monotonic() + 15
    while page.locator("#table .ratc-peek").count():
        assert time.monotonic() < deadline, "the opening peek never ended"
        button = page.locator("#table button", has_text="Memorised")
        if button.count():
            before = version(page)
            if keyboard:
                button.focus()
                page.keyboard.press("Enter")
            else:
                button.click()
            wait_for_version(page, before + 1)
        page.wait_for_timeout(50)


def test_the_status_line_says_what_each_seat_may_do(new_context):
    mia, leo = new_context().new_page(), new_context().new_page()
    sign_up(mia, "nmia", "Mia")
    sign_up(leo, "nleo", "Leo")
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)

    # Leo does not start: he may only memorise his peek, and his status line says that and nothing else.
    leo.locator("#table .ratc-peek").wait_for()
    assert "Your move" not in status(leo)
    assert "Memorised" in status(leo) and "Mia's turn" in status(leo)
    # Mia starts: her move is to draw or take the discard, and her own peek waits for Memorised.
    mia.locator("#table .ratc-peek").wait_for()
    assert "Your move" in status(mia) and "draw a card" in status(mia) and "Memorised" in status(mia)
    act(mia, "Draw a card")
    assert "put the card you drew in your row, or discard it" in status(mia) or "Peek" in status(mia) \
        or "Swap" in status(mia) or "draw a card" in status(mia)


def test_keyboard_players_keep_their_place_and_hear_the_moves(new_context):
    page = new_context().new_page()
    sign_up(page, "nkey", "Kit")
    create_match(page, "rat_a_tat_cat", ["me", "bot:good"], rounds=1)
    announcer = page.locator("#match-announcer")
    assert announcer.get_attribute("aria-live") == "polite"
    expect(page.locator("#table #match-announcer"), "the live region is not replaced by pushes").to_have_count(0)
    region = page.query_selector("#match-announcer")

    memorise(page, keyboard=True)
    expect(focused(page), "after a move the focus stays on the table").to_have_count(1)
    assert region.text_content().strip(), "the move is announced in the region that stayed"

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

    page.locator("#table button", has_text="Draw a card").focus()
    before = version(page)
    page.keyboard.press("Enter")
    wait_for_version(page, before + 1)
    expect(focused(page), "the drawn card's choices keep the keyboard's place").to_have_count(1)
    while page.locator("#table button", has_text="Discard it").count() or page.locator(
            "#table button", has_text="Don't use it").count():
        label = "Discard it" if page.locator("#table button", has_text="Discard it").count() else "Don't use it"
        page.locator("#table button", has_text=label).focus()
        before = version(page)
        page.keyboard.press("Enter")
        wait_for_version(page, before + 1)
    page.locator("#table button", has_text="Knock").wait_for()
    expect(focused(page), "after the card is placed the next thing to do has focus").to_contain_text("Knock")

    before = version(page)
    page.keyboard.press("Enter")
    page.locator("#table .table-status", has_text="The match is over").wait_for()
    assert "Good bot" in region.text_content() or "over" in region.text_content()
    page.locator("#live-status", has_text="Finished").wait_for()


def test_the_invitation_goes_when_the_seats_are_full(new_context):
    mia, leo = new_context().new_page(), new_context().new_page()
    sign_up(mia, "imia", "Mia")
    sign_up(leo, "ileo", "Leo")
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
    page.locator("#table button", has_text="Draw a card").click()
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
