"""The kept summaries (game tallies, leaderboard standings) agree with the history whatever happens to it.

After each way a record comes, changes or goes (saved, played out of order, corrected, left unfinished,
confirmed, disputed, merged into an account, deleted), the kept summaries equal those rebuilt from scratch.
"""
import datetime as dt

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from scoring import confirmations, linking, ratings, stats, summaries, table_records
from scoring.models import GameRecord, GameTally, PlayerLine, PlayerProfile, RatingChange, Standing
from scoring.table_records import SeatChoice
from tests.scoring.test_confirmations import DAY, RAT_HOT, record_table, seat_of
from tests.scoring.test_stats import START, play, table_player

pytestmark = pytest.mark.django_db


def rating_rows() -> list[tuple]:
    return list(RatingChange.objects.order_by("game", "game_record_id", "profile_id").values_list(
        "game", "game_record_id", "profile_id", "mu", "sigma", "rating", "played_at"))


def agree():
    """The kept summaries equal those rebuilt, and so do the ratings: each change above rates its game again from
    its record on only (scoring/ratings.py `rerate`), which must come to what rating the whole history gives."""
    assert summaries.differences() == []
    kept = rating_rows()
    with transaction.atomic():
        ratings.rebuild_ratings()
        rebuilt = rating_rows()
        transaction.set_rollback(True)
    assert kept == rebuilt


def tally(game):
    return GameTally.objects.filter(game=game).values_list("matches", flat=True).first() or 0


def test_kept_summaries_follow_every_change_to_the_history(alice, bob, make_player):
    carol = make_player("carol")
    for i in range(4):
        play("cat_tower", (alice, 30 + i, 1), (bob, 20, 2), (carol, 10, 3))
    agree()
    assert tally("cat_tower") == 4
    assert [(row.profile.handle, row.rated, row.wins) for row in stats.leaderboard("cat_tower")][0] == ("alice", 4, 4)

    play("cat_tower", (bob, 40, 1), (alice, 10, 2), when=START - dt.timedelta(days=1))  # before the others
    agree()

    recorded = record_table(alice, "alice", "bob")  # Bob's seat waits for his answer
    agree()
    assert tally("rat_hot") == 1
    confirmations.answer(user=bob, participant_id=seat_of(recorded, "bob").pk, answer="confirm")
    agree()
    confirmations.answer(user=bob, participant_id=seat_of(recorded, "bob").pk, answer="dispute")
    agree()
    assert tally("rat_hot") == 0  # a disputed record counts for nobody
    confirmations.answer(user=bob, participant_id=seat_of(recorded, "bob").pk, answer="confirm")
    agree()
    assert tally("rat_hot") == 1  # the dispute withdrawn
    confirmations.answer(user=bob, participant_id=seat_of(recorded, "bob").pk, answer="dispute")
    agree()

    table_records.correct_table_record(recorded, user=alice, choices=[SeatChoice(handle="alice"),
                                                                       SeatChoice(new_name="Zoe")],
                                       played_on=DAY + dt.timedelta(days=1), final=RAT_HOT, options={})
    agree()
    table_records.correct_table_record(recorded, user=alice, choices=[SeatChoice(handle="alice"),
                                                                       SeatChoice(new_name="Zoe")],
                                       played_on=DAY, final=RAT_HOT, options={}, unfinished=True)
    agree()
    assert tally("rat_hot") == 0

    granny = table_player(alice, "Granny")
    play("cat_tower", (granny, 50, 1), (carol, 1, 2))
    agree()
    linking.merge(table_player=granny, account=make_player("gran").profile)
    agree()

    GameRecord.objects.filter(game="cat_tower").first().delete()
    agree()
    GameRecord.objects.filter(game="cat_tower").delete()  # a queryset's delete sends each record's signals too
    agree()
    assert tally("cat_tower") == 0 and not Standing.objects.filter(game="cat_tower").exists()


def test_the_command_rebuilds_what_a_bulk_insert_went_around_and_checks(alice, bob, capsys):
    play("rat_hot", (alice, 30, 1), (bob, 20, 2))
    GameTally.objects.all().delete()
    Standing.objects.filter(profile=PlayerProfile.objects.get(handle="bob")).update(wins=7)
    PlayerLine.objects.filter(profile=alice.profile).update(plays=3, high=None)
    with pytest.raises(CommandError, match="rat_hot: 0 matches kept, 1 recorded"):
        call_command("rebuild_summaries", "--check")
    problems = "\n".join(summaries.differences())
    assert f"line of profile {alice.profile.pk} in rat_hot: kept {{'plays': 3" in problems
    call_command("rebuild_summaries")
    assert "1 game tallies, 2 standings, 2 player lines, 0 breakdown columns written." in capsys.readouterr().out
    call_command("rebuild_summaries", "--check")
    agree()


def standing(profile, game):
    return Standing.objects.filter(profile=profile, game=game).values_list("rated", "wins").first()


def test_a_dispute_raised_withdrawn_or_ended_by_a_correction_moves_the_tally_and_the_standings(alice, bob):
    play("rat_hot", (alice, 30, 1), (bob, 20, 2))  # an online match both count
    recorded = record_table(alice, "alice", "bob", day=DAY + dt.timedelta(days=1))  # Bob's seat awaits him
    assert (tally("rat_hot"), standing(alice.profile, "rat_hot")) == (2, (2, 2))
    assert standing(bob.profile, "rat_hot") == (1, 0)  # his seat does not count yet

    confirmations.answer(user=bob, participant_id=seat_of(recorded, "bob").pk, answer="dispute")  # never confirmed
    agree()
    assert (tally("rat_hot"), standing(alice.profile, "rat_hot"), standing(bob.profile, "rat_hot")) == (
        1, (1, 1), (1, 0))  # raised: the record counts for nobody, the recorder's own seat neither

    confirmations.answer(user=bob, participant_id=seat_of(recorded, "bob").pk, answer="confirm")  # withdrawn
    agree()
    assert (tally("rat_hot"), standing(alice.profile, "rat_hot"), standing(bob.profile, "rat_hot")) == (
        2, (2, 2), (2, 0))

    confirmations.answer(user=bob, participant_id=seat_of(recorded, "bob").pk, answer="dispute")  # raised again
    agree()
    assert (tally("rat_hot"), standing(alice.profile, "rat_hot"), standing(bob.profile, "rat_hot")) == (
        1, (1, 1), (1, 0))

    table_records.correct_table_record(recorded, user=alice, choices=[SeatChoice(handle="alice"),
                                                                       SeatChoice(new_name="Zoe")],
                                       played_on=DAY + dt.timedelta(days=1), final=RAT_HOT, options={})
    agree()  # ended by the correction: Bob is no longer in it, and it counts again
    recorded.refresh_from_db()
    assert not recorded.disputed
    assert (tally("rat_hot"), standing(alice.profile, "rat_hot"), standing(bob.profile, "rat_hot")) == (
        2, (2, 2), (1, 0))
    call_command("rebuild_summaries", "--check")
