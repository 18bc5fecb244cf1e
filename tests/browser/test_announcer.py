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


def status(page) -> str:
    return " ".join(page.locator("#table .table-status").inner_text().split())


def test_another_players_move_is_said_once_in_the_words_of_the_log(new_context):
    mia, leo = new_context().new_page(), new_context().new_page()
    sign_up(mia, "amia", "Mia")
    sign_up(leo, "aleo", "Leo")
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)
    for page in (mia, leo):
        page.locator("#table[data-status=playing]").wait_for()
        page.locator("#live-status", has_text="Live").wait_for()
        page.evaluate(LISTEN)
    expect(leo.locator("#table [aria-live]"), "no live region inside the table").to_have_count(0)
    expect(leo.locator("#match-announcer[aria-live=polite]")).to_have_count(1)

    # Leo, who does not start, memorises his two outer cards: Mia gets a new table, with nothing new in its log.
    mia_status, mia_line = status(mia), newest_line(mia)
    before = version(mia)
    act(leo, "Memorised")
    wait_for_version(mia, before + 1)
    assert newest_line(mia) == mia_line
    assert announced(mia) == ([] if status(mia) == mia_status else [status(mia)]), \
        "a push that adds nothing to the log repeats nothing"

    # Mia takes the first discard (always a number) into her row: Leo hears that move as his log tells it, once.
    leo_status, earlier = status(leo), len(announced(leo))  # his own Memorised was said to him
    before = version(leo)
    with mia.expect_response(lambda r: r.request.method == "POST" and "/move/" in r.url):
        mia.locator("#table .ratc-row.mine button.choosable").first.click()
    wait_for_version(leo, before + 1)
    line = newest_line(leo)
    assert line.startswith("Mia took the"), line
    said = line if status(leo) == leo_status else f"{line} {status(leo)}"
    expect(leo.locator("#match-announcer")).to_have_text(said)
    assert announced(leo)[earlier:] == [said]

    # Mia ends her turn: Leo's new table says that it is his move, and not her last move again.
    before = version(leo)
    act(mia, "End turn")
    wait_for_version(leo, before + 1)
    expect(leo.locator("#match-announcer")).not_to_have_text(said)
    assert not any(line in text for text in announced(leo)[earlier + 1:]), announced(leo)
