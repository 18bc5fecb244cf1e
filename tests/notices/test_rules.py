"""The notice rules (notices/rules.py), against a clock the test turns: told once when the turn begins, never while
a page of the match is open, grouped within a few minutes, reminded before the time runs out, as each person chose."""
from datetime import timedelta

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import lobby, turns, undo
from games.lobby import SeatPlan
from games.models import Match
from notices import delivery, rules
from notices.models import REMINDER, TURN, UNDO, Notice, Preferences, Turn
from tests.notices.conftest import by_email, duel, play, to_move, user_of

pytestmark = pytest.mark.django_db(transaction=True)  # the notices listen after commit


def mails_to(user) -> list:
    return [message for message in mail.outbox if message.to == [user.email]]


def test_a_player_away_is_told_once_when_their_turn_begins(mia, leo, clock):
    by_email(mia)
    by_email(leo)
    match = duel(mia, leo)
    first = user_of(match, to_move(match))
    other = leo if first == mia else mia
    mail.outbox.clear()
    play(match)
    [told] = mails_to(other)
    assert f"Take Away, match #{match.pk} against {first.profile.display_name}" in told.body
    assert f"https://topcat.example/matches/{match.pk}/" in told.body
    assert mails_to(first) == []

    clock.advance(hours=1)
    turns.announce(Match.objects.get(pk=match.pk))  # another change (a seat taken, a rematch offered): still their turn
    assert len(mails_to(other)) == 1
    assert Notice.objects.filter(user=other, kind=TURN).count() == 1


def test_others_moving_meanwhile_tell_nobody_again(mia, leo, clock):
    """Rat-a-Tat Cat's opening peek: both are to move at once; Mia's peek leaves Leo to move, told once only."""
    by_email(leo)
    match = duel(mia, leo, game="rat_a_tat_cat", options={"rounds": 1})
    assert set(match.engine.to_move(match.state)) == {0, 1}
    assert Notice.objects.filter(user=leo, kind=TURN).count() == 1
    clock.advance(minutes=10)
    play(match, 0)  # Mia memorised; Leo still to move
    match.refresh_from_db()
    assert 1 in match.engine.to_move(match.state)
    assert Notice.objects.filter(user=leo, kind=TURN).count() == 1
    assert len(mails_to(leo)) == 1


def test_a_move_that_leaves_the_same_seat_to_move_reads_no_turns(mia, leo, clock):
    """Rat-a-Tat Cat's turn is a draw, then what to do with the card: after the draw the same seat is still to move,
    so no turn began or ended and the Turns are not read; the next turn's first move reads them."""
    match = duel(mia, leo, game="rat_a_tat_cat", options={"rounds": 1})
    play(match, 0)
    play(match, 1)  # both memorised their cards
    seat = to_move(match)
    draw = next(a for a in match.engine.legal_actions(match.state, seat) if a["type"] == "draw")
    with CaptureQueriesContext(connection) as after_the_draw:
        turns.play(match_id=match.pk, seat=seat, action=draw, version=match.version)
    assert to_move(match) == seat
    assert not [q for q in after_the_draw.captured_queries if "notices_turn" in q["sql"]]
    assert Turn.objects.filter(match=match, user=user_of(match, seat)).exists()  # turn-based: kept for its reminder
    with CaptureQueriesContext(connection) as turn_over:
        while to_move(match) == seat:
            play(match)
    assert [q for q in turn_over.captured_queries if "notices_turn" in q["sql"]]
    assert not Turn.objects.filter(match=match, user=user_of(match, seat)).exists()


def test_nobody_is_told_while_their_page_of_the_match_is_open(mia, leo, clock, open_page):
    by_email(mia)
    by_email(leo)
    match = duel(mia, leo)
    first = user_of(match, to_move(match))
    other = leo if first == mia else mia
    open_page(match, other)
    mail.outbox.clear()
    play(match)
    assert mails_to(other) == []
    assert not Notice.objects.filter(user=other).exists()
    assert Turn.objects.filter(match=match, user=other).exists()  # a turn-based turn is kept for its reminder


def test_in_a_live_match_only_a_player_who_left_is_told(mia, leo, clock, open_page):
    by_email(mia)
    by_email(leo)
    live = duel(mia, leo, move_time=None)
    first = user_of(live, to_move(live))
    other = leo if first == mia else mia
    open_page(live, other)
    mail.outbox.clear()
    play(live)
    assert mails_to(other) == []
    assert not Turn.objects.filter(match=live).exists()  # a live match keeps nothing for who is at the table
    left = duel(mia, leo, move_time=None)
    clock.advance(minutes=10)
    mail.outbox.clear()
    mover = user_of(left, to_move(left))
    play(left)
    waiting = leo if mover == mia else mia
    assert [f"#{left.pk}" in m.body for m in mails_to(waiting)] == [True]


def test_at_a_hot_seat_screen_nobody_is_told(mia, clock):
    by_email(mia)
    match = lobby.create_match(host=mia, game="take_away", options={}, move_time=timedelta(days=1),
                               seats=[SeatPlan("me"), SeatPlan("local", name="Ada")])
    play(match)
    play(match)
    assert mail.outbox == [] and not Notice.objects.exists()


def test_several_matches_within_a_short_while_go_together(mia, leo, make_user, clock):
    by_email(leo)
    matches = []
    for _ in range(3):  # Leo's opponent moves first in each (Leo waits his turn)
        match = duel(mia, leo)
        if user_of(match, to_move(match)) == leo:
            play(match)
        matches.append(match)
    mail.outbox.clear()
    Preferences.objects.filter(user=leo).update(last_sent_at=None)
    a, b, c = matches
    play(a)
    assert len(mails_to(leo)) == 1 and f"#{a.pk}" in mails_to(leo)[0].body  # the first goes at once
    clock.advance(minutes=1)
    play(b)
    clock.advance(minutes=2)
    play(c)
    assert len(mails_to(leo)) == 1  # the next ones wait for the group
    clock.advance(minutes=1)
    assert delivery.deliver_due() == 0  # not yet: five minutes after the first
    clock.advance(minutes=1)
    assert delivery.deliver_due() == 1
    [_first, grouped] = mails_to(leo)
    assert f"#{b.pk}" in grouped.body and f"#{c.pk}" in grouped.body and f"#{a.pk}" not in grouped.body
    assert grouped.subject == "Top Cat: 2 notices"
    assert delivery.deliver_due() == 0  # sent once


def test_a_turn_no_longer_waiting_is_not_sent_with_the_group(mia, leo, clock):
    by_email(leo)
    a, b = duel(mia, leo), duel(mia, leo)
    for match in (a, b):
        if user_of(match, to_move(match)) == leo:
            play(match)
    mail.outbox.clear()
    Preferences.objects.filter(user=leo).update(last_sent_at=clock.time)
    play(a)  # Leo's turn in a: waits for the group
    play(a)  # and Leo moved (from another device) before it went
    clock.advance(minutes=5)
    delivery.deliver_due()
    assert mails_to(leo) == []


def test_a_reminder_before_the_time_runs_out_once(mia, leo, clock):
    by_email(mia, REMINDER)
    by_email(leo, REMINDER)
    match = duel(mia, leo)  # three days a move: reminded with twelve hours left
    waiting = user_of(match, 1 - to_move(match))
    play(match)
    clock.advance(days=2)
    assert rules.remind_due() == 0
    clock.advance(hours=11, minutes=59)
    assert rules.remind_due() == 0
    clock.advance(minutes=2)
    assert rules.remind_due() == 1
    [reminder] = mails_to(waiting)
    assert reminder.subject == "Your time is almost up"
    assert f"match #{match.pk}" in reminder.body and "12 hours left to move" in reminder.body
    clock.advance(hours=1)
    assert rules.remind_due() == 0  # once a turn
    assert len(mails_to(waiting)) == 1


def test_no_reminder_for_a_player_who_moved_meanwhile(mia, leo, clock):
    by_email(mia, REMINDER)
    by_email(leo, REMINDER)
    match = duel(mia, leo, move_time=timedelta(hours=12))  # reminded with a quarter of it left: three hours
    play(match)
    waiting = user_of(match, to_move(match))
    other = leo if waiting == mia else mia
    play(match)  # the waiting player moved: now the other waits
    clock.advance(hours=10)
    assert rules.remind_due() == 1
    assert mails_to(waiting) == []
    assert [m.subject for m in mails_to(other)] == ["Your time is almost up"]


def test_no_reminder_once_the_time_ran_out(mia, leo, clock):
    by_email(mia, REMINDER)
    by_email(leo, REMINDER)
    match = duel(mia, leo, move_time=timedelta(hours=12))
    play(match)
    clock.advance(hours=13)  # out of time: the others may claim the match; too late to remind
    assert rules.remind_due() == 0
    assert mail.outbox == []


def test_each_person_chooses_per_kind(mia, leo, clock):
    by_email(leo, REMINDER)  # reminders by e-mail, not the turns
    match = duel(mia, leo)
    if user_of(match, to_move(match)) == leo:
        play(match)
    mail.outbox.clear()
    play(match)
    assert mails_to(leo) == []
    Preferences.objects.filter(user=leo).update(push=[TURN, REMINDER, "invitation", "confirmation", "undo"],
                                                email=[])
    other = duel(mia, leo)
    if user_of(other, to_move(other)) == leo:
        play(other)
    play(other)
    assert not Notice.objects.filter(user=leo, match=other).exists()  # wanted neither way: not even kept


def test_an_undo_request_asks_the_away_players(mia, leo, clock):
    by_email(mia)
    match = duel(mia, leo, move_time=None, game="rat_hot")
    turns_play = play(match, 0)  # Mia's strip: it showed Leo his
    assert turns_play.undoable_by is None
    play(match, 1)
    mail.outbox.clear()
    clock.advance(minutes=10)
    undo.ask(match_id=match.pk, seat=1, version=Match.objects.get(pk=match.pk).version)
    [asked] = mails_to(mia)
    assert asked.subject == "A request to take back a move"
    assert f"leo asks to take back a move in Rat Hot, match #{match.pk}" in asked.body
    assert Notice.objects.filter(user=mia, kind=UNDO).count() == 1


def test_a_rematch_invites_the_other_players(mia, leo, clock):
    by_email(leo, "invitation")
    match = duel(mia, leo, move_time=None)
    while Match.objects.get(pk=match.pk).status == Match.PLAYING:
        play(match)
    mail.outbox.clear()
    again = lobby.rematch(match_id=match.pk, user=mia)
    [invited] = mails_to(leo)
    assert invited.subject == "An invitation"
    assert f"mia invites you to a rematch: Take Away, match #{again.pk} against mia." in invited.body
    assert f"/matches/{again.pk}/" in invited.body


def test_a_record_awaiting_confirmation_asks_its_player(make_user, clock):
    from scoring.models import Participant
    from tests.scoring.test_confirmations import record_table

    alice, bob = make_user("alice"), make_user("bob")
    by_email(bob, "confirmation")
    game_record = record_table(alice, "alice", "bob")
    [asked] = mails_to(bob)
    seat = game_record.participants.get(profile__user=bob)
    assert seat.confirmation == Participant.AWAITING
    assert asked.subject == "A record to confirm"
    assert "alice recorded Rat Hot with you (against alice)" in asked.body
    from scoring.confirmations import confirm_path

    assert f"https://topcat.example{confirm_path(seat)}" in asked.body
    assert mails_to(alice) == []


def test_the_words_are_the_persons_language(make_user, clock):
    mia = make_user("mia")
    lin = make_user("lin", language="zh-hant")
    by_email(lin)
    match = duel(mia, lin)
    if user_of(match, to_move(match)) == lin:
        play(match)
    clock.advance(minutes=10)  # after what the deal told her
    mail.outbox.clear()
    play(match)
    [told] = mails_to(lin)
    assert told.subject == "輪到你了"
    # The line, and the e-mail's own words around it, in her language (the test game's name is not translated).
    assert f"輪到你了：Take Away 第 #{match.pk} 局，對手 mia。" in told.body
    assert "你的通知設定：" in told.body and "取消訂閱這些電子郵件：" in told.body and "Your notice" not in told.body


def test_with_the_sites_task_backend_a_reminder_and_a_group_are_deferred_to_their_time(mia, leo, clock, settings):
    """The database backend (the site's default) runs `send_due` when each is due: a turn's reminder when a quarter
    of its time is left, a grouped notice when its group's window ends; neither is left to the optional cron."""
    from django.core.management import call_command
    from django_tasks_db.models import DBTaskResult

    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    by_email(leo)

    def deferred() -> list:
        """When the tasks waiting for a later time are to run (a task to run at once waits for no time: the
        backend stores it with the largest date it has)."""
        later = DBTaskResult.objects.filter(status="READY", run_after__gt=clock() + timedelta(seconds=30),
                                            run_after__lt=clock() + timedelta(days=365))
        return sorted(later.values_list("run_after", flat=True))

    first = duel(mia, leo)
    if user_of(first, to_move(first)) == leo:
        play(first)
    call_command("db_worker", "--batch", "--no-startup-delay")
    DBTaskResult.objects.all().delete()
    mail.outbox.clear()
    Preferences.objects.filter(user=leo).update(last_sent_at=None)
    play(first)  # Leo's turn begins: told at once, reminded twelve hours before his three days run out
    first.refresh_from_db()
    [reminder] = deferred()
    assert abs(reminder - (first.moved_at + timedelta(days=3, hours=-12))) < timedelta(seconds=1)
    call_command("db_worker", "--batch", "--no-startup-delay")
    assert len(mails_to(leo)) == 1

    second = duel(mia, leo)
    clock.advance(minutes=2)
    if user_of(second, to_move(second)) == mia:
        play(second)  # Leo's turn there, two minutes after he was told: it waits for the group
    sent_at = Preferences.objects.get(user=leo).last_sent_at
    assert sent_at + timedelta(minutes=5) in deferred()
