"""In real Chromium: two players create and join a Rat-a-Tat Cat match, play a whole round through the page,
each seeing the other's moves arrive live, and the finished match lands in both players' history."""

import pytest

from tests.browser.tables import act, create_match, join_by_invitation, version, wait_for_version
from tests.browser.test_signup import sign_up

pytestmark = pytest.mark.browser


def visible(page, label: str) -> bool:
    return page.locator("#table button", has_text=label).count() > 0


def play_a_turn(page, knock: bool) -> int:
    """Draw and throw the card away (drawing again after a Draw 2), then knock or end the turn if asked."""
    if visible(page, "Memorised"):
        act(page, "Memorised")
    latest = act(page, "Draw a card")
    while visible(page, "Discard it") or visible(page, "Don't use it"):
        latest = act(page, "Discard it" if visible(page, "Discard it") else "Don't use it")
    if visible(page, "Knock"):
        latest = act(page, "Knock: Rat-a-tat cat!" if knock else "End turn")
    return latest


def test_two_players_play_a_round_live(new_context):
    mia, leo = new_context().new_page(), new_context().new_page()
    sign_up(mia, "mia", "Mia")
    sign_up(leo, "leo", "Leo")

    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)

    # Mia's page learns that Leo sat down and the cards were dealt, without a reload.
    mia.locator(".table-status", has_text="Your move").wait_for()
    shown = ".ratc-row.mine .cards .card:not(.back)"
    assert mia.locator(shown).count() == 2, "Mia sees her two outer cards (opening peek)"
    leo.locator(".table-status", has_text="It is Mia's turn").wait_for()
    assert leo.locator(shown).count() == 2, "Leo sees his two outer cards"
    act(leo, "Memorised")
    assert leo.locator(shown).count() == 0, "hidden again once memorised"
    leo.locator(".table-status", has_text="Waiting for Mia").wait_for()

    # Mia plays a turn and knocks; Leo sees it happen live, then has his one last turn.
    latest = play_a_turn(mia, knock=True)
    wait_for_version(leo, latest)
    assert leo.locator(".badge", has_text="knocked").count() > 0
    leo.locator(".table-status", has_text="Your move").wait_for()
    assert "Mia" in leo.locator(".match-log").inner_text()

    latest = play_a_turn(leo, knock=False)
    for page in (mia, leo):
        wait_for_version(page, latest)
        page.locator(".table-status", has_text="The match is over").wait_for()
        assert page.locator(".result").is_visible()
        assert page.locator(".ratc-rounds", has_text="Round 1 revealed").count() == 1

    # The finished match is in both players' history.
    for page, handle in ((mia, "mia"), (leo, "leo")):
        page.goto(f"/history/?player={handle}")
        row = page.locator("table.records tbody tr").first
        assert "Rat-a-Tat Cat" in row.inner_text() and "Mia" in row.inner_text() and "Leo" in row.inner_text()
        page.goto(f"/players/{handle}/")
        assert "Rat-a-Tat Cat" in page.locator("main").inner_text()


def test_a_bot_answers_live(new_context):
    """Against a bot: its moves arrive by themselves after the human's, and the match ends without a reload."""
    mia = new_context().new_page()
    sign_up(mia, "mia2", "Mia")
    create_match(mia, "rat_a_tat_cat", ["me", "bot:good"], rounds=1)
    mia.locator(".table-status", has_text="Your move").wait_for()
    latest = play_a_turn(mia, knock=True)
    # The bot memorised its peek and takes its one last turn on the server; the page shows the end on its own.
    mia.locator(".table-status", has_text="The match is over").wait_for()
    assert version(mia) > latest
    assert "Good bot" in mia.locator(".match-log").inner_text()
