"""In real Chromium: a big screen and three phones at one table. Mia opens a table on the big screen; she, Leo
(signed up) and a guest without an account type its code on their phones' home page; Mia starts Rat-a-Tat Cat; the
phones play a whole game while the big screen shows only what the room may see; the guest's result is in the
history under her name, and when she signs up on her phone she takes it into her profile. Then a Cat Tower game
played on paper is scored by three phones and saved from the big screen."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.conftest import watch_errors
from tests.browser.tables import wait_for_version
from tests.browser.test_rat_a_tat_cat_match import play_a_turn
from tests.browser.test_record_cat_tower import HAND, SHEETS, fill_sheet, total_cell
from tests.browser.visitors import fill_sign_up, sign_up

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}
FACE_UP = "#table .ratc-row .cards .card:not(.back)"


def join_by_code(phone, code: str, name: str | None = None) -> None:
    """From the home page, type the code (in lower case, as people do) and press Enter; a guest then gives a name,
    by keyboard too."""
    phone.goto("/")
    phone.locator("#table-code").press_sequentially(code.lower())
    phone.keyboard.press("Enter")
    phone.wait_for_url(f"**/table/{code}/")
    assert_accessible(phone, "a phone's join form")
    if name:
        phone.locator("#guest-name").press_sequentially(name)
        phone.keyboard.press("Enter")
    else:
        phone.click("button:text('Join the table')")
    expect(phone.locator(".you")).to_contain_text(name or "")


def to_move(phones: list) -> object:
    """The phone whose table offers to draw (every page shows the same version: nothing is on its way)."""
    offering = [phone for phone in phones if phone.locator("#table button", has_text="Draw a card").count()]
    assert len(offering) == 1, "exactly one phone is to move"
    return offering[0]


def test_a_big_screen_and_three_phones_one_a_guest_play_a_whole_game(new_context):
    screen = watch_errors(new_context(viewport={"width": 1280, "height": 720}).new_page())
    sign_up(screen, "tablemia", "Mia")  # names no other browser test takes: the server is shared
    screen.goto("/")
    screen.click("button:text('Open a table')")
    screen.wait_for_url("**/table/*/screen/")
    code = screen.locator(".room-code").inner_text().strip()
    assert re.fullmatch(r"[AEFHKMNPRTWXY34679]{5}", code)
    expect(screen.locator(".room-qr svg")).to_be_visible()
    assert_accessible(screen, "the big screen, before anyone joined")

    mia = watch_errors(new_context(**PHONE, storage_state=screen.context.storage_state()).new_page())
    join_by_code(mia, code)  # the host plays too, from her own phone
    leo = watch_errors(new_context(**PHONE).new_page())
    sign_up(leo, "tableleo", "Leo")
    join_by_code(leo, code)
    grandma = watch_errors(new_context(**PHONE).new_page())
    join_by_code(grandma, code, "Grandma")
    phones = [mia, leo, grandma]

    # The big screen lists them by itself, and its form offers them a seat.
    expect(screen.locator(".start-game input[name=player]")).to_have_count(3)
    screen.select_option("#start-game", "rat_a_tat_cat")
    screen.fill("#id_rat_a_tat_cat-option_rounds", "1")
    screen.click("button:text('Start the game')")
    expect(screen.locator("#live-status")).to_have_text("Live")
    for phone in phones:  # the waiting phones follow the table to the game by themselves
        expect(phone.locator("#live-status")).to_have_text("Live")
        # Each phone sees its own two outer cards; the big screen none, ever (though Mia is logged in there).
        expect(phone.locator(".ratc-row.mine .cards .card:not(.back)")).to_have_count(2)
    expect(screen.locator(FACE_UP)).to_have_count(0)
    expect(screen.locator(".table-status")).to_contain_text("Watching")
    expect(screen.locator("#table form")).to_have_count(0)
    assert_accessible(screen, "the big screen during a game")
    assert_accessible(grandma, "the guest's phone during a game")

    # The first to move knocks at once; each of the others has one last turn; the big screen follows.
    for turn in range(len(phones)):
        latest = play_a_turn(to_move(phones), knock=turn == 0)
        for page in (screen, *phones):
            wait_for_version(page, latest)
        if turn < len(phones) - 1:  # at the end every card is shown to everyone
            expect(screen.locator(FACE_UP)).to_have_count(0)
        if turn == 0:
            expect(screen.locator(".match-log")).to_contain_text("knocked")
    for page in (screen, *phones):
        expect(page.locator(".table-status")).to_contain_text("The match is over")

    # The guest's result is in the history under her name.
    leo.goto("/history/?player=tableleo")
    expect(leo.locator("table.records tbody tr", has_text="Rat-a-Tat Cat").first).to_contain_text("Grandma")

    # Grandma signs up on her phone, is offered her result once, and takes it.
    grandma.goto("/accounts/signup/")
    fill_sign_up(grandma, "granny")
    grandma.wait_for_url("**/players/granny/")
    offer = grandma.locator(".guest-results")
    expect(offer).to_contain_text("Grandma")
    offer.locator("button", has_text="Take them").click()
    expect(grandma.locator(".messages")).to_contain_text("now in your profile")
    expect(grandma.locator(".guest-results")).to_have_count(0)
    grandma.goto("/players/granny/")
    expect(grandma.locator("main")).to_contain_text("Rat-a-Tat Cat")
    for page in (screen, *phones):
        assert page.console_errors == [], page.console_errors


def test_three_phones_score_a_cat_tower_game_played_on_paper(new_context):
    """Mia hosts on the big screen and plays from her phone too; Leo and Ada (a guest) from theirs. Each copies
    their own paper sheet; the big screen adds them up (the totals worked out by hand in test_record_cat_tower);
    Mia saves the record once."""
    screen = watch_errors(new_context(viewport={"width": 1920, "height": 1080}).new_page())
    sign_up(screen, "towerhost", "Mia")
    screen.goto("/")
    screen.click("button:text('Open a table')")
    screen.wait_for_url("**/table/*/screen/")
    code = screen.locator(".room-code").inner_text().strip()

    mia = watch_errors(new_context(**PHONE, storage_state=screen.context.storage_state()).new_page())
    join_by_code(mia, code)
    leo = watch_errors(new_context(**PHONE).new_page())
    sign_up(leo, "towerguestleo", "Leo")
    join_by_code(leo, code)
    ada = watch_errors(new_context(**PHONE).new_page())
    join_by_code(ada, code, "Ada")

    expect(screen.locator(".start-sheet input[name=player]")).to_have_count(3)
    screen.locator(".start-sheet summary").click()
    screen.select_option("#sheet-game", "cat_tower")
    screen.click("button:text('Start the score sheet')")
    expect(screen.locator("#screen-sheet-title")).to_contain_text("Cat Tower")
    for seat, phone in enumerate((mia, leo, ada)):
        expect(phone.locator("#phone-sheet-title")).to_contain_text("Cat Tower")
        assert phone.locator('select[name^="s"][name*="-hex-"]').count() == phone.locator(
            f'select[name^="s{seat}-hex-"]').count() > 0  # its own sheet only
        fill_sheet(phone, seat, SHEETS[seat])
        phone.click("button:text('Send my part')")
        expect(phone.locator(".messages")).to_contain_text("Sent")
    assert_accessible(ada, "a phone's part of a score sheet")
    for seat, total in enumerate(HAND["total"]):
        expect(total_cell(screen, seat)).to_have_text(str(total))
    assert_accessible(screen, "the big screen's score sheet")

    screen.click("button:text('Save the record')")
    expect(screen.locator(".messages")).to_contain_text("is recorded")
    expect(screen.locator(".evening")).to_contain_text("Cat Tower: won by Mia")
    ada.goto("/history/?player=towerhost")  # the server's other tests' records are not Mia's
    expect(ada.locator("table.records tbody tr", has_text="Cat Tower").first).to_contain_text("Ada")
    for page in (screen, mia, leo, ada):
        assert page.console_errors == [], page.console_errors
