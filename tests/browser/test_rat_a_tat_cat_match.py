"""In real Chromium: two players create and join a Rat-a-Tat Cat match, play a whole round through the page,
each seeing the other's moves arrive live, and the finished match lands in both players' history."""

import pytest
from playwright.sync_api import expect

from tests.browser.tables import act, create_match, join_by_invitation, memorise, throw_away_the_draw, wait_for_version

pytestmark = pytest.mark.browser


def offered(page, label: str) -> bool:
    """Whether the table offers this move now (asked of a table that answered the page's last move)."""
    return page.locator("#table button", has_text=label).count() > 0


def play_a_turn(page, knock: bool) -> int:
    """Draw and throw the card away (drawing again after a Draw 2), then knock or end the turn if asked."""
    page.locator("#table button", has_text="Draw a card").wait_for()
    if offered(page, "Memorised"):
        memorise(page)
    # act() returns once the page shows the table that answers the move: what it offers next is there to read.
    latest = act(page, "Draw a card")
    latest = throw_away_the_draw(page) or latest
    if offered(page, "Knock"):
        latest = act(page, "Knock: Rat-a-tat cat!" if knock else "End turn")
    return latest


def test_two_players_play_a_round_live(signed_up):
    mia, leo = signed_up(("mia", "Mia"), ("leo", "Leo"))

    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)

    # Mia's page learns that Leo sat down and the cards were dealt, without a reload.
    expect(mia.locator(".table-status")).to_contain_text("Your move")
    shown = ".ratc-row.mine .cards .card:not(.back)"
    expect(mia.locator(shown), "Mia sees her two outer cards (opening peek)").to_have_count(2)
    expect(leo.locator(".table-status")).to_contain_text("It is Mia's turn")
    expect(leo.locator(shown), "Leo sees his two outer cards").to_have_count(2)
    memorised = act(leo, "Memorised")
    expect(leo.locator(shown), "hidden again once memorised").to_have_count(0)
    expect(leo.locator(".table-status")).to_contain_text("Waiting for Mia")
    wait_for_version(mia, memorised)  # Mia's page has Leo's move before she makes hers

    # Mia plays a turn and knocks; Leo sees it happen live, then has his one last turn.
    latest = play_a_turn(mia, knock=True)
    wait_for_version(leo, latest)
    expect(leo.locator("#table .badge", has_text="knocked")).not_to_have_count(0)
    expect(leo.locator(".table-status")).to_contain_text("Your move")
    expect(leo.locator(".match-log")).to_contain_text("Mia")

    latest = play_a_turn(leo, knock=False)
    for page in (mia, leo):
        wait_for_version(page, latest)
        expect(page.locator(".table-status")).to_contain_text("The match is over")
        expect(page.locator(".result")).to_be_visible()
        expect(page.locator(".ratc-rounds", has_text="Round 1 revealed")).to_have_count(1)

    # The finished match is in both players' history.
    for page, handle in ((mia, "mia"), (leo, "leo")):
        page.goto(f"/history/?player={handle}")
        row = page.locator("table.records tbody tr").first
        for text in ("Rat-a-Tat Cat", "Mia", "Leo"):
            expect(row).to_contain_text(text)
        page.goto(f"/players/{handle}/")
        expect(page.locator("main")).to_contain_text("Rat-a-Tat Cat")


def test_a_bot_answers_live(signed_up):
    """Against a bot: its moves arrive by themselves after the human's, and the match ends without a reload."""
    (mia,) = signed_up(("mia2", "Mia"))
    create_match(mia, "rat_a_tat_cat", ["me", "bot:good"], rounds=1)
    expect(mia.locator(".table-status")).to_contain_text("Your move")
    latest = play_a_turn(mia, knock=True)
    # The bot memorised its peek and takes its one last turn on the server; the page shows the end on its own.
    expect(mia.locator(".table-status")).to_contain_text("The match is over", timeout=60_000)
    wait_for_version(mia, latest + 1)
    expect(mia.locator(".match-log")).to_contain_text("Good bot")
