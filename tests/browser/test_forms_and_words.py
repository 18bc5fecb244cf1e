"""In real Chromium: the forms of game night. The new-match form shows only the settings of the chosen way to end
Rat-a-Tat Cat; the Rat-a-Tat Cat pad has a row per round chosen, calls a 40 too high and a blank missing; an
imported file's report leads to the records it brought in."""
import json
import time
from pathlib import Path

import pytest

from tests.browser.test_signup import sign_up

pytestmark = pytest.mark.browser


def shown(page, field: str) -> bool:
    return page.locator(f"#id_{field}").is_visible()


def test_the_new_match_form_shows_the_settings_of_the_chosen_end(new_context):
    page = new_context().new_page()
    sign_up(page, "fopts", "Flo")
    page.goto("/play/new/rat_a_tat_cat/")
    assert shown(page, "option_rounds") and not shown(page, "option_limit") and not shown(page, "minutes")
    page.select_option("#id_option_end", "elimination")
    assert shown(page, "option_limit") and not shown(page, "option_rounds") and not shown(page, "minutes")
    page.select_option("#id_option_end", "time")
    assert shown(page, "minutes") and not shown(page, "option_rounds") and not shown(page, "option_limit")
    # What was typed in a hidden field does not stand in the way.
    page.select_option("#id_option_end", "rounds")
    page.fill("#id_option_rounds", "2")
    page.select_option("#id_seat_1", "bot:easy")
    page.click("button:text('Create the match')")
    page.wait_for_url("**/matches/*/")
    assert "of 2" in page.locator("#table .ratc-info").inner_text()


def totals(page) -> str:
    return " ".join(page.locator("#record-totals").inner_text().split())


def wait_for(check, what: str, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_the_rat_a_tat_cat_pad_has_a_row_per_round_and_names_what_is_wrong(new_context, tmp_path):
    page = new_context(accept_downloads=True).new_page()
    sign_up(page, "fpad", "Pam")
    page.goto("/record/rat_a_tat_cat/?players=2")
    rows = page.locator(".pad-rounds tbody tr")
    assert rows.count() == 5
    assert page.locator('input[name="rounds"]').is_visible() and not page.locator('input[name="limit"]').is_visible()
    page.check('input[name="end"][value="elimination"]')
    assert page.locator('input[name="limit"]').is_visible() and not page.locator('input[name="rounds"]').is_visible()
    page.check('input[name="end"][value="rounds"]')
    page.fill('input[name="rounds"]', "3")
    wait_for(lambda: rows.count() == 3, "three rounds chosen: three rows")
    page.fill('input[name="seat-0-new"]', "Gran")
    page.fill('input[name="seat-1-new"]', "Sam")
    page.fill('input[name="r0-s0"]', "40")
    page.fill('input[name="r0-s1"]', "4")
    wait_for(lambda: "not 40" in totals(page), "a 40 is named as too high")
    assert "missing" not in totals(page)
    page.fill('input[name="r0-s0"]', "10")
    page.fill('input[name="r2-s0"]', "3")
    page.fill('input[name="r2-s1"]', "2")
    wait_for(lambda: "score missing" in totals(page), "a blank round is missing, not 0")
    assert "Round 2, Gran: the score is missing." in totals(page)
    page.fill('input[name="r1-s0"]', "6")
    page.fill('input[name="r1-s1"]', "7")
    wait_for(lambda: "missing" not in totals(page), "every score in")
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
    assert "1 record imported" in report.inner_text()
    report.locator("a", has_text="Rat-a-Tat Cat").click()
    page.wait_for_url("**/history/*/")
    assert "Gran" in page.locator("main").inner_text() and "1 Nov 2026" in page.locator("main").inner_text()
