"""In real Chromium: a finished match's replay tells each move in the words of the live log, steps without
reloading the page (links, arrow keys) and plays itself on request."""
import time

import pytest

from tests.browser.tables import act, create_match
from tests.browser.test_match_page import memorise
from tests.browser.test_signup import sign_up

pytestmark = pytest.mark.browser


def step(page) -> int:
    return int(page.locator("#replay-step .replay-steps strong").inner_text())


def wait_for_step(page, wanted: int, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while step(page) != wanted:
        assert time.monotonic() < deadline, f"the replay never reached step {wanted} (at {step(page)})"
        page.wait_for_timeout(20)


def finished_match(page) -> None:
    create_match(page, "rat_a_tat_cat", ["me", "bot:good"], rounds=1)
    memorise(page)
    act(page, "Draw a card")
    while page.locator("#table button", has_text="Discard it").count() or page.locator(
            "#table button", has_text="Don't use it").count():
        act(page, "Discard it" if page.locator("#table button", has_text="Discard it").count() else "Don't use it")
    act(page, "Knock: Rat-a-tat cat!")
    page.locator("#table .table-status", has_text="The match is over").wait_for()


def test_a_replay_steps_without_reloading_and_speaks_like_the_log(new_context):
    page = new_context().new_page()
    sign_up(page, "replayer", "Rae")
    finished_match(page)
    live_log = [" ".join(li.split()) for li in page.locator(".match-log .log li").all_inner_texts()]

    page.click("text=In the history")
    page.click("text=Replay")
    page.wait_for_url("**/replay/**")
    loads = []
    page.on("load", lambda: loads.append(page.url))

    assert "Seats: 1. Rae, 2. Good bot" in page.locator("main").inner_text()
    moves = [" ".join(li.split()) for li in page.locator(".replay-move-list li").all_inner_texts()][1:]
    assert not any("position 0" in line for line in moves), moves
    told = [line for line in moves if line in live_log]
    assert told, f"no move is told in the live log's words: {moves} / {live_log}"

    # Links, then arrow keys: the step changes, the address follows, the page is not loaded again.
    page.click("#replay-step a[rel=next]")
    wait_for_step(page, 1)
    assert page.url.endswith("?step=1")
    page.keyboard.press("ArrowRight")
    wait_for_step(page, 2)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 1)
    page.keyboard.press("End")
    last = int(page.locator(".replay-steps").inner_text().split(" of ")[1].split()[0])
    wait_for_step(page, last)
    assert "The match is over." in page.locator(".replay-move").inner_text()
    page.keyboard.press("Home")
    wait_for_step(page, 0)

    # Play steps on by itself until paused.
    page.click("#replay-autoplay")
    assert page.locator("#replay-autoplay").get_attribute("aria-pressed") == "true"
    wait_for_step(page, 2, seconds=10)
    page.click("#replay-autoplay")
    paused = step(page)
    page.wait_for_timeout(1600)
    assert step(page) == paused and page.locator("#replay-autoplay").inner_text() == "Play"
    assert loads == [], f"stepping loaded the page again: {loads}"
