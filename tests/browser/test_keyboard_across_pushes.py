"""In real Chromium, two people at a Rat Hot table (issue 30.4): the keyboard player's focus across the other
player's moves, which arrive by the websocket and redraw the table. It stays on the control it was on; when that
control is gone it goes to the first control of a move the table offers, or else to the table itself: never to the
top of the page, never to a zoom button. The strip chosen and the keyboard's place look different."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.keyboard import tab_to
from tests.browser.tables import join_by_invitation, version, wait_for_version
from tests.browser.test_rat_hot_match import place_a_strip

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # the page in the browser, not the database: once, on SQLite

FOCUS_RING = "rgb(26, 95, 180)"  # --focus, the site's ring
CHOSEN = "rgb(39, 107, 63)"  # --good, the chosen strip's dashed frame
FOCUSED = "() => document.activeElement === document.body ? 'body' : document.activeElement.outerHTML.slice(0, 100)"
FRAME = """el => {
  const s = getComputedStyle(el), card = getComputedStyle(el.closest(".card"));
  return {outline: [s.outlineStyle, s.outlineWidth, s.outlineColor, s.outlineOffset],
          border: [s.borderTopStyle, s.borderTopWidth, s.borderTopColor],
          ground: s.backgroundColor, card: card.backgroundColor};
}"""


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two colours given as CSS "rgb(r, g, b)" (the alpha of a transparent one ignored)."""
    def luminance(colour):
        channels = [int(part) / 255 for part in re.findall(r"\d+", colour)[:3]]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted([luminance(one), luminance(other)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def create_rat_hot_for_two(mia, leo) -> None:
    mia.goto("/play/new/rat_hot/")
    mia.select_option("#id_seat_0", "me")
    mia.select_option("#id_seat_1", "invite")
    mia.uncheck("#id_option_rats")  # nobody loses by rats on the way
    mia.click("button:text('Create the match')")
    mia.wait_for_url("**/matches/*/")
    mia.locator("#live-status", has_text="Live").wait_for()
    join_by_invitation(mia, leo)
    mia.locator("#table[data-status=playing]").wait_for()


def place_by_keyboard(page) -> None:
    """Place the strip shown, by keyboard alone: Tab to the spot menu, the first spot, Tab to Place, Enter."""
    expect(page.locator("#table .rh[data-ready]"), "the table's script is ready").to_have_count(1)
    form = page.locator("#table form.rh-play")
    expect(form.locator("select.rh-spot option").nth(1), "the page's script lists the spots").to_be_attached()
    tab_to(page, form.locator("select.rh-spot"))
    page.keyboard.press("ArrowDown")  # a closed menu takes the next choice: the first spot
    expect(form.locator("button.rh-place")).to_be_enabled()
    tab_to(page, form.locator("button.rh-place"))
    before = version(page)
    with page.expect_response(lambda r: r.request.method == "POST" and "/move/" in r.url) as answer:
        page.keyboard.press("Enter")
    assert answer.value.status == 200, answer.value.text()
    wait_for_version(page, before + 1)


def moved_by(mover, watcher, turn: int) -> None:
    """The other player places a strip (by mouse); the watcher's page has the table of that move."""
    place_a_strip(mover, turn)
    wait_for_version(watcher, version(mover))


def test_focus_keeps_its_place_across_the_other_players_moves(signed_up):
    mia, leo = signed_up(("pushmia", "Mia"), ("pushleo", "Leo"))
    create_rat_hot_for_two(mia, leo)
    table, zoom = mia.locator("#table"), mia.locator("#table .rh-zoom button")

    # Mia's first turn, by keyboard. Her move's answer has nothing left for her to do: her focus goes to the table
    # itself (not to Zoom in, the table's first button, nor to the top of the page).
    place_by_keyboard(mia)
    expect(table, "after her move, the table holds her focus").to_be_focused()
    # Leo places the first of his two strips: still nothing for Mia to do, still the table.
    moved_by(leo, mia, 0)
    expect(table).to_be_focused()
    # Leo's second strip makes it Mia's turn: her focus goes to the first thing she may do, the strip to place.
    moved_by(leo, mia, 1)
    first_strip = mia.locator('#table form.rh-play input[name="rh-strip"]').first
    expect(first_strip, "her turn: the first control of her move has focus").to_be_focused()
    for button in zoom.all():
        expect(button).not_to_be_focused()

    # The strip chosen and the keyboard's place look different, and both keep WCAG 2.2 AA's 3:1 (1.4.11).
    strips = mia.locator("#table form.rh-play label.rh-strip")
    expect(strips).to_have_count(2)
    chosen_and_focused = strips.nth(0).evaluate(FRAME)
    mia.keyboard.press("Tab")  # on to the facing: the first strip stays chosen, without the focus
    expect(mia.locator('#table form.rh-play input[name="rh-dir"]:focus')).to_have_count(1)
    chosen, other = strips.nth(0).evaluate(FRAME), strips.nth(1).evaluate(FRAME)
    assert chosen_and_focused["outline"][:3] == ["solid", "3px", FOCUS_RING], chosen_and_focused
    assert chosen["outline"][0] == "none" and other["outline"][0] == "none", (chosen, other)
    assert chosen["border"] == ["dashed", "3px", CHOSEN] == chosen_and_focused["border"], chosen
    assert other["border"][0] == "solid" and other["border"][1] == "1px", other
    assert float(chosen_and_focused["outline"][3].removesuffix("px")) >= 2  # the ring apart from the frame
    for colour, ground in [(CHOSEN, chosen["card"]), (CHOSEN, chosen["ground"]), (FOCUS_RING, chosen["card"])]:
        assert contrast(colour, ground) >= 3, (colour, ground)

    # Mia places her two strips (by mouse): Leo's turn, and Mia goes by keyboard to "Pan left" to look around.
    place_a_strip(mia, 0)
    place_a_strip(mia, 1)
    expect(mia.locator("#table form.rh-play")).to_have_count(0)
    pan_left = mia.locator('#table [data-pan="-1,0"]')
    tab_to(mia, pan_left)
    # Leo's move redraws her table: her focus is on the same button of the new one.
    moved_by(leo, mia, 2)
    expect(pan_left, "the same control keeps the focus across the push").to_be_focused()
    assert mia.evaluate(FOCUSED) != "body"
    assert not mia.console_errors and not leo.console_errors, (mia.console_errors, leo.console_errors)
