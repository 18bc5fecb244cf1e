"""In real Chromium: a player sits down with a good and an easy bot and plays a whole game of Hot Tin Roof through
the page (dumpsters, gaps and cats chosen on the board, by mouse and by keyboard), to the end; the finished match
is in the history with its record, which downloads, imports back as the same record, and downloads unchanged."""

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import positions
from tests.browser.tables import create_match, version, wait_for_version

pytestmark = pytest.mark.browser

GAME_SECONDS = 420  # a bound for a stuck game, not a wait: a loaded machine takes 2 s or more a move
CLICK_MS = 3000
SHOTS = Path("/tmp")
TURN_OR_END = re.compile("Your move|The match is over")


def status(page) -> str:
    return page.locator("#table .table-status").inner_text()


def data(page) -> dict:
    return json.loads(page.locator("#htr-data").inner_html())


def posted(page, do) -> None:
    """Do something that posts a move, and wait for the table that answers it."""
    before = version(page)
    # The answer is waited for as long as any wait (conftest.py): on a loaded machine it takes many seconds.
    with page.expect_response(lambda r: r.request.method == "POST" and "/move/" in r.url):
        do()
    wait_for_version(page, before + 1)


def partner_patio(page, key: str) -> str:
    """Where the partner of my cat `key` ("sitting0") stands, read from the board."""
    partner = f"0-{key[:-1]}{1 - int(key[-1])}"
    return page.locator(f'#table [data-cat="{partner}"]').get_attribute("data-on")


def dive(page, choices: dict, by_keyboard: bool) -> None:
    dives = choices["dives"]
    home = next((a for a in dives if "tile" in a), None)
    dumpster = home["dumpster"] if home else "catwalk"
    page.locator(f'#table .htr-pick[data-dumpster="{dumpster}"]').click(timeout=CLICK_MS)
    if home:
        posted(page, lambda: page.locator("#htr-choices button").first.click(timeout=CLICK_MS))
        return
    targets = page.locator("#table .htr-board .target")
    if any("from" in a for a in dives if a["dumpster"] == dumpster) and targets.count():
        # None left in reserve: the dive moves one already on the board, chosen first, then where it goes.
        targets.first.click(timeout=CLICK_MS)
        expect(page.locator("#htr-hint")).to_have_text("Now pick where it goes.")
    if targets.count():
        posted(page, lambda: activate(page, targets.first, by_keyboard))
    else:
        posted(page, lambda: page.locator("#htr-choices button").first.click(timeout=CLICK_MS))


def race(page, choices: dict) -> str:
    """Join a pair when a cat can reach its partner; otherwise end the turn."""
    for key, destinations in choices["moves"].items():
        partner = partner_patio(page, key)
        if partner in destinations:
            page.locator(f'#table [data-cat="0-{key}"]').click(timeout=CLICK_MS)
            page.locator(f'#table .htr-patio.target[data-patio="{partner}"]').click(timeout=CLICK_MS)
            tolls = page.locator("#htr-choices label").first
            expect(tolls).to_contain_text("→")
            expect(tolls).to_contain_text(re.compile("free|to "))
            expect(page.locator("#htr-path"), "the path is drawn").to_have_attribute("points", re.compile(r"\d"))
            posted(page, lambda: page.locator("#htr-choices button", has_text="Move this cat").click(timeout=CLICK_MS))
            return "join"
    posted(page, lambda: page.locator("#table button.htr-end").click(timeout=CLICK_MS))
    return "end"


def activate(page, spot, by_keyboard: bool) -> None:
    """Choose a spot on the board as a player would: a click, or the focus put on it and Enter."""
    if by_keyboard:
        spot.focus()
        page.keyboard.press("Enter")
    else:
        spot.click(timeout=CLICK_MS)


@pytest.mark.parametrize(("dumpster", "by_keyboard"), [("catwalk", False), ("shelter", True)])
def test_with_the_reserve_used_up_a_dive_moves_a_piece_of_yours_chosen_on_the_board(signed_up, manage, dumpster,
                                                                                   by_keyboard):
    """With none left in reserve, the dive moves one of your own pieces to a free spot: the page offers yours,
    then the free spots, and the second choice posts the move (it once took the spot for another piece to move)."""
    handle = f"mover{dumpster}"
    (page,) = signed_up((handle, "Moe"))
    at = positions.setup(manage, f"reserve_used_up({handle!r}, {dumpster!r})")
    page.goto(f"/matches/{at['match']}/")
    expect(page.locator("#table .table-status")).to_contain_text("Your move")
    field = "gap" if dumpster == "catwalk" else "patio"
    moving = [a for a in data(page)["dives"] if a["dumpster"] == dumpster and "from" in a]
    page.locator(f'#table .htr-pick[data-dumpster="{dumpster}"]').click(timeout=CLICK_MS)
    spots = page.locator("#table .htr-board .target")
    expect(spots).to_have_count(len({a["from"] for a in moving}))  # yours, to move
    source = spots.first.get_attribute(f"data-{field}")
    activate(page, spots.first, by_keyboard)
    expect(page.locator("#htr-hint")).to_have_text("Now pick where it goes.")
    expect(spots).to_have_count(len([a for a in moving if a["from"] == source]))  # the free spots
    destination = spots.first.get_attribute(f"data-{field}")
    posted(page, lambda: activate(page, spots.first, by_keyboard))
    expect(page.locator(".match-log")).to_contain_text(f"Moe moved a {dumpster} from")
    expect(page.locator(f'#table [data-{field}="{source}"]')).to_have_attribute("aria-label",
                                                                              re.compile(f"no {dumpster}"))
    expect(page.locator(f'#table [data-{field}="{destination}"]')).not_to_have_attribute("aria-label",
                                                                                       re.compile(f"no {dumpster}"))
    assert not page.console_errors, page.console_errors


def test_a_player_and_two_bots_play_a_whole_game_and_its_record_travels(signed_up):
    (page,) = signed_up(("roofcat", "Rhea"))  # a context accepts downloads unless told not to
    create_match(page, "hot_tin_roof", ["me", "bot:good", "bot:easy"])
    expect(page.locator("#table .htr-patio")).to_have_count(15)
    expect(page.locator('#table [data-patio="A"]')).to_have_attribute(
        "aria-label", "Adams A (patio); no shelter; no cats")

    deadline, done, shot, lost = time.monotonic() + GAME_SECONDS, [], False, []
    while "The match is over" not in status(page):
        if time.monotonic() > deadline:
            page.screenshot(path=str(SHOTS / "hot_tin_roof_stuck.png"), full_page=True)
            (SHOTS / "hot_tin_roof_stuck.html").write_text(page.content())
        assert time.monotonic() < deadline, f"the game did not end in time ({done}, {lost[-3:]})"
        try:
            expect(page.locator("#table .table-status")).to_contain_text(  # the bots play: wait as long as a game
                TURN_OR_END, timeout=max(deadline - time.monotonic(), 1) * 1000)
            if "Your move" not in status(page):
                continue
            phase = page.locator("#table .htr").get_attribute("data-phase")
            choices = data(page)
            if phase == "dive":
                if "dive" not in done:  # the ante, paid as the turn began, is among the log's latest lines
                    expect(page.locator(".match-log")).to_contain_text("paid the ante")
                dive(page, choices, by_keyboard=len(done) % 2 == 1)
                done.append("dive")
            elif phase == "race":
                if not shot and len(done) > 6:
                    page.screenshot(path=str(SHOTS / "hot_tin_roof_mid_game.png"), full_page=True)
                    shot = True
                done.append(race(page, choices))
            elif phase == "settle":
                posted(page, lambda: page.locator("#table .htr-settle").first.click(timeout=CLICK_MS))
                done.append("settle")
        except AssertionError:
            raise
        except Exception as exc:  # a push redrew the table under the click: look again
            lost.append(str(exc)[:300])
            page.wait_for_timeout(30)
            continue

    assert done.count("dive") >= 3, done
    page.screenshot(path=str(SHOTS / "hot_tin_roof_end.png"), full_page=True)
    # On a 390 px phone the board still fits the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    board = page.locator("#table .htr-board").bounding_box()
    assert 300 < board["width"] <= 390, board
    page.screenshot(path=str(SHOTS / "hot_tin_roof_phone.png"), full_page=False)
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(page.locator(".result")).to_be_visible()
    expect(page.locator("#table .htr-final li")).to_have_count(3)
    expect(page.locator(".match-log")).to_contain_text(re.compile("took the last fish|The game is over"))

    # The match is in the history, with its record.
    page.click("text=In the history")
    page.wait_for_url(re.compile(r"/history/\d+/$"))
    record_url = "/" + page.url.split("/", 3)[3]
    page.goto("/history/?player=roofcat")
    expect(page.locator("table.records tbody tr").first).to_contain_text("Hot Tin Roof")

    page.goto(record_url)
    with page.expect_download() as first:
        page.click("text=Download the record (JSON)")
    exported = Path(first.value.path()).read_text(encoding="utf-8")
    record = json.loads(exported)
    assert record["game"] == "hot_tin_roof" and record["source"] == "online"
    assert len(record["moves"]) > 10 and set(record["final"]) == {"players", "trigger_seat"}
    assert record["result"]["breakdown"][0].keys() == {"cans", "fish", "total"}

    # Importing it back: it replays and checks out, and is the same record (skipped as already in the history).
    page.goto("/records/import/")
    page.set_input_files("#id_file", files=[{"name": "roof.json", "mimeType": "application/json",
                                             "buffer": exported.encode()}])
    page.click("button:text('Import')")
    page.locator("text=Already in the history, so skipped").wait_for()
    page.goto(record_url)
    with page.expect_download() as second:
        page.click("text=Download the record (JSON)")
    assert Path(second.value.path()).read_text(encoding="utf-8") == exported
    assert not page.console_errors, page.console_errors
