"""Table records as services: the record format, saving with new table players, repeats, corrections, ratings."""

import datetime as dt

import pytest
from django.contrib.auth import get_user_model

from scoring import table_records
from scoring.models import GameRecord, PlayerProfile, RatingChange
from scoring.table_records import AlreadyRecorded, SeatChoice

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 11, 28)
RAT_HOT = {"ended_by": "last_strip", "players": [{"chips": 21, "final_tally": 9, "lost_by_rats": False},
                                                 {"chips": 25, "final_tally": 3, "lost_by_rats": False}]}


def save(user, choices, final=RAT_HOT, **kwargs):
    return table_records.record_table_game(user=user, game="rat_hot", choices=choices, played_on=DAY, final=final,
                                           options={}, **kwargs)


def test_a_table_record_has_the_exchange_format(alice, bob):
    record = table_records.build_record(
        game="rat_hot", played_on=DAY, final=RAT_HOT, options={},
        seats=[{"seat": 0, "name": "Alice Cooper", "player": "alice", "bot": None},
               {"seat": 1, "name": "Bob Dylan", "player": "bob", "bot": None}])
    assert record == {
        "format": "catsite-record/1", "game": "rat_hot", "source": "table", "options": {"rats": True},
        "seats": [{"seat": 0, "name": "Alice Cooper", "player": "alice", "bot": None},
                  {"seat": 1, "name": "Bob Dylan", "player": "bob", "bot": None}],
        "started_at": "2026-11-28T12:00:00Z", "finished_at": "2026-11-28T12:00:00Z",
        "final": RAT_HOT,
        "result": {"scores": [30, 28], "ranks": [1, 2], "breakdown": [
            {"chips": 21, "final_tally": 9, "total": 30}, {"chips": 25, "final_tally": 3, "total": 28}]},
    }


def test_saving_creates_the_record_its_participants_and_new_table_players(alice, bob):
    game_record = save(alice, [SeatChoice(handle="bob"), SeatChoice(new_name="Zoe Whiskers")],
                       location="Mia's kitchen", duration=dt.timedelta(minutes=25), notes="Close one.")
    zoe = PlayerProfile.objects.get(display_name="Zoe Whiskers")
    assert zoe.created_by == alice and zoe.user is None
    assert game_record.source == "table" and game_record.recorded_by == alice
    assert (game_record.location, game_record.duration, game_record.notes) == (
        "Mia's kitchen", dt.timedelta(minutes=25), "Close one.")
    assert game_record.played_at == dt.datetime(2026, 11, 28, 12, tzinfo=dt.UTC)
    assert game_record.record["seats"][1]["player"] == zoe.handle
    seats = [(p.seat, p.profile, p.name, p.score, p.rank) for p in game_record.participants.all()]
    assert seats == [(0, bob.profile, "Bob Dylan", 30, 1), (1, zoe, "Zoe Whiskers", 28, 2)]


def test_the_same_game_twice_is_already_recorded_and_creates_nobody(alice, bob):
    first = save(alice, [SeatChoice(handle="bob"), SeatChoice(new_name="Zoe")])
    with pytest.raises(AlreadyRecorded) as repeat:
        save(alice, [SeatChoice(handle="bob"), SeatChoice(new_name="Zoe")])
    assert repeat.value.game_record == first
    assert PlayerProfile.objects.filter(display_name="Zoe").count() == 1
    # Recorded by someone else with the same players: the same game too.
    with pytest.raises(AlreadyRecorded):
        save(bob, [SeatChoice(handle="bob"), SeatChoice(handle=first.record["seats"][1]["player"])])
    assert GameRecord.objects.count() == 1


def test_an_identical_fingerprint_is_already_recorded(alice, bob):
    first = save(alice, [SeatChoice(handle="alice"), SeatChoice(handle="bob")])
    GameRecord.objects.filter(pk=first.pk).update(played_at=first.played_at + dt.timedelta(hours=1))
    with pytest.raises(AlreadyRecorded) as repeat:  # the content check misses it; the unique fingerprint does not
        save(alice, [SeatChoice(handle="alice"), SeatChoice(handle="bob")])
    assert repeat.value.game_record == first


def test_an_impossible_pad_raises_value_error_and_saves_nothing(alice, bob):
    bad = {"ended_by": "rats", "players": [{"chips": 3}, {"chips": 4}]}
    with pytest.raises(ValueError, match="which one player"):
        save(alice, [SeatChoice(handle="alice"), SeatChoice(new_name="Zoe")], final=bad)
    assert not GameRecord.objects.exists() and not PlayerProfile.objects.filter(display_name="Zoe").exists()


def test_the_recorder_corrects_a_record_in_place(alice, bob):
    game_record = save(alice, [SeatChoice(handle="alice"), SeatChoice(handle="bob")])
    # Alice recorded it: her seat counts; Bob's waits for his confirmation (scoring/confirmations.py).
    assert list(RatingChange.objects.filter(game_record=game_record).values_list("profile__handle", flat=True)) == [
        "alice"]
    corrected = {"ended_by": "rats", "players": [{"chips": 21, "final_tally": 0, "lost_by_rats": True},
                                                 {"chips": 25, "final_tally": 0, "lost_by_rats": False}]}
    table_records.correct_table_record(
        game_record, user=alice, choices=[SeatChoice(handle="alice"), SeatChoice(new_name="Zoe")],
        played_on=DAY + dt.timedelta(days=1), final=corrected, options={}, notes="Rats!")
    game_record.refresh_from_db()
    assert game_record.record["final"] == corrected and game_record.notes == "Rats!"
    assert game_record.played_at.date() == dt.date(2026, 11, 29)
    assert [(p.name, p.score, p.rank) for p in game_record.participants.all()] == [("Alice Cooper", 21, 2),
                                                                                   ("Zoe", 25, 1)]
    assert game_record.record["result"]["breakdown"][0] == {"lost_by_rats": True}
    assert game_record.fingerprint == table_records.fingerprint(game_record.record)
    # Ratings were rebuilt from the corrected places: Bob is no longer in this game.
    assert set(RatingChange.objects.filter(game_record=game_record).values_list("profile__handle", flat=True)) == {
        "alice", game_record.record["seats"][1]["player"]}


def test_only_the_recorder_may_correct(alice, bob):
    game_record = save(alice, [SeatChoice(handle="alice"), SeatChoice(handle="bob")])
    assert table_records.can_correct(alice, game_record)
    assert not table_records.can_correct(bob, game_record)
    with pytest.raises(PermissionError):
        table_records.correct_table_record(game_record, user=bob, choices=[SeatChoice(handle="alice"),
                                           SeatChoice(handle="bob")], played_on=DAY, final=RAT_HOT, options={})
    game_record.source = "online"
    assert not table_records.can_correct(alice, game_record)


def test_a_correction_may_not_turn_into_another_recorded_game(alice, bob):
    first = save(alice, [SeatChoice(handle="alice"), SeatChoice(handle="bob")])
    second = save(alice, [SeatChoice(handle="bob"), SeatChoice(handle="alice")])
    with pytest.raises(AlreadyRecorded) as repeat:
        table_records.correct_table_record(second, user=alice, choices=[SeatChoice(handle="alice"),
                                           SeatChoice(handle="bob")], played_on=DAY, final=RAT_HOT, options={})
    assert repeat.value.game_record == first
    # Saving a record unchanged is no repeat of itself.
    table_records.correct_table_record(second, user=alice, choices=[SeatChoice(handle="bob"),
                                       SeatChoice(handle="alice")], played_on=DAY, final=RAT_HOT, options={})


def test_an_unknown_handle_is_refused(alice):
    with pytest.raises(ValueError, match="no player @ghost"):
        save(alice, [SeatChoice(handle="alice"), SeatChoice(handle="ghost")])
    assert get_user_model().objects.count() == 1
