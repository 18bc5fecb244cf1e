"""In real Chromium: a finished match's replay tells each move in the words of the live log, steps without
reloading the page (links, arrow keys) and plays itself on request."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.tables import act, create_match, memorise, throw_away_the_draw

pytestmark = pytest.mark.browser
AUTOPLAY_MS = 1200  # static/js/replay.js steps on this often


def expect_step(page, wanted: int) -> None:
    expect(page.locator("#replay-step .replay-steps strong"), f"the replay reaches step {wanted}").to_have_text(
        str(wanted))


def finished_match(page) -> None:
    create_match(page, "rat_a_tat_cat", ["me", "bot:good"], rounds=1)
    memorise(page)
    act(page, "Draw a card")
    throw_away_the_draw(page)
    act(page, "Knock: Rat-a-tat cat!")
    expect(page.locator("#table .table-status")).to_contain_text("The match is over")


def test_a_replay_steps_without_reloading_and_speaks_like_the_log(signed_up):
    (page,) = signed_up(("replayer", "Rae"))
    finished_match(page)
    live_log = [" ".join(li.split()) for li in page.locator(".match-log .log li").all_inner_texts()]

    page.click("text=In the history")
    page.wait_for_url("**/history/*/")
    page.click("text=Replay")
    page.wait_for_url("**/replay/**")
    loads = []
    page.on("load", lambda: loads.append(page.url))

    expect(page.locator("main")).to_contain_text("Seats: 1. Rae, 2. Good bot", use_inner_text=True)
    moves = [" ".join(li.split()) for li in page.locator(".replay-move-list li").all_inner_texts()][1:]
    assert not any("position 0" in line for line in moves), moves
    told = [line for line in moves if line in live_log]
    assert told, f"no move is told in the live log's words: {moves} / {live_log}"

    # Links, then arrow keys: the step changes, the address follows, the page is not loaded again.
    page.click("#replay-step a[rel=next]")
    expect_step(page, 1)
    expect(page).to_have_url(re.compile(r"\?step=1$"))
    page.keyboard.press("ArrowRight")
    expect_step(page, 2)
    page.keyboard.press("ArrowLeft")
    expect_step(page, 1)
    page.keyboard.press("End")
    last = int(page.locator(".replay-steps").inner_text().split(" of ")[1].split()[0])
    expect_step(page, last)
    expect(page.locator(".replay-move")).to_contain_text("The match is over.")
    page.keyboard.press("Home")
    expect_step(page, 0)

    # Play steps on by itself until paused. The page's clock is the test's from here: time moves when the test
    # says, so a step is never on its way when Pause is pressed, and "nothing happens after Pause" is proven
    # by moving the clock on, not by sleeping.
    page.clock.install()
    autoplay = page.locator("#replay-autoplay")
    autoplay.click()
    expect(autoplay).to_have_attribute("aria-pressed", "true")
    page.clock.run_for(AUTOPLAY_MS * 2)
    steps = page.locator("#replay-step .replay-steps strong")
    expect(steps, "the replay plays on by itself").not_to_have_text("0")
    autoplay.click()
    expect(autoplay).to_have_text("Play")
    expect(autoplay).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#replay-step.htmx-request, #replay-step .htmx-request")).to_have_count(0)  # none on its way
    paused = steps.inner_text()
    page.clock.run_for(AUTOPLAY_MS * 3)
    expect(steps, "and stays where it was paused").to_have_text(paused)
    assert loads == [], f"stepping loaded the page again: {loads}"
