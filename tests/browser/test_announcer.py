"""In real Chromium: the match page's one live region (#match-announcer, outside the table that pushes replace) says
another player's move in the words of the log, once: a push that adds no line to the log does not say it again."""

import pytest
from playwright.sync_api import expect

from tests.browser.tables import act, create_match, join_by_invitation, version, wait_for_version
from tests.browser.test_signup import sign_up

pytestmark = pytest.mark.browser

# Every text the region is given, in order (page.evaluate runs outside the page's content security policy).
LISTEN = """() => {
  const region = document.getElementById("match-announcer");
  window.announced = [];
  new MutationObserver(() => window.announced.push(region.textContent))
    .observe(region, {childList: true, characterData: true, subtree: true});
}"""


def announced(page) -> list[str]:
    return page.evaluate("() => window.announced")


def newest_line(page) -> str:
    return " ".join(page.locator("#table .match-log .log li").first.inner_text().split())


def test_another_players_move_is_said_once_in_the_words_of_the_log(new_context):
    mia, leo = new_context().new_page(), new_context().new_page()
    sign_up(mia, "amia", "Mia")
    sign_up(leo, "aleo", "Leo")
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)
    leo.locator("#table[data-status=playing]").wait_for()
    leo.locator("#live-status", has_text="Live").wait_for()
    expect(leo.locator("#table #match-announcer, #table [aria-live]"), "no live region inside the table").to_have_count(0)
    leo.evaluate(LISTEN)
    status_before = " ".join(leo.locator("#table .table-status").inner_text().split())

    # Mia draws: the push brings Leo a new table, but nothing new in the log and the same status line.
    drawn = act(mia, "Draw a card")
    wait_for_version(leo, drawn)
    assert " ".join(leo.locator("#table .table-status").inner_text().split()) == status_before
    assert announced(leo) == [], "a push that adds nothing to the log says nothing"

    # Mia discards the card she drew: Leo hears that move, as his log tells it, and nothing else.
    discarded = act(mia, "Discard it")
    wait_for_version(leo, discarded)
    line = newest_line(leo)
    assert line.startswith("Mia "), line
    expect(leo.locator("#match-announcer")).to_have_text(line)
    assert announced(leo) == [line]

    # Leo memorises his cards: a push to Mia with no line in her log: her region does not repeat the discard.
    mia.evaluate(LISTEN)
    before = version(mia)
    memorised = act(leo, "Memorised")
    wait_for_version(mia, max(memorised, before + 1))
    assert line not in " ".join(announced(mia)), announced(mia)
