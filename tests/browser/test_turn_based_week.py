"""In real Chromium, a turn-based match of three days a move played over a simulated week: each player is told by
e-mail when their turn comes while they are away from the match, reminded before their time runs out, and the
e-mail's link opens the match. The week passes by moving the match's times (and the notices') back, as
tests/games/test_turn_based.py does; the notices are sent by the task worker (`manage.py db_worker`, one batch) and
the reminders by `manage.py notices_tick`, each run here against the browser server's database, whose console
e-mail backend prints what it sends."""
import email
import email.policy
import re

import pytest
from playwright.sync_api import expect

from tests.browser.tables import act, join_by_invitation, memorise, throw_away_the_draw, wait_for_version

pytestmark = pytest.mark.browser

MIA, LEO = "weekmia", "weekleo"  # browser tests share one server: names of their own


def seat(page, index: int):
    return page.locator(f'#presence li[data-seat="{index}"]')


def choose_email(page) -> None:
    page.goto("/notices/")
    for kind in ("turn", "reminder"):
        page.check(f"#id_email_{kind}")
    page.click("main button:text('Save')")
    expect(page.locator(".messages")).to_contain_text("Your notice choices are saved.")


def create_turn_based(page) -> int:
    page.goto("/play/new/rat_a_tat_cat/")
    page.select_option("#id_seat_0", "me")
    page.select_option("#id_seat_1", "invite")
    page.select_option("#id_pace", "72")  # three days a move
    page.fill("#id_option_rounds", "1")
    page.click("button:text('Create the match')")
    page.wait_for_url("**/matches/*/")
    return int(re.search(r"/matches/(\d+)/", page.url).group(1))


def play_a_turn(page) -> int:
    """Draw, throw the card away, end the turn (never knock: the match goes on)."""
    page.locator("#table button", has_text="Draw a card").wait_for()
    if page.locator("#table button", has_text="Memorised").count():
        memorise(page)
    latest = act(page, "Draw a card")
    latest = throw_away_the_draw(page) or latest
    if page.locator("#table button", has_text="End turn").count():
        latest = act(page, "End turn")
    return latest


def mails(output: str) -> list[dict]:
    """The e-mails the console backend printed (separated by a line of dashes): each one's headers and text."""
    found = []
    for chunk in output.split("-" * 79):
        if "Subject:" not in chunk:
            continue
        message = email.message_from_string(chunk.strip(), policy=email.policy.default)
        text = message.get_body(preferencelist=("plain",)).get_content()
        unsubscribe = re.fullmatch(r"<(.*)>", " ".join(str(message["List-Unsubscribe"] or "").split()))
        found.append({"subject": str(message["Subject"]), "to": str(message["To"]), "text": text,
                      "unsubscribe": unsubscribe.group(1) if unsubscribe else None})
    return found


def one_mail_to(output: str, username: str, subject: str) -> dict:
    """The one e-mail sent, to this player with this subject: nobody else (the player who moved) was sent any."""
    sent = mails(output)
    assert [(m["to"], m["subject"]) for m in sent] == [(f"{username}@example.com", subject)], output
    return sent[0]


def test_a_turn_based_match_over_a_week_of_emails(signed_up, manage, live_server_url):
    mia, leo = signed_up((MIA, "Mia"), (LEO, "Leo"))
    for page in (mia, leo):
        choose_email(page)
    number = create_turn_based(mia)
    join_by_invitation(mia, leo)
    match_url = f"{live_server_url}/matches/{number}/"

    def days_pass(days: float) -> None:
        """Time moves on: the match's times and the players' notices move back by that much."""
        manage("shell", "-c", f"""
from datetime import timedelta
from django.db.models import F
from games.models import Match, Move
from notices.models import Notice, Preferences
d = timedelta(days={days})
Match.objects.filter(pk={number}).update(moved_at=F("moved_at") - d, started_at=F("started_at") - d,
                                         created_at=F("created_at") - d)
Move.objects.filter(match_id={number}).update(created_at=F("created_at") - d)
mine = Notice.objects.filter(user__username__in=["{MIA}", "{LEO}"])
mine.update(created_at=F("created_at") - d, due_at=F("due_at") - d)
mine.filter(sent_at__isnull=False).update(sent_at=F("sent_at") - d)
Preferences.objects.filter(user__username__in=["{MIA}", "{LEO}"], last_sent_at__isnull=False).update(
    last_sent_at=F("last_sent_at") - d)
""")

    def worker() -> str:
        return manage("db_worker", "--batch", "--no-startup-delay").stdout

    # Day 0: the cards are dealt; Leo memorises his peek and goes about his week.
    wait_for_version(mia, act(leo, "Memorised"))
    worker()  # whatever the deal told (Leo's page was still loading when it was dealt)
    leo.goto(f"/players/{LEO}/")
    expect(seat(mia, 1)).to_have_attribute("data-presence", "away")

    # Day 1: Mia takes her turn: Leo, away, is told once, by e-mail that opens the match.
    days_pass(1)
    play_a_turn(mia)
    told = one_mail_to(worker(), LEO, "Your turn")
    assert f"Your turn in Rat-a-Tat Cat, match #{number} against Mia." in told["text"]
    assert match_url in told["text"]
    assert told["unsubscribe"].startswith(f"{live_server_url}/notices/unsubscribe/")
    assert mails(worker()) == []  # once

    # Day 3 and a half: Leo has not moved; twelve hours before his time runs out he is reminded.
    days_pass(1.5)
    assert mails(manage("notices_tick").stdout) == []  # a day and a half left: not yet
    days_pass(1)
    reminded = one_mail_to(manage("notices_tick").stdout, LEO, "Your time is almost up")
    assert f"Rat-a-Tat Cat, match #{number} against Mia" in reminded["text"] and match_url in reminded["text"]

    # Mia leaves; Leo follows the e-mail's link to the match and moves: now Mia, away, is told.
    mia.goto(f"/players/{MIA}/")
    leo.goto(match_url)
    expect(leo.locator(".table-status")).to_contain_text("Your move")
    expect(seat(leo, 0)).to_have_attribute("data-presence", "away")
    play_a_turn(leo)
    told = one_mail_to(worker(), MIA, "Your turn")
    assert f"Your turn in Rat-a-Tat Cat, match #{number} against Leo." in told["text"] and match_url in told["text"]

    # Day 6: Leo has gone again; Mia opens her e-mail's link and moves; Leo is told.
    leo.goto(f"/players/{LEO}/")
    days_pass(2.5)
    mia.goto(re.search(rf"{re.escape(live_server_url)}/matches/\d+/", told["text"]).group(0))
    expect(seat(mia, 1)).to_have_attribute("data-presence", "away")
    expect(mia.locator(".table-status")).to_contain_text("Your move")
    play_a_turn(mia)
    told = one_mail_to(worker(), LEO, "Your turn")
    assert match_url in told["text"]
