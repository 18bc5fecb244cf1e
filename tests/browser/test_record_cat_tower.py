"""In real Chromium: a player copies three Cat Tower table sheets from a finished paper game into the site, sees
the totals update as the sheets fill (equal to the totals worked out by hand below), and saves the game, which
then shows in the history."""

import pytest
from playwright.sync_api import expect

from tests.browser.visitors import expect_rows, history_line, open_pad, save_the_game

pytestmark = pytest.mark.browser

# The paper sheets of Mia (seat 1), Leo (seat 2, a registered player) and Ada (seat 3, a new table player).
SHEETS = [
    {"marks": {"1-1": "yarn", "1-2": "mouse", "1-3": "mouse", "1-5": "house", "2-1": "yarn",
               "3-1": "bowl", "3-2": "yarn", "3-4": "house", "3-5": "cushion", "3-6": "mouse",
               "5-1": "cushion", "5-3": "house", "5-4": "butterfly"},
     "cats": [("mouse", 2), ("house", 4), ("cushion", 6)],
     "columns": {1: "6", 3: "7", 5: "3"}, "circled": 4, "crossed": 2},
    {"marks": {"1-1": "yarn", "1-2": "yarn", "1-3": "bowl", "1-5": "house",
               "2-1": "mouse", "2-2": "house", "2-3": "mouse", "2-4": "butterfly", "2-5": "cushion", "2-6": "yarn",
               "4-1": "yarn"},
     "cats": [("yarn", 3), ("bowl", 2)], "columns": {1: "4", 2: "9"}, "circled": 2, "crossed": 1},
    {"marks": {"1-1": "yarn", "1-2": "yarn", "3-1": "yarn", "3-2": "cushion", "4-1": "butterfly", "4-2": "bowl",
               "5-1": "mouse", "5-3": "house", "5-4": "mouse"},
     "cats": [("mouse", 2)], "columns": {5: "2"}, "circled": 3, "crossed": 0},
]

# Worked out by hand from the rules page:
# - cats: the points written under them (2 + 4 + 6; 3 + 2; 2).
# - yarn, column by column: 1: Leo 2, Ada 2, Mia 1 -> Leo and Ada share 9 + 3 = 6 each, Mia third 0; 2: Mia 1,
#   Leo 1 -> 6 each; 3: Mia 1, Ada 1 -> 6 each; 4: Leo alone -> 9. Mia 12, Leo 21, Ada 12.
# - butterflies: 2 each, one each.
# - bowls, 2 per kind of item touching: Mia's 3-1 touches yarn only (2); Leo's 1-3 yarn, mouse and butterfly (6);
#   Ada's 4-2 butterfly, yarn, cushion and mouse (8).
# - cushions, their floor: Mia 1 + 5; Leo 5; Ada 2.
# - mice, each group squared: Mia 1-2 + 1-3 touch (4) and 3-6 (1); Leo two apart (2); Ada two apart (2).
# - columns, the bonus numbers ticked: Mia 6 + 7 + 3; Leo 4 + 9; Ada 2.
HAND = {
    "cats": [12, 5, 2], "yarn": [12, 21, 12], "butterfly": [2, 2, 2], "bowl": [2, 6, 8], "cushion": [6, 5, 2],
    "mouse": [5, 2, 2], "columns": [16, 13, 2],
}
HAND["total"] = [sum(points[seat] for points in HAND.values()) for seat in range(3)]
assert HAND["total"] == [55, 54, 30]


def total_cell(page, seat: int, category: str = "total"):
    return page.locator(f'#record-totals td[data-seat="{seat}"][data-category="{category}"]')


def fill_sheet(page, seat: int, sheet: dict) -> None:
    for hex_name, item in sheet["marks"].items():
        page.select_option(f'select[name="s{seat}-hex-{hex_name}"]', item)
    for column, points in sheet["columns"].items():
        page.select_option(f'select[name="s{seat}-col-{column}"]', points)
    for row, (cat, points) in enumerate(sheet["cats"]):
        page.select_option(f'select[name="s{seat}-cat{row}"]', cat)
        if cat != "house":  # the pad works the points out from the items on the sheet then
            page.fill(f'input[name="s{seat}-catitems{row}"]', str(points // (row + 1)))
    page.fill(f'input[name="s{seat}-circled"]', str(sheet["circled"]))
    page.fill(f'input[name="s{seat}-crossed"]', str(sheet["crossed"]))


def test_three_paper_sheets_are_copied_totalled_and_saved(signed_up):
    leo, page = signed_up(("towerleo", "Leo"), ("towermia", "Mia"))

    open_pad(page, "Cat Tower", "cat_tower")
    expect(page.locator(".ct-record-sheet")).to_have_count(3)

    page.fill("#id_played_on", "2026-11-28")
    page.fill("#id_location", "The cat café")
    page.select_option('select[name="seat-0-player"]', "towermia")
    page.select_option('select[name="seat-1-player"]', "towerleo")
    page.fill('input[name="seat-2-new"]', "Ada")

    # Mia's sheet first: her totals show as she fills it in (yarn already counted against the empty sheets).
    fill_sheet(page, 0, SHEETS[0])
    expect(total_cell(page, 0)).to_have_text("70")  # alone with yarn in columns 1-3: 9 each, 27 instead of 12

    # A bonus the column does not allow yet is refused on that sheet, with the reason, and taken back.
    page.select_option('select[name="s2-col-4"]', "4")
    expect(page.locator("#id_s2-col-4-errors")).to_contain_text("Column 4 scores a bonus but is not complete")
    page.select_option('select[name="s2-col-4"]', "")
    expect(page.locator("#id_s2-col-4-errors")).to_have_text("")

    fill_sheet(page, 1, SHEETS[1])
    fill_sheet(page, 2, SHEETS[2])
    for category, values in HAND.items():
        for seat, value in enumerate(values):
            expect(total_cell(page, seat, category)).to_have_text(str(value))
    expect(page.locator("#sheet-total-0")).to_have_text("55 points")
    for seat in range(3):
        expect(page.locator(f"#sheet-problems-{seat}")).to_have_text("")

    record_url = save_the_game(page, "Cat Tower")
    # Leo is a registered player Mia recorded: his seat waits for his confirmation (scoring/confirmations.py).
    expect_rows(page.locator("main table.result tbody tr"),
                ["1 1 Mia 55", "2 2 Leo awaiting confirmation 54", "3 3 Ada 30"])

    # The game is in the history, with its three players and their scores; Leo sees it as well.
    for viewer in (page, leo):
        viewer.goto("/history/?game=cat_tower")
        line = history_line(viewer, record_url)
        expect(line).to_have_count(1)
        expect(line).to_contain_text("Cat Tower table", use_inner_text=True)
        expect(line).to_contain_text("Mia (55, winner); Leo (54, #2, awaiting confirmation); Ada (30, #3)",
                                     use_inner_text=True)

    assert page.console_errors == []
