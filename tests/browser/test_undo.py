"""In real Chromium: a player asks to take back their last move and the other agrees, or refuses; both pages follow
live (games/undo.py)."""
import pytest
from playwright.sync_api import expect

from tests.browser.tables import create_match, join_by_invitation, memorise, wait_for_version
from tests.browser.test_rat_a_tat_cat_match import play_a_turn

pytestmark = pytest.mark.browser


def undo_part(page):
    return page.locator("#table .match-undo")


def mia_ends_her_turn(mia, leo) -> int:
    """Both remember their cards; Mia draws, throws the card away and ends her turn: a choice she may take back."""
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)
    wait_for_version(mia, memorise(leo))
    ended = play_a_turn(mia, knock=False)
    wait_for_version(leo, ended)
    expect(leo.locator(".table-status")).to_contain_text("Your move")
    return ended


def test_a_player_takes_back_ending_the_turn_when_the_other_agrees(signed_up):
    mia, leo = signed_up(("undomia", "Mia"), ("undoleo", "Leo"))
    ended = mia_ends_her_turn(mia, leo)
    expect(undo_part(leo)).to_have_count(0)  # only Mia may ask: it was her move
    undo_part(mia).get_by_role("button", name="Take back my last move").click()
    expect(undo_part(mia)).to_contain_text("You asked to take back your last move: waiting for Leo to agree.")
    expect(undo_part(leo)).to_contain_text("Mia asks to take back their last move.")

    undo_part(leo).get_by_role("button", name="Agree").click()
    for page in (mia, leo):
        wait_for_version(page, ended + 1)
        expect(undo_part(page)).to_have_count(0)
    # Mia is back at the choice her turn ended with: she knocks this time.
    expect(mia.locator("#table button", has_text="Knock")).to_be_visible()
    expect(leo.locator(".table-status")).to_contain_text("Mia")


def test_one_refusal_and_the_move_stands(signed_up):
    mia, leo = signed_up(("nomia", "Mia"), ("noleo", "Leo"))
    ended = mia_ends_her_turn(mia, leo)
    undo_part(mia).get_by_role("button", name="Take back my last move").click()
    undo_part(leo).get_by_role("button", name="Refuse").click()
    for page in (mia, leo):
        expect(undo_part(page)).to_contain_text("Leo said no: Mia's move stands.")
    assert int(mia.locator("#table").get_attribute("data-version")) == ended  # nothing was taken back
    expect(leo.locator(".table-status")).to_contain_text("Your move")
