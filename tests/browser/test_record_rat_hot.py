"""In real Chromium: a player copies the final-tally sheet of a Rat Hot game played with the real strips, sees the
totals and the winner appear as it fills, is told next to the field what cannot be (all at once), corrects it,
saves the game and finds it in the history."""

import pytest
from playwright.sync_api import expect

from tests.browser.visitors import expect_rows, history_line, open_pad, save_the_game

pytestmark = pytest.mark.browser

# The paper: red (Mia) took 5 grey and 8 yellow chips, and at the end showed 3 groups of two and 4 of three or
# more: 5 + 16 = 21 in chips, 3 + 8 = 11 in the final tally, 32. Green (Leo): 7 grey, 6 yellow (19), 2 and 2 (6):
# 25. Mia wins.
SHEET = [{"grey": 5, "yellow": 8, "pairs": 3, "large": 4}, {"grey": 7, "yellow": 6, "pairs": 2, "large": 2}]


def cell(page, seat: int, category: str):
    return page.locator(f'#record-totals td[data-seat="{seat}"][data-category="{category}"]')


def field_block(page, name: str):
    return page.locator(".field", has=page.locator(f'input[name="{name}"]'))


def test_a_final_tally_sheet_is_copied_totalled_and_saved(signed_up):
    leo, page = signed_up(("ratleo", "Leo"), ("ratmia", "Mia"))

    open_pad(page, "Rat Hot", "rat_hot")
    page.fill("#id_played_on", "2026-11-29")
    page.select_option('select[name="seat-0-player"]', "ratmia")
    page.select_option('select[name="seat-1-player"]', "ratleo")

    for seat, numbers in enumerate(SHEET):
        for name, value in numbers.items():
            page.fill(f'input[name="s{seat}-{name}"]', str(value))
    expect(cell(page, 0, "chips")).to_have_text("21")
    expect(cell(page, 0, "final_tally")).to_have_text("11")
    expect(cell(page, 0, "total")).to_have_text("32")
    expect(cell(page, 1, "total")).to_have_text("25")
    expect(page.locator("#record-totals [data-winner]")).to_have_text("Mia wins.")

    # Two slips at once: too few grey chips for Mia's groups of two, too many groups for Leo's spices.
    page.fill('input[name="s0-grey"]', "1")
    page.fill('input[name="s1-large"]', "15")
    page.fill('input[name="s1-yellow"]', "15")
    expect(page.locator("#record-totals .rh-problems")).to_contain_text("Mia: 3 groups of two at the end, but only 1")
    expect(page.locator("#record-totals .rh-problems")).to_contain_text("Leo: These groups need at least 49 spaces")
    expect(page.locator("#record-totals [data-winner]")).to_have_count(0)
    expect(page.locator("form.record-form.htmx-request")).to_have_count(0)  # no preview on its way
    # The sheet comes back with the reasons: wait for its scripts (load) before typing, as the eye would.
    with page.expect_navigation():
        page.click("button:text('Save the game')")
    expect(field_block(page, "s0-pairs")).to_contain_text("3 groups of two at the end, but only 1 grey chip")
    expect(field_block(page, "s1-large")).to_contain_text("These groups need at least 49 spaces")
    expect(page.locator(".record-errors")).to_contain_text("the reasons are next to the fields")

    page.fill('input[name="s0-grey"]', "5")
    page.fill('input[name="s1-large"]', "2")
    page.fill('input[name="s1-yellow"]', "6")
    expect(cell(page, 0, "total")).to_have_text("32")
    record_url = save_the_game(page, "Rat Hot")
    # Leo did not record it: his result waits for his confirmation (and stays out of his statistics until then).
    expect_rows(page.locator("main table.result tbody tr"), ["1 1 Mia 32", "2 2 Leo awaiting confirmation 25"])
    breakdown = page.locator("main table.breakdown")
    for number in ("21", "11", "32"):
        expect(breakdown).to_contain_text(number)

    for viewer in (page, leo):
        viewer.goto("/history/?game=rat_hot")
        line = history_line(viewer, record_url)
        expect(line).to_have_count(1)
        expect(line).to_contain_text("Mia (32, winner); Leo (25, #2, awaiting confirmation)", use_inner_text=True)
    assert page.console_errors == []
