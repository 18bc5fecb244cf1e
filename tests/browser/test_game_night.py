"""In real Chromium, a game night from the invitation to the last score, nothing in the way:
a friend without an account follows the invitation into their seat (by signing up, or through a forgotten
password); a match ends early (a resignation, a claim against an absent player, a host's cancel) and leaves
the lists; a table game naming a registered player waits for their confirmation, at the table by QR code; and
results are listed winner first."""
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.tables import act, create_match, join_by_invitation
from tests.browser.test_record_hot_tin_roof import PAD, TRIGGER_SEAT, fill_pad, stats_line
from tests.browser.visitors import expect_rows, fill_sign_up, save_the_game

pytestmark = pytest.mark.browser


def path_of(page) -> str:
    return urlsplit(page.url).path


def match_number(page) -> int:
    return int(re.search(r"/matches/(\d+)/", page.url).group(1))


def starts_with(text: str) -> re.Pattern:
    """A row's text (cells apart by white space) that begins with these words."""
    return re.compile(r"^\s*" + r"\s+".join(map(re.escape, text.split())))


def test_a_friend_without_an_account_signs_up_from_the_invitation_and_sits_down(new_context, signed_up):
    (mia,) = signed_up(("nightmia", "Mia"))
    friend = new_context().new_page()
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    number, match_path = match_number(mia), path_of(mia)

    friend.goto(mia.locator("#invite-link").input_value())
    friend.wait_for_url(re.compile(r"/accounts/login/\?next="))
    expect(friend.locator(".invitation-note")).to_contain_text(f"You are joining Rat-a-Tat Cat #{number}")
    expect(friend.locator(".invitation-note")).to_contain_text("hosted by Mia")
    friend.get_by_role("link", name="Create your player profile").click()
    friend.wait_for_url(re.compile(r"/accounts/signup/\?next="))
    expect(friend.locator(".invitation-note")).to_contain_text(f"You are joining Rat-a-Tat Cat #{number}")
    fill_sign_up(friend, "nightpip")

    # Straight into the seat: the match starts, and Mia's page sees it without a reload.
    friend.wait_for_url(f"**{match_path}")
    expect(friend.locator(".messages")).to_contain_text(f"You have a seat at Rat-a-Tat Cat #{number}")
    expect(friend.locator(".table-status")).to_contain_text("It is Mia's turn")
    expect(mia.locator(".table-status")).to_contain_text("Your move")
    expect(mia.locator("#table")).to_contain_text("nightpip")


def test_a_friend_who_forgot_the_password_ends_in_the_seat(new_context, signed_up, browser_server):
    mia, leo = signed_up(("resetmia", "Mia"), ("resetleo", "Leo"))
    leo.click("button:text('Log out')")
    expect(leo.locator(".nav-account").get_by_text("Log in")).to_be_visible()
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    number, match_path = match_number(mia), path_of(mia)

    leo.goto(mia.locator("#invite-link").input_value())
    leo.get_by_role("link", name="Forgotten your password?").click()
    leo.wait_for_url(re.compile(r"/accounts/password_reset/\?next="))
    expect(leo.locator(".invitation-note")).to_contain_text(f"You are joining Rat-a-Tat Cat #{number}")
    leo.fill("#id_email", "resetleo@example.com")
    leo.click("button:text('Send me the link')")
    leo.wait_for_url("**/accounts/password_reset/done/")

    # The e-mail (the console backend writes it to the server's log) carries the way to the match.
    links = re.findall(r"http://[^\s]+/accounts/reset/[^\s]+", browser_server.log.read_text())
    link = links[-1]
    assert link.endswith(f"?next={urlsplit(mia.locator('#invite-link').input_value()).path}")
    mail_tab = new_context().new_page()  # opened from the mail program: a browser without Leo's session
    mail_tab.goto(link)
    expect(mail_tab.locator("h1")).to_have_text("Choose a new password")
    expect(mail_tab.locator(".invitation-note")).to_contain_text(f"Rat-a-Tat Cat #{number}")
    mail_tab.fill("#id_new_password1", "a-new-secret-for-leo-9")
    mail_tab.fill("#id_new_password2", "a-new-secret-for-leo-9")
    mail_tab.click("button:text('Set my new password')")
    mail_tab.wait_for_url(f"**{match_path}")
    expect(mail_tab.locator(".table-status")).to_contain_text("It is Mia's turn")
    expect(mia.locator(".table-status")).to_contain_text("Your move")


def test_a_player_resigns_the_match_ends_winner_first_and_leaves_the_lists(signed_up):
    mia, leo = signed_up(("resignmia", "Mia"), ("resignleo", "Leo"))
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)
    number = match_number(mia)
    expect(mia.locator(".table-status")).to_contain_text("Your move")

    # The lists say which match it is, since when, and whose turn (both look at their cards at once).
    leo.goto("/play/")
    row = leo.locator(f'#my-matches li[data-match="{number}"]')
    expect(row).to_have_count(1)
    for words in (f"Rat-a-Tat Cat #{number}", "started", "Your turn"):
        expect(row).to_contain_text(words)
    leo.go_back()
    expect(leo.locator("#live-status")).to_have_text("Live")

    leo.get_by_role("link", name="Leave the match…").click()  # asks first, and says what happens
    expect(leo.locator(".resign-ask")).to_contain_text("The match ends now, for everyone.")
    leo.get_by_role("button", name="Resign as Leo").click()
    leo.wait_for_url(f"**/matches/{number}/")
    for page in (leo, mia):  # Mia's page learns it live
        expect(page.locator(".match-ended")).to_contain_text("Leo resigned")
        expect(page.locator(".table-status")).to_contain_text("The match is over")
        rows = page.locator(".result table tbody tr")
        expect(rows).to_have_count(2)
        # The winner first, though Leo sat second.
        expect(rows).to_have_text([starts_with("1 Mia"), starts_with("2 Leo")], use_inner_text=True)

    for page in (mia, leo):
        page.goto("/play/")
        expect(page.locator(f'#my-matches li[data-match="{number}"]')).to_have_count(0)
    mia.goto("/history/?player=resignleo")
    expect(mia.locator("table.records tbody tr").first).to_contain_text(re.compile(r"Mia \(.*Leo \(", re.S))


def test_the_others_claim_a_match_whose_player_stays_away(signed_up, manage):
    mia, leo = signed_up(("awaymia", "Mia"), ("awayleo", "Leo"))
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)
    number = match_number(mia)
    expect(leo.locator(".table-status")).to_contain_text("It is Mia's turn")
    act(leo, "Memorised")
    expect(leo.locator("button", has_text="Claim the match")).to_have_count(0)

    # Mia never looks at her cards; a day and more goes by (the host's default choice: a day).
    manage("shell", "-c", "from datetime import timedelta; from django.utils import timezone; "
                          "from games.models import Match; "
                          f"Match.objects.filter(pk={number}).update(started_at=timezone.now() - timedelta(days=2))")
    leo.reload()
    expect(leo.locator(".claim")).to_contain_text("Mia has not moved for a day")
    leo.click("button:text('Claim the match')")
    expect(leo.locator(".match-ended")).to_contain_text("Mia stopped playing")
    expect(leo.locator(".result table tbody tr").first).to_have_text(starts_with("1 Leo"), use_inner_text=True)
    expect(mia.locator(".match-ended")).to_contain_text("scored as abandoned by Mia")
    leo.goto("/play/")
    expect(leo.locator(f'#my-matches li[data-match="{number}"]')).to_have_count(0)


def test_the_host_cancels_a_match_before_it_starts(signed_up):
    mia, leo = signed_up(("cancelmia", "Mia"), ("cancelleo", "Leo"))
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    number, invite = match_number(mia), mia.locator("#invite-link").input_value()
    leo.goto(f"/matches/{number}/")
    expect(leo.locator("#live-status")).to_have_text("Live")
    expect(leo.locator("#table")).to_contain_text("Waiting for players")

    mia.click("button:text('Cancel this match')")
    mia.wait_for_url("**/play/")
    expect(mia.locator(".messages")).to_contain_text(f"Match #{number} is cancelled.")
    expect(mia.locator(f'#my-matches li[data-match="{number}"]')).to_have_count(0)
    expect(leo.locator("#table")).to_contain_text("This match was cancelled")  # live
    leo.goto(invite)
    expect(leo.locator("main")).to_contain_text("This match was cancelled by its host.")
    expect(leo.locator("button:text('Take a seat')")).to_have_count(0)


def test_a_table_game_waits_for_the_other_players_confirmation_by_qr_code(signed_up):
    bob, page = signed_up(("qrbob", "Bob"), ("qrrita", "Rita"))
    page.goto("/record/hot_tin_roof/")
    page.select_option('select[name="seat-0-player"]', "qrrita")
    page.select_option('select[name="seat-1-player"]', "qrbob")
    page.fill('input[name="seat-2-new"]', "Aunt Mabel")
    for seat, numbers in enumerate(PAD):
        fill_pad(page, seat, numbers)
    page.check(f'input[name="trigger_seat"][value="{TRIGGER_SEAT}"]')
    record_path = save_the_game(page, "Hot Tin Roof")

    # Winner first (Bob won the tie from seat 2), and Bob's seat waits for him; a QR code for him alone.
    expect_rows(page.locator("main table.result tbody tr"),
                ["1 2 Bob awaiting confirmation 82", "2 1 Rita 82", "3 3 Aunt Mabel 27"])
    codes = page.locator(".confirm-code")
    expect(codes).to_have_count(1)
    expect(codes.first).to_contain_text("Bob")
    expect(codes.first.locator("svg path")).to_have_count(1)
    expect(codes.first.locator("svg")).to_have_attribute("width", re.compile(r"\d"))
    expect(codes.first.locator("a")).to_have_attribute("href", re.compile(re.escape(f"{record_path}confirm/1/") + "$"))
    link = codes.first.locator("a").get_attribute("href")

    # Until he confirms, it is on Bob's page to answer, and in none of his statistics.
    bob.goto("/players/qrbob/")
    expect(bob.locator("#awaiting")).to_contain_text("Hot Tin Roof")
    expect(bob.locator("#awaiting")).to_contain_text("recorded by Rita")
    expect(stats_line(bob)).to_have_count(0)

    # At the table Bob scans the code with his phone (the link it holds) and confirms.
    bob.goto(link)
    expect(bob.locator(".confirm-state")).to_contain_text("awaiting confirmation")
    bob.click("button:text('Confirm this result')")
    bob.wait_for_url(f"**{record_path}")
    expect(bob.locator(".messages")).to_contain_text("now counts in your statistics")
    bob.goto("/players/qrbob/")
    expect(bob.locator("#awaiting")).to_have_count(0)
    cells = stats_line(bob).locator("td")
    expect(cells.nth(0)).to_have_text("1")  # played
    expect(cells.nth(1)).to_have_text("1")  # won
    page.reload()
    expect(page.locator(".confirm-code")).to_have_count(0)
    assert page.console_errors == []
