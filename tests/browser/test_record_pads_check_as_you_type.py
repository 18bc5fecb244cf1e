"""In real Chromium (issue 11, point 6): a score pad checks as you type and shows every problem at once beside its
field, with the rule in words, before any save; the Cat Tower sheet works out the cat points; a game stopped
before its end is saved as unfinished and found so in the history."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_signup import sign_up

pytestmark = pytest.mark.browser


def test_hot_tin_roof_pad_shows_every_problem_beside_its_field_without_saving(page):
    sign_up(page, "padrita", "Rita")
    page.goto("/record/hot_tin_roof/")
    url = page.url
    # Two mistakes in two seats at once: 30 cans paid for one pair left, and 3 pairs left of a player's 2.
    page.fill('input[name="s0-pairs_left"]', "1")
    page.fill('input[name="s0-penalties"]', "30")
    page.fill('input[name="s1-pairs_left"]', "3")
    penalties = page.locator("#id_s0-penalties-errors")
    pairs = page.locator("#id_s1-pairs_left-errors")
    expect(penalties).to_contain_text("15 cans for each pair left")
    expect(pairs).to_contain_text("only 2 pairs of cats")
    # Tied to their fields for screen readers, and listed together in the announced summary.
    expect(page.locator("#id_s0-penalties")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#id_s0-penalties")).to_have_attribute("aria-describedby", re.compile("id_s0-penalties-errors"))
    summary = page.locator("#record-problems")
    expect(summary).to_have_attribute("role", "status")
    expect(summary.locator("li")).to_have_count(2)
    expect(summary).to_contain_text("2 problems")
    assert page.url == url  # nothing was saved
    # Putting one right clears it, and only it.
    page.fill('input[name="s0-penalties"]', "15")
    expect(penalties.locator("li")).to_have_count(0)
    expect(page.locator("#id_s0-penalties")).not_to_have_attribute("aria-invalid", "true")
    expect(pairs).to_contain_text("only 2 pairs of cats")


def test_cat_tower_sheet_works_out_the_cat_points_and_saves_an_unfinished_game(page):
    sign_up(page, "padmia", "Mia")
    page.goto("/record/cat_tower/?players=2")
    page.select_option('select[name="seat-0-player"]', "padmia")
    page.fill('input[name="seat-1-new"]', "Leo")
    # Mia: two mice, then a house (column 2's house hex, floor 2) scoring the mouse cat: 1 house x 2 mice = 2;
    # then column 5's house (floor 3), scoring the house cat: 2 x 2 = 4.
    page.select_option('select[name="s0-hex-1-1"]', "mouse")
    page.select_option('select[name="s0-hex-3-1"]', "mouse")
    page.select_option('select[name="s0-hex-2-2"]', "house")
    page.select_option('select[name="s0-cat0"]', "mouse")
    expect(page.locator("#s0-catpoints0")).to_contain_text("= 2")
    page.select_option('select[name="s0-hex-5-3"]', "house")
    page.select_option('select[name="s0-cat1"]', "house")
    expect(page.locator("#s0-catpoints1")).to_contain_text("= 4")
    expect(page.locator('#record-totals td[data-seat="0"][data-category="cats"]')).to_have_text("6")
    # A third cat line without its house, and a mistake on the other sheet, both shown at once.
    page.select_option('select[name="s0-cat2"]', "yarn")
    page.fill('input[name="s1-circled"]', "1")
    page.fill('input[name="s1-crossed"]', "3")
    expect(page.locator("#id_s0-cat2-errors")).to_contain_text("house 3, which scored this cat, is not there")
    expect(page.locator("#id_s1-crossed-errors")).to_contain_text("only circled footprints are crossed")
    page.select_option('select[name="s0-cat2"]', "")
    page.fill('input[name="s1-crossed"]', "1")
    # No column is complete: the game did not end, so only an unfinished play may be saved.
    expect(page.locator("#record-problems li")).to_have_count(1)
    expect(page.locator("#id_columns_to_end-errors")).to_contain_text("no sheet has yet")
    page.check("#id_unfinished")
    expect(page.locator("#record-problems li")).to_have_count(0)
    page.click("button:text('Save the game')")
    page.wait_for_url(re.compile(r"/history/\d+/$"))
    expect(page.locator(".record-unfinished")).to_contain_text("stopped before its end")
    page.goto("/history/")
    row = page.locator("table.records tbody tr", has_text="Cat Tower")
    expect(row.locator(".badge.unfinished")).to_have_text("unfinished")
