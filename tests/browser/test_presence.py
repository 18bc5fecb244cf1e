"""In real Chromium: who is at the table shows live on every page (here, away, gone), and when one of three players
closes their tab for good, the others hand the seat to a bot and finish the match; the player may come back and
take the seat back (games/presence.py, games/stand_in.py)."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.tables import act, create_match, join_by_invitation, memorise, wait_for_version
from tests.browser.test_rat_a_tat_cat_match import play_a_turn

pytestmark = pytest.mark.browser


def match_number(page) -> int:
    return int(re.search(r"/matches/(\d+)/", page.url).group(1))


def seat(page, index: int):
    return page.locator(f'#presence li[data-seat="{index}"]')


def leave_for(manage, number: int, index: int, seconds_left: int) -> None:
    """Seat `index`'s last page closed so long ago that it is gone in `seconds_left` seconds (0: gone now)."""
    manage("shell", "-c", "from datetime import timedelta; from django.utils import timezone; "
                          "from games.models import Match, Seat; "
                          f"m = Match.objects.get(pk={number}); "
                          "Match.objects.filter(pk=m.pk).update(started_at=timezone.now() - timedelta(hours=1)); "
                          f"Seat.objects.filter(match=m, index={index}).update(left_at=timezone.now() - m.wait "
                          f"+ timedelta(seconds={seconds_left}))")


def test_two_players_see_each_other_arrive_and_leave(new_context, signed_up):
    mia, leo = signed_up(("heremia", "Mia"), ("hereleo", "Leo"))
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)
    path = f"/matches/{match_number(mia)}/"
    expect(seat(mia, 1)).to_have_attribute("data-presence", "here")
    expect(seat(mia, 1)).to_contain_text("here")
    expect(seat(leo, 0)).to_have_attribute("data-presence", "here")

    leo.close()  # Leo's only page of the match
    expect(seat(mia, 1)).to_have_attribute("data-presence", "away")
    expect(seat(mia, 1).locator(".presence-away")).to_be_visible()
    expect(seat(mia, 1).locator("button")).to_be_hidden()  # away is not gone: no bot yet

    again = new_context().new_page()
    again.context.add_cookies(leo.context.cookies())
    again.goto(path)
    expect(seat(mia, 1)).to_have_attribute("data-presence", "here")


def test_a_player_closes_the_tab_and_the_others_finish_with_a_bot(signed_up, manage):
    mia, leo, ada = signed_up(("botmia", "Mia"), ("botleo", "Leo"), ("botada", "Ada"))
    create_match(mia, "rat_a_tat_cat", ["me", "invite", "invite"], rounds=1)
    join_by_invitation(mia, leo)
    join_by_invitation(mia, ada)
    number = match_number(mia)
    expect(seat(mia, 2)).to_have_attribute("data-presence", "here")
    memorised = memorise(leo)
    wait_for_version(mia, memorised)

    ada.close()
    expect(seat(mia, 2)).to_have_attribute("data-presence", "away")
    expect(seat(leo, 2)).to_have_attribute("data-presence", "away")
    # The host's wait (5 minutes by default) all but passes: the page turns Ada gone by itself when it has.
    leave_for(manage, number, 2, seconds_left=3)
    mia.reload()
    expect(seat(mia, 2)).to_have_attribute("data-presence", "away")
    expect(seat(mia, 2)).to_have_attribute("data-presence", "gone", timeout=30_000)
    handing = seat(mia, 2).get_by_role("button", name="Let a bot play for Ada")
    expect(handing).to_be_visible()
    expect(seat(mia, 0).get_by_role("button")).to_have_count(0)  # never one's own seat

    handing.click()
    for page in (mia, leo):
        expect(seat(page, 2)).to_contain_text("a bot plays for now")
    # The bot memorises Ada's cards at once; Mia plays and knocks, Leo has his last turn, the bot Ada's.
    latest = play_a_turn(mia, knock=True)
    wait_for_version(leo, latest)
    play_a_turn(leo, knock=False)
    for page in (mia, leo):
        expect(page.locator(".table-status")).to_contain_text("The match is over", timeout=60_000)
        expect(page.locator(".result")).to_contain_text("Ada")
    record = manage("shell", "-c", "import json; from games.models import Match; "
                                   f"print(json.dumps(Match.objects.get(pk={number}).game_record.record))").stdout
    assert '"bot_from"' in record and '"format": "catsite-record/2"' in record


def test_the_player_comes_back_and_takes_the_seat_back(new_context, signed_up, manage):
    mia, leo = signed_up(("backmia", "Mia"), ("backleo", "Leo"))
    create_match(mia, "rat_a_tat_cat", ["me", "invite"], rounds=1)
    join_by_invitation(mia, leo)
    number, path = match_number(mia), f"/matches/{match_number(mia)}/"
    cookies = leo.context.cookies()
    leo.close()
    expect(seat(mia, 1)).to_have_attribute("data-presence", "away")
    leave_for(manage, number, 1, seconds_left=0)
    mia.reload()
    seat(mia, 1).get_by_role("button", name="Let a bot play for Leo").click()
    expect(seat(mia, 1)).to_contain_text("a bot plays for now")

    back = new_context().new_page()
    back.context.add_cookies(cookies)
    back.goto(path)
    expect(back.locator(".table-status")).to_contain_text("A bot is playing for Leo")
    back.get_by_role("button", name="Take my seat back").click()
    expect(seat(mia, 1)).not_to_contain_text("a bot plays for now")
    expect(seat(mia, 1)).to_have_attribute("data-presence", "here")
    latest = play_a_turn(mia, knock=True)
    wait_for_version(back, latest)
    expect(back.locator(".table-status")).to_contain_text("Your move")
    act(back, "Draw a card")  # Leo plays his seat himself again


def test_resigning_in_a_match_of_three_asks_first_and_a_bot_plays_on(signed_up):
    mia, leo, ada = signed_up(("quitmia", "Mia"), ("quitleo", "Leo"), ("quitada", "Ada"))
    create_match(mia, "rat_a_tat_cat", ["me", "invite", "invite"], rounds=1)
    join_by_invitation(mia, leo)
    join_by_invitation(mia, ada)
    number = match_number(mia)
    ada.get_by_role("link", name="Leave the match…").click()
    expect(ada.locator(".resign-ask")).to_contain_text("A bot will play Ada's seat to the end")
    ada.get_by_role("link", name="Keep playing").click()  # changed her mind: nothing happened
    ada.wait_for_url(f"**/matches/{number}/")
    expect(seat(mia, 2)).not_to_contain_text("resigned")
    ada.get_by_role("link", name="Leave the match…").click()
    ada.get_by_role("button", name="Resign as Ada").click()
    ada.wait_for_url(f"**/matches/{number}/")
    expect(ada.locator(".table-status")).to_contain_text("Ada resigned: a bot plays the seat to the end.")
    for page in (mia, leo):
        expect(seat(page, 2)).to_contain_text("resigned: a bot plays to the end")
    memorised = memorise(leo)
    wait_for_version(mia, memorised)
    latest = play_a_turn(mia, knock=True)
    wait_for_version(leo, latest)
    play_a_turn(leo, knock=False)
    for page in (mia, leo, ada):
        expect(page.locator(".table-status")).to_contain_text("The match is over", timeout=60_000)
    expect(mia.locator(".result table tbody tr").last).to_contain_text("Ada")  # last, whatever the bot scored
