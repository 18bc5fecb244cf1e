"""In real Chromium: a user records a Hot Tin Roof table game with a new table player, sees it in history, opens the
player page with the updated statistics and rating chart, and downloads the record."""

import json
import re
from datetime import date, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.visitors import expect_rows, history_line, open_pad, save_the_game

pytestmark = pytest.mark.browser

# Rita (seat 1, the user), Grandpa Joe (seat 2) and Aunt Mabel (seat 3), both new table players typed in on the
# spot. Aunt Mabel took the last fish.
NAMES = ["Rita", "Grandpa Joe", "Aunt Mabel"]
PAD = [
    {"cans": 42, "fish": 4, "home_tiles": 5, "pairs_left": 1, "penalties": 15},
    {"cans": 22, "fish": 6, "home_tiles": 6, "pairs_left": 0, "penalties": 0},
    {"cans": 7, "fish": 2, "home_tiles": 4, "pairs_left": 2, "penalties": 30},
]
TRIGGER_SEAT = 2

# Worked out by hand from the pad's rules (games/hot_tin_roof/tally.py):
# - three players: 12 fish in the market; home tiles less pairs left: (5 - 1) + (6 - 0) + (4 - 2) = 12 pairs
#   joined, one fish each; 4 + 6 + 2 = 12 fish held. Each holds no more fish than pairs joined, penalties are
#   15 cans per pair left, and Aunt Mabel, who took the last fish, joined pairs.
# - score = cans + 10 per fish: Rita 42 + 40 = 82, Grandpa Joe 22 + 60 = 82, Aunt Mabel 7 + 20 = 27.
# - Rita and Grandpa Joe tie at 82: the tie goes to the player furthest to the left of Aunt Mabel in turn order.
#   Play passes seat 3 -> seat 1 -> seat 2, so Grandpa Joe (two seats on) beats Rita (one seat on), even though
#   Rita sits first.
SCORES = [82, 82, 27]
RANKS = [2, 1, 3]
assert SCORES == [p["cans"] + 10 * p["fish"] for p in PAD]
assert sum(p["home_tiles"] - p["pairs_left"] for p in PAD) == 12 == sum(p["fish"] for p in PAD)

PLAYED_ON = date.today() - timedelta(days=3)
RATING_TITLE = re.compile(r"Hot Tin Roof, .*: (-?\d+\.\d)$")


def fill_pad(page, seat: int, numbers: dict) -> None:
    for name, value in numbers.items():
        page.fill(f'input[name="s{seat}-{name}"]', str(value))


def stats_line(page):
    return page.locator("#statistics table.stats-table tbody tr", has=page.locator("th", has_text="Hot Tin Roof"))


def shown_rating(page) -> float:
    """The player's Hot Tin Roof rating in the statistics table, after checking the chart has its one point."""
    cells = stats_line(page).locator("td")
    chart = page.locator("#statistics figure.rating-chart svg.chart")
    expect(chart).to_have_count(1)
    points = chart.locator('g.chart-series[data-game="hot_tin_roof"] circle')
    expect(points).to_have_count(1)
    expect(chart.locator("desc")).to_contain_text("Hot Tin Roof: 1 rated match")
    rating = float(cells.nth(5).inner_text())
    plotted = RATING_TITLE.search(points.first.locator("title").text_content())
    assert plotted and abs(float(plotted.group(1)) - rating) < 0.11, plotted
    return rating


def test_hot_tin_roof_table_game_with_a_new_table_player(signed_up):
    (page,) = signed_up(("rita", "Rita"))

    open_pad(page, "Hot Tin Roof", "hot_tin_roof")
    expect(page.locator('.seat-count button[aria-pressed="true"]')).to_have_text("3")
    expect(page.locator("fieldset.pad-seat")).to_have_count(3)

    page.fill("#id_played_on", PLAYED_ON.isoformat())
    page.fill("#id_location", "Grandpa Joe's porch")
    page.select_option('select[name="seat-0-player"]', "rita")
    page.fill('input[name="seat-1-new"]', NAMES[1])
    page.fill('input[name="seat-2-new"]', NAMES[2])

    # Aunt Mabel's home tiles first written one too many: the pad says why it is not a finished game.
    for seat, numbers in enumerate(PAD):
        fill_pad(page, seat, numbers)
    fill_pad(page, 2, {"home_tiles": 5})
    reason = page.locator("#record-totals .record-reason")
    expect(reason).to_contain_text("Say who took the last fish")
    expect(page.locator("#record-totals .record-partial")).to_contain_text("Grandpa Joe: 82")
    for seat, name in enumerate(NAMES):  # the pad's seats take the names typed above
        expect(page.locator(f"#seat-name-{seat}")).to_have_text(f": {name}")
    page.check(f'input[name="trigger_seat"][value="{TRIGGER_SEAT}"]')
    expect(reason).to_contain_text("must add up to 12, not 13")
    fill_pad(page, 2, {"home_tiles": PAD[2]["home_tiles"]})

    # The live totals: equal to the hand-computed ones, with the tie settled by the seat rule.
    expect(reason).to_have_count(0)
    for seat, score in enumerate(SCORES):
        expect(page.locator(f'#record-totals td[data-seat="{seat}"][data-category="total"]')).to_have_text(str(score))
    expect_rows(page.locator("#record-totals table.record-result tbody tr"),
                ["Rita 42 40 82 #2", "Grandpa Joe 22 60 82 winner", "Aunt Mabel 7 20 27 #3"])

    record_url = save_the_game(page, "Hot Tin Roof")
    record_pk = int(record_url.strip("/").split("/")[-1])
    expect_rows(page.locator("main table.result tbody tr"),  # the winner first
                ["1 2 Grandpa Joe 82", "2 1 Rita 82", "3 3 Aunt Mabel 27"])
    joe_url = page.locator("main table.result a", has_text="Grandpa Joe").get_attribute("href")
    joe_handle = re.fullmatch(r"/players/([\w-]+)/", joe_url).group(1)

    # The match is in the history, listing the players with their scores and places.
    page.click("nav >> text=History")
    page.wait_for_url("**/history/")
    line = history_line(page, record_url)
    expect(line).to_have_count(1)
    for words in ("Hot Tin Roof table", f"{PLAYED_ON:%-d %b %Y}",
                  "Grandpa Joe (82, winner); Rita (82, #2); Aunt Mabel (27, #3)"):
        expect(line).to_contain_text(words, use_inner_text=True)
    expect(line.locator(f'a[href="{joe_url}"]')).to_have_text("Grandpa Joe")

    # Rita's page: one Hot Tin Roof play, no win (she lost the tie), and a rating chart with the match's point.
    page.click(".nav-account >> text=Rita")
    page.wait_for_url("**/players/rita/")
    cells = stats_line(page).locator("td")
    expect(cells.nth(0)).to_have_text("1")  # played
    expect(cells.nth(1)).to_have_text("0")  # wins
    expect(cells.nth(2)).to_have_text("0%")
    expect(cells.nth(3)).to_have_text("82.0")  # average
    expect(cells.nth(4)).to_have_text("82")  # best
    rita_rating = shown_rating(page)
    history = page.locator("#history tbody tr")
    expect_rows(history, [f"{PLAYED_ON:%-d %b %Y} Hot Tin Roof At the table Rita 82 2nd"])
    expect(history.first.locator("a")).to_have_attribute("href", record_url)
    expect(page.locator(".table-players").get_by_text("Grandpa Joe")).to_be_visible()

    # The new table player's page exists, and lists the match: the win, and a rating above Rita's.
    page.goto(joe_url)
    expect(page.locator("h1")).to_have_text("Grandpa Joe")
    expect(page.locator(".profile-head")).to_contain_text("Table player added by Rita", use_inner_text=True)
    cells = stats_line(page).locator("td")
    expect(cells.nth(0)).to_have_text("1")
    expect(cells.nth(1)).to_have_text("1")
    expect(cells.nth(2)).to_have_text("100%")
    assert shown_rating(page) > rita_rating
    history = page.locator("#history tbody tr")
    expect_rows(history, [f"{PLAYED_ON:%-d %b %Y} Hot Tin Roof At the table Grandpa Joe 82 1st"])
    expect(history.first.locator("a")).to_have_attribute("href", record_url)

    # The record page: download the JSON record and check it.
    page.goto(record_url)
    with page.expect_download() as download_info:
        page.click("text=Download the record (JSON)")
    download = download_info.value
    assert download.suggested_filename == f"hot_tin_roof-{record_pk}.json"
    record = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert record["format"] == "catsite-record/1"
    assert record["game"] == "hot_tin_roof"
    assert record["source"] == "table"
    assert record["options"] == {"home_tiles_break_ties": False}
    assert record["started_at"].startswith(PLAYED_ON.isoformat())
    assert [(s["seat"], s["name"], s["player"]) for s in record["seats"]] == [
        (0, "Rita", "rita"), (1, "Grandpa Joe", joe_handle), (2, "Aunt Mabel", record["seats"][2]["player"])]
    assert record["seats"][2]["player"] and record["seats"][2]["player"] != joe_handle
    assert record["final"] == {"players": PAD, "trigger_seat": TRIGGER_SEAT}
    assert record["result"]["scores"] == SCORES
    assert record["result"]["ranks"] == RANKS
    assert record["result"]["breakdown"] == [
        {"cans": p["cans"], "fish": 10 * p["fish"], "total": score} for p, score in zip(PAD, SCORES, strict=True)]

    assert page.console_errors == []
