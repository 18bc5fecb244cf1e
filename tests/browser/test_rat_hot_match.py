"""In real Chromium: a player sits down with the good bot and plays a whole game of Rat Hot through the page, to
the last strip and the final tally. Each strip is placed as a keyboard user would: the strip and its facing from
their radio buttons, the spot from the menu that names it and tells what it scores; the board highlights it."""
import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.tables import version, wait_for_version

pytestmark = pytest.mark.browser

GAME_SECONDS = 300  # a bound for a stuck game, not a wait: a loaded machine takes 2 s or more a move
CLICK_MS = 3000
TURN_OR_END = re.compile("Your move|The match is over")
SPOT = re.compile(r"^(.+); at column (-?\d+), row (-?\d+), facing (east|south|west|north); scores (.+)$")


def status(page) -> str:
    return page.locator("#table .table-status").inner_text()


def place_a_strip(page, turn: int) -> dict:
    """Choose a strip, a facing and the spot that scores most for red; place it. The chosen spot's words."""
    # The page's script takes a redrawn table in when htmx settles it, a moment after it shows.
    expect(page.locator("#table .rh[data-ready]"), "the table's script is ready").to_have_count(1)
    form = page.locator("#table form.rh-play")
    strips = form.locator('input[name="rh-strip"]')
    options = form.locator("select.rh-spot option")
    count = strips.count()
    # The page's script lists the spots of the chosen strip and facing: wait for them, and try the other
    # facings and strips should one have no legal spot.
    for strip, facing in [((turn + s) % count, (turn + d) % 4) for s in range(count) for d in range(4)]:
        strips.nth(strip).check(timeout=CLICK_MS)
        form.locator('input[name="rh-dir"]').nth(facing).check(timeout=CLICK_MS)
        try:
            expect(options.nth(1)).to_be_attached(timeout=1000)
        except AssertionError:
            continue
        break
    labels = options.all_inner_texts()[1:]
    assert labels, "no spot offered for any strip and facing"
    best = max(range(len(labels)), key=lambda i: ("for red" in labels[i], labels[i].count("2 for red")))
    form.locator("select.rh-spot").select_option(index=best + 1)
    label = labels[best]
    assert SPOT.match(label), label
    expect(form.locator(".rh-preview")).to_have_text(label)
    expect(page.locator("#table .rh-ghost use"), "the strip is drawn where it would go").to_have_count(3)
    expect(page.locator("#table .rh-spot-mark.on")).to_have_count(1)
    before = version(page)
    with page.expect_response(lambda r: r.request.method == "POST" and "/move/" in r.url, timeout=CLICK_MS * 2) as done:
        form.locator("button.rh-place").click(timeout=CLICK_MS)
    assert done.value.status == 200, done.value.text()
    wait_for_version(page, before + 1)
    return SPOT.match(label).groups()


def test_a_player_plays_a_whole_game_against_the_good_bot(signed_up):
    (page,) = signed_up(("ratplayer", "Rita"))

    page.goto("/play/new/rat_hot/")
    page.select_option("#id_seat_0", "me")
    page.select_option("#id_seat_1", "bot:good")
    page.uncheck("#id_option_rats")  # to the last strip: nobody loses by rats
    page.click("button:text('Create the match')")
    page.wait_for_url("**/matches/*/")
    page.locator("#live-status", has_text="Live").wait_for()
    expect(page.locator("#table .rh-board")).to_be_visible()
    expect(page.locator('#table input[name="rh-strip"]'), "the first turn reveals one strip").to_have_count(1)

    # Zoom and pan change what the board shows, and "Fit" shows the layout again.
    board = page.locator("#table svg.rh-board")
    fit = board.get_attribute("viewBox")
    page.click("#table [data-zoom='in']")
    expect(board).not_to_have_attribute("viewBox", fit)
    page.click("#table [data-zoom='fit']")
    expect(board).to_have_attribute("viewBox", fit)

    # The keyboard reaches the rotation: Rotate (Enter) turns east to south, and the spots follow it.
    form = page.locator("#table form.rh-play")
    expect(form.locator("select.rh-spot option").nth(1), "the page's script lists the spots").to_contain_text(
        "facing east")
    form.locator("button.rh-rotate").focus()
    page.keyboard.press("Enter")
    expect(form.locator('input[name="rh-dir"][value="S"]')).to_be_checked()
    expect(form.locator("select.rh-spot option").nth(1)).to_contain_text("facing south")

    deadline, placed, turn = time.monotonic() + GAME_SECONDS, [], 0
    while "The match is over" not in status(page):
        assert time.monotonic() < deadline, "the game did not end in time"
        expect(page.locator("#table .table-status")).to_contain_text(  # the bot's turn, as long as a game may last
            TURN_OR_END, timeout=max(deadline - time.monotonic(), 1) * 1000)
        if "Your move" not in status(page) or not page.locator("#table form.rh-play").count():
            continue
        try:
            placed.append(place_a_strip(page, turn))
            turn += 1
        except AssertionError:
            raise
        except Exception:  # a push redrew the table under the click: look again
            continue

    assert len(placed) == 21, f"red places 1 + 2 x 10 strips, placed {len(placed)}"
    expect(page.locator(".result")).to_be_visible()
    expect(page.locator(".result tbody tr")).to_have_count(2)
    expect(page.locator(".match-log")).to_contain_text("in the final tally")
    expect(page.locator(".match-log")).to_contain_text("The game is over")
    # The table stays on the page: the start and every strip placed (21 by each player) at least.
    expect(page.locator("#table .rh-cells use").nth(3 + 21 * 2 - 1)).to_be_attached()
    assert not page.console_errors, page.console_errors
