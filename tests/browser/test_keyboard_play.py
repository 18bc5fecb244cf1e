"""In real Chromium, by keyboard alone: a few moves of Hot Tin Roof (a dumpster, its pair of cats, a cat's move,
the end of the turn) and of Rat-a-Tat Cat (the opening peek, a draw, a card replaced, the end of the turn), with
Tab to reach each control and Enter to use it. Focus goes where the next choice is: after a dumpster or a cat is
chosen, to the first of the choices that follow."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.tables import create_match, version, wait_for_version
from tests.browser.test_signup import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the page in the browser, not the database: once, on SQLite
MOST_TABS = 150


def tab_to(page, selector: str) -> None:
    """Press Tab until the focus is on an element matching the selector (the table is found by the keyboard)."""
    for _ in range(MOST_TABS):
        if page.locator(f"{selector}:focus").count():
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def enter_posts(page) -> None:
    """Press Enter on the focused control, which posts a move, and wait for the table that answers it."""
    before = version(page)
    with page.expect_response(lambda r: r.request.method == "POST" and "/move/" in r.url):
        page.keyboard.press("Enter")
    wait_for_version(page, before + 1)


def my_turn(page) -> None:
    expect(page.locator("#table .table-status")).to_contain_text("Your move", timeout=20_000)


def test_hot_tin_roof_by_keyboard_alone(new_context):
    page = new_context().new_page()
    sign_up(page, "roofkeys", "Kit")
    create_match(page, "hot_tin_roof", ["me", "bot:good", "bot:good"])
    my_turn(page)
    expect(page.locator("#table .htr")).to_have_attribute("data-phase", "dive")

    # A home-tile dumpster, then the pair of cats: focus moves to the pair buttons once the dumpster is chosen.
    tab_to(page, '#table .htr-pick[data-dumpster="home1"]')
    page.keyboard.press("Enter")
    expect(page.locator("#htr-choices button").first).to_be_focused()
    expect(page.locator("#htr-hint")).to_contain_text("Which pair")
    enter_posts(page)
    expect(page.locator(".match-log")).to_contain_text("took a home tile")

    # Racing: each cat that may move is a button in the panel (and on the board); then its destinations. On some
    # deals no cat of hers can move after the dive: the turn is over by itself and the next ante is hers again
    # at once (the others could not pay theirs) or after the bots' turns.
    expect(page.locator("#table .htr")).to_have_attribute("data-phase", re.compile("^(race|dive)$"))
    moves = page.locator("#htr-choices button")
    if page.locator("#table .htr").get_attribute("data-phase") == "race" and moves.count():
        tab_to(page, "#htr-choices button")
        page.keyboard.press("Enter")
        expect(page.locator("#htr-choices button.htr-spot-choice").first).to_be_focused()
        expect(page.locator("#table .htr-patio.target").first).to_have_attribute("role", "button")
        page.keyboard.press("Enter")
        tab_to(page, "#htr-choices button.confirm")
        enter_posts(page)
        expect(page.locator(".match-log")).to_contain_text("moved a sitting cat")
    if page.locator("#table .htr-end").count():
        tab_to(page, "#table .htr-end")
        enter_posts(page)
    # The bots play; the turn comes back, and the keyboard can dive again.
    my_turn(page)
    tab_to(page, "#table .htr-pick")
    page.keyboard.press("Enter")
    expect(page.locator("#htr-choices button").first).to_be_focused()


def test_rat_a_tat_cat_by_keyboard_alone(new_context):
    page = new_context().new_page()
    sign_up(page, "catkeys", "Kat")
    create_match(page, "rat_a_tat_cat", ["me", "bot:good"], rounds=1)
    my_turn(page)

    tab_to(page, '#table button:text("Memorised")')
    enter_posts(page)
    tab_to(page, '#table button:text("Draw a card")')
    enter_posts(page)
    drawn = page.locator("#table .pile.drawn .card").get_attribute("aria-label")
    assert drawn.startswith("The card you drew: "), drawn
    if page.locator("#table button.card.choosable").count():  # a number card or a Peek: on position 1
        tab_to(page, "#table .ratc-row.mine button.card.choosable")
        label = page.locator("#table .ratc-row.mine button.card.choosable:focus").get_attribute("aria-label")
        assert label in ("Position 1: face down, put the drawn card here",
                         "Position 1: face down, peek at this card"), label
        enter_posts(page)
        expect(page.locator(".match-log")).to_contain_text(
            "put it in position 1" if label.endswith("here") else "looked at position 1")
    else:  # a power card: leave it
        tab_to(page, '#table button:text("Don\'t use it")')
        enter_posts(page)
    while page.locator('#table button:text("Discard it"), #table button:text("Don\'t use it")').count():
        tab_to(page, '#table .pile.drawn button')  # a Draw 2 brought another card: discard it
        enter_posts(page)
    tab_to(page, '#table button:text("End turn")')
    enter_posts(page)
    expect(page.locator(".match-log")).to_contain_text("Kat")
