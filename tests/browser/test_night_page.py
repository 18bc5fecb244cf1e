"""In real Chromium, by keyboard: an evening imported from BG Stats becomes a game night; its page shows every game
and who won the most; its people name it, give it a place and split it, in English and in Chinese."""
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible

pytestmark = pytest.mark.browser
BACKUP = Path(__file__).parents[1] / "scoring" / "loggers" / "bgstats_backup.json"


def evening(owner: str) -> str:
    """The sample backup's owner and Bob play three games of Rat-a-Tat Cat in one evening (unique play ids)."""
    backup = json.loads(BACKUP.read_text())
    model = backup["plays"][0]
    backup["plays"] = []
    for number, (time, scores) in enumerate([("19:30", ("12", "7")), ("20:10", ("3", "9")), ("20:50", ("5", "2"))]):
        play = json.loads(json.dumps(model))
        play["uuid"] = f"D{owner[:7].upper():0<7}-0000-4000-8000-00000000000{number}"
        play["playDate"] = f"2026-10-09 {time}:00"
        play["playerScores"][0]["score"], play["playerScores"][1]["score"] = scores
        backup["plays"].append(play)
    return json.dumps(backup)


def test_a_game_night_page_by_keyboard(signed_up, manage):
    (mia,) = signed_up(("nightpage", "Mia"))
    result = manage("import_records", "-", "--user", "nightpage", input=evening("nightpage"))
    assert "3 plays imported" in result.stdout, result.stdout + result.stderr

    mia.goto("/history/?player=nightpage")
    record = mia.locator("main a[href]").evaluate_all(
        "links => links.map(a => a.getAttribute('href')).find(h => /^\\/history\\/\\d+\\/$/.test(h))")
    mia.goto(record)
    mia.get_by_role("link", name=re.compile("Part of a game night")).click()
    expect(mia.locator("h1")).to_contain_text("Game night")
    expect(mia.locator(".night-when")).to_contain_text("3 games")
    expect(mia.locator(".tally li").first).to_contain_text("Bob Dylan")  # two of three games (lowest wins)
    expect(mia.locator(".tally li.winner")).to_have_count(1)
    expect(mia.locator(".tally li").first).to_contain_text("2 wins")
    expect(mia.locator(".night-games tbody tr")).to_have_count(3)
    assert_accessible(mia, "the game night page")

    # Name and place, typed and sent by keyboard.
    mia.get_by_label("Name of the night").focus()
    mia.keyboard.type("Friday at Mia's")
    mia.keyboard.press("Tab")
    expect(mia.get_by_label("Place")).to_be_focused()
    mia.keyboard.type("Mia's kitchen")
    mia.keyboard.press("Enter")
    expect(mia.locator("h1")).to_have_text("Friday at Mia's")
    expect(mia.locator(".night-when")).to_contain_text("Mia's kitchen")

    # Split after the second game: the third is a night of its own, then join them back.
    split = mia.get_by_role("button", name=re.compile("Split the night here")).last
    split.focus()
    mia.keyboard.press("Enter")
    expect(mia.locator(".night-games tbody tr")).to_have_count(1)
    join = mia.get_by_role("button", name=re.compile("Join with the night before"))
    join.focus()
    mia.keyboard.press("Enter")
    expect(mia.locator(".night-games tbody tr")).to_have_count(3)
    expect(mia.locator("h1")).to_have_text("Friday at Mia's")

    mia.goto(mia.url.split("?")[0] + "?lang=zh-hant")
    expect(mia.locator("h2#tally-title")).to_have_text("誰贏最多")
    expect(mia.locator(".night-when")).to_contain_text("3 局")
