"""A record changed or deleted rates its game again from that record on (scoring/ratings.py `rerate`): the ratings
before it are kept as they were, those after it come out as rating the whole history would give them, and the
players' standings follow, whichever way the change came (a deletion, the admin, a confirmation)."""
import datetime as dt
from types import SimpleNamespace

import pytest
from django.contrib import admin
from django.db import transaction
from django.test import RequestFactory

from scoring import ratings, summaries
from scoring.models import GameRecord, Participant, RatingChange
from tests.scoring.test_stats import START, play

pytestmark = pytest.mark.django_db


def changes() -> dict[tuple[int, int], tuple]:
    """Each rating change: (record, profile) -> (its row's id, mu, sigma)."""
    return {(record, profile): (pk, mu, sigma) for pk, record, profile, mu, sigma in
            RatingChange.objects.values_list("pk", "game_record_id", "profile_id", "mu", "sigma")}


def as_rebuilt() -> dict[tuple[int, int], tuple]:
    """What rating the whole history from scratch gives (without the rows' ids), the database left as it was."""
    with transaction.atomic():
        ratings.rebuild_ratings()
        rebuilt = {key: value[1:] for key, value in changes().items()}
        transaction.set_rollback(True)
    return rebuilt


def agree() -> dict[tuple[int, int], tuple]:
    kept = changes()
    assert {key: value[1:] for key, value in kept.items()} == as_rebuilt()
    assert summaries.differences() == []
    return kept


@pytest.fixture
def history(alice, bob, make_player):
    """Four Cat Tower matches of Alice, Bob and Carol, an hour apart, each won by someone else."""
    carol = make_player("carol")
    return [play("cat_tower", (alice, 30, 1), (bob, 20, 2), (carol, 10, 3)),
            play("cat_tower", (bob, 30, 1), (carol, 20, 2), (alice, 10, 3)),
            play("cat_tower", (carol, 30, 1), (alice, 20, 2), (bob, 10, 3)),
            play("cat_tower", (alice, 30, 1), (carol, 20, 2), (bob, 10, 3))]


def test_deleting_a_record_rates_the_later_ones_again_and_keeps_the_earlier(history):
    first, second, third, fourth = history
    before = agree()
    second.delete()
    after = agree()
    for key, row in after.items():
        if key[0] == first.pk:
            assert row == before[key]  # the same row, untouched
        else:
            assert row[0] != before[key][0] and row[1:] != before[key][1:]  # rated again, without the second
    assert not any(key[0] == second.pk for key in after)


def test_a_change_rates_no_match_before_it(history):
    first, second, third, fourth = history
    before = agree()
    Participant.objects.filter(game_record=fourth, rank=1).update(rank=2)
    Participant.objects.filter(game_record=fourth, rank=3).update(rank=1)
    ratings.rerate(GameRecord.objects.get(pk=fourth.pk))
    after = agree()
    assert {key: row for key, row in after.items() if key[0] != fourth.pk} == \
        {key: row for key, row in before.items() if key[0] != fourth.pk}


def admin_request(superuser):
    request = RequestFactory().post("/admin/")
    request.user = superuser
    return request


def test_an_admin_moving_a_record_earlier_rates_the_game_from_where_it_now_is(history, django_user_model):
    first, second, third, fourth = history
    staff = django_user_model.objects.create_superuser("root", "root@example.com", "a-Long-passw0rd")
    record_admin = admin.site._registry[GameRecord]
    fourth.played_at = START - dt.timedelta(days=1)  # before all the others now
    form = SimpleNamespace(instance=fourth, save_m2m=lambda: None)
    record_admin.save_model(admin_request(staff), fourth, form, change=True)
    record_admin.save_related(admin_request(staff), form, [], change=True)
    agree()


def test_an_admin_changing_a_seat_or_deleting_one_rates_the_game_again(history, django_user_model, client):
    first, second, third, fourth = history
    staff = django_user_model.objects.create_superuser("root", "root@example.com", "a-Long-passw0rd")
    seat_admin = admin.site._registry[Participant]
    seat = first.participants.get(rank=1)
    seat.rank = 3
    seat_admin.save_model(admin_request(staff), seat, None, change=True)
    agree()
    seat_admin.delete_queryset(admin_request(staff), Participant.objects.filter(game_record=second, rank=3))
    agree()
    client.force_login(staff)
    answer = client.post(f"/admin/scoring/gamerecord/{third.pk}/delete/", {"post": "yes"})
    assert answer.status_code == 302 and not GameRecord.objects.filter(pk=third.pk).exists()
    agree()


def test_an_admin_moving_a_record_to_another_game_rates_both(history, alice, bob, django_user_model):
    """From Rat Hot to Cat Tower (a game whose name sorts first): its changes of the game it left go."""
    staff = django_user_model.objects.create_superuser("root", "root@example.com", "a-Long-passw0rd")
    record_admin = admin.site._registry[GameRecord]
    moved = play("rat_hot", (alice, 9, 1), (bob, 3, 2), when=START + dt.timedelta(minutes=30))
    play("rat_hot", (bob, 9, 1), (alice, 3, 2), when=START + dt.timedelta(days=1))
    agree()
    moved.game = "cat_tower"
    form = SimpleNamespace(instance=moved, save_m2m=lambda: None)
    record_admin.save_model(admin_request(staff), moved, form, change=True)
    record_admin.save_related(admin_request(staff), form, [], change=True)
    agree()
    assert set(RatingChange.objects.filter(game_record=moved).values_list("game", flat=True)) == {"cat_tower"}


def test_an_admin_moving_a_seat_to_another_record_rates_both(history):
    first, second, third, fourth = history
    seat_admin = admin.site._registry[Participant]
    seat = second.participants.get(rank=2)
    seat.game_record, seat.seat = fourth, 9
    seat_admin.save_model(admin_request(None), seat, None, change=True)
    agree()


def test_a_player_deleted_leaves_their_seats_and_the_others_are_rated_again(history, bob):
    bob.delete()  # the account, and its player with it
    agree()
