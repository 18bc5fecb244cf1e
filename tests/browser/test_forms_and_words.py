"""In real Chromium: the forms of game night. The new-match form shows only the settings of the chosen way to end
Rat-a-Tat Cat; the Rat-a-Tat Cat pad has a row per round chosen, calls a 40 too high and a blank missing; an
imported file's report leads to the records it brought in."""
import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.visitors import sign_up

pytestmark = pytest.mark.browser


def expect_shown(page, field: str, *hidden: str) -> None:
    """Only this one of the fields that depend on the end shows (the page's script hides the others)."""
    expect(page.locator(f"#id_{field}")).to_be_visible()
    for other in hidden:
        expect(page.locator(f"#id_{other}")).to_be_hidden()


def test_the_new_match_form_shows_the_settings_of_the_chosen_end(new_context):
    page = new_context().new_page()
    sign_up(page, "fopts", "Flo")
    page.goto("/play/new/rat_a_tat_cat/")
    expect_shown(page, "option_rounds", "option_limit", "minutes")
    page.select_option("#id_option_end", "elimination")
    expect_shown(page, "option_limit", "option_rounds", "minutes")
    page.select_option("#id_option_end", "time")
    expect_shown(page, "minutes", "option_rounds", "option_limit")
    # What was typed in a hidden field does not stand in the way.
    page.select_option("#id_option_end", "rounds")
    page.fill("#id_option_rounds", "2")
    page.select_option("#id_seat_1", "bot:easy")
    page.click("button:text('Create the match')")
    page.wait_for_url("**/matches/*/")
    expect(page.locator("#table .ratc-info")).to_contain_text("of 2")


def test_the_rat_a_tat_cat_pad_has_a_row_per_round_and_names_what_is_wrong(new_context, tmp_path):
    page = new_context(accept_downloads=True).new_page()
    sign_up(page, "fpad", "Pam")
    page.goto("/record/rat_a_tat_cat/?players=2")
    rows = page.locator(".pad-rounds tbody tr")
    expect(rows).to_have_count(5)
    rounds, limit = page.locator('input[name="rounds"]'), page.locator('input[name="limit"]')
    expect(rounds).to_be_visible()
    expect(limit).to_be_hidden()
    page.check('input[name="end"][value="elimination"]')
    expect(limit).to_be_visible()
    expect(rounds).to_be_hidden()
    page.check('input[name="end"][value="rounds"]')
    page.fill('input[name="rounds"]', "3")
    expect(rows, "three rounds chosen: three rows").to_have_count(3)
    page.fill('input[name="seat-0-new"]', "Gran")
    page.fill('input[name="seat-1-new"]', "Sam")
    page.fill('input[name="r0-s0"]', "40")
    page.fill('input[name="r0-s1"]', "4")
    totals = page.locator("#record-totals")
    expect(totals, "a 40 is named as too high, with the rule").to_contain_text("a whole number from 0 to 36, not 40",
                                                                           use_inner_text=True)
    expect(totals).not_to_contain_text("missing", use_inner_text=True)
    page.fill('input[name="r0-s0"]', "10")
    page.fill('input[name="r2-s0"]', "3")
    page.fill('input[name="r2-s1"]', "2")
    expect(totals, "a blank round is missing, not 0").to_contain_text("score missing", use_inner_text=True)
    expect(totals).to_contain_text("The score is missing: this player was still in.",
                                    use_inner_text=True)
    page.fill('input[name="r1-s0"]', "6")
    page.fill('input[name="r1-s1"]', "7")
    expect(totals, "every score in").not_to_contain_text("missing", use_inner_text=True)
    page.click("button:text('Save the game')")
    page.wait_for_url("**/history/*/")

    # Download the record, make it another evening's, import it: the report links the new record.
    with page.expect_download() as download_info:
        page.click("text=Download the record (JSON)")
    record = json.loads(Path(download_info.value.path()).read_text())
    record["finished_at"] = record["started_at"] = "2026-11-01T20:00:00Z"
    upload = tmp_path / "evening.json"
    upload.write_text(json.dumps(record))
    page.goto("/records/import/")
    page.set_input_files('input[type="file"]', str(upload))
    page.click("button:text('Import')")
    report = page.locator(".message.success")
    expect(report).to_contain_text("1 record imported")
    report.locator("a", has_text="Rat-a-Tat Cat").click()
    page.wait_for_url("**/history/*/")
    expect(page.locator("main")).to_contain_text("Gran")
    expect(page.locator("main")).to_contain_text("1 Nov 2026")
