"""scoring.ratings: OpenSkill ratings per game, rated as records are saved, and rebuilt from scratch."""
import datetime as dt
import random

import pytest
from django.core.management import call_command

from scoring import ratings, stats
from scoring.models import RatingChange
from scoring.ratings import DEFAULT_MU, DEFAULT_SIGMA
from tests.scoring.test_stats import START, play

pytestmark = pytest.mark.django_db


def change(profile, game_record):
    return RatingChange.objects.get(profile=getattr(profile, "profile", profile), game_record=game_record)


def snapshot():
    return sorted(RatingChange.objects.values_list("profile_id", "game_record_id", "game", "mu", "sigma", "rating",
                                                   "played_at"))


def test_the_winner_goes_up_and_the_loser_down(alice, bob):
    record = play("cat_tower", (alice, 30, 1), (bob, 20, 2))
    won, lost = change(alice, record), change(bob, record)
    assert won.mu > DEFAULT_MU > lost.mu
    assert won.sigma < DEFAULT_SIGMA and lost.sigma < DEFAULT_SIGMA
    assert won.rating == pytest.approx(won.mu - 3 * won.sigma)
    assert (won.game, won.played_at) == ("cat_tower", record.played_at)
    # The next win moves alice further up, from where she was.
    again = play("cat_tower", (alice, 30, 1), (bob, 20, 2))
    assert change(alice, again).mu > won.mu and change(bob, again).mu < lost.mu


def test_a_tie_between_equals_keeps_them_equal(alice, bob):
    record = play("rat_hot", (alice, 10, 1), (bob, 10, 1))
    first, second = change(alice, record), change(bob, record)
    assert first.mu == pytest.approx(second.mu)
    assert first.mu == pytest.approx(DEFAULT_MU)
    assert first.sigma < DEFAULT_SIGMA


def test_a_tie_with_a_stronger_player_moves_each_towards_the_other(alice, bob):
    for _ in range(3):
        play("rat_hot", (alice, 10, 1), (bob, 5, 2))
    before_alice, before_bob = ratings_history(alice)[-1], ratings_history(bob)[-1]
    record = play("rat_hot", (alice, 10, 1), (bob, 10, 1))
    assert change(alice, record).mu < before_alice.mu
    assert change(bob, record).mu > before_bob.mu


def test_four_players_are_rated_in_the_order_of_their_places(make_player):
    players = [make_player(name) for name in ("ann", "ben", "cat", "dan")]
    record = play("hot_tin_roof", *[(player, 40 - 10 * i, i + 1) for i, player in enumerate(players)])
    mus = [change(player, record).mu for player in players]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == 4
    assert mus[0] > DEFAULT_MU > mus[-1]


def test_three_players_with_a_shared_second_place(make_player):
    ann, ben, cat = (make_player(name) for name in ("ann", "ben", "cat"))
    record = play("cat_tower", (ann, 50, 1), (ben, 30, 2), (cat, 30, 2))
    first, second, third = (change(p, record) for p in (ann, ben, cat))
    assert first.mu > DEFAULT_MU
    assert second.mu == pytest.approx(third.mu) and second.mu < DEFAULT_MU


def test_seats_without_a_profile_play_as_newcomers_and_are_not_stored(alice):
    record = play("rat_a_tat_cat", (alice, 4, 1), ("bot:hard", 12, 2), ("Uncle Joe", 30, 3))
    assert RatingChange.objects.filter(game_record=record).count() == 1
    assert change(alice, record).mu > DEFAULT_MU
    # A bot is a fresh newcomer every time: beating it twice gives the same step as in a rebuild.
    lost = play("rat_a_tat_cat", (alice, 30, 3), ("bot:hard", 12, 1), ("Uncle Joe", 20, 2))
    assert change(alice, lost).mu < change(alice, record).mu


def test_a_match_with_one_seat_or_no_profiles_is_not_rated(alice):
    assert ratings.rate_match([(1, 1)], {}) == {}
    record = play("rat_hot", ("Guest", 10, 1), ("bot:easy", 5, 2))
    assert not RatingChange.objects.filter(game_record=record).exists()


def test_a_profile_on_two_seats_is_rated_on_its_first_seat():
    new = ratings.rate_match([(7, 1), (8, 2), (7, 3)], {})
    assert set(new) == {7, 8}
    assert new[7].mu > DEFAULT_MU


def test_games_are_rated_separately(alice, bob):
    play("cat_tower", (alice, 30, 1), (bob, 20, 2))
    record = play("rat_hot", (alice, 3, 2), (bob, 9, 1))
    assert change(alice, record).mu < DEFAULT_MU  # her Cat Tower win does not carry over


def test_rating_history_is_in_the_order_played_even_when_saved_out_of_order(alice, bob):
    late = play("rat_hot", (alice, 10, 1), (bob, 5, 2), when=START + dt.timedelta(days=3))
    early = play("rat_hot", (alice, 1, 2), (bob, 5, 1), when=START + dt.timedelta(days=1))
    middle = play("rat_hot", (alice, 9, 1), (bob, 5, 2), when=START + dt.timedelta(days=2))
    history = stats.rating_history(alice.profile)["rat_hot"]
    assert [point.played_at for point in history] == [early.played_at, middle.played_at, late.played_at]
    assert history[0].rating < history[1].rating < history[2].rating
    mus = [change.mu for change in ratings_history(alice)]
    assert mus[0] < DEFAULT_MU < mus[1] < mus[2]
    assert RatingChange.objects.filter(game="rat_hot").count() == 6
    before = snapshot()
    ratings.rebuild_ratings()
    assert snapshot() == before


def test_rebuild_gives_the_same_ratings_as_rating_incrementally(make_player):
    rng = random.Random(5)
    players = [make_player(name) for name in ("ann", "ben", "cat", "dan", "eve")]
    for _ in range(40):
        game = rng.choice(["cat_tower", "hot_tin_roof", "rat_a_tat_cat"])
        seated = rng.sample(players, rng.randint(2, 4)) + (["bot:easy"] if rng.random() < .3 else [])
        scores = [rng.randint(0, 5) for _ in seated]
        best = sorted(set(scores), reverse=True)
        play(game, *[(who, score, best.index(score) + 1) for who, score in zip(seated, scores, strict=True)])
    incremental = snapshot()
    assert len(incremental) > 80
    assert ratings.rebuild_ratings() == len(incremental)
    assert snapshot() == incremental
    ratings.rebuild_ratings(game="cat_tower")
    assert snapshot() == incremental


def test_rebuild_of_one_game_leaves_the_others(alice, bob):
    cat_tower = play("cat_tower", (alice, 30, 1), (bob, 20, 2))
    rat_hot = play("rat_hot", (alice, 3, 2), (bob, 9, 1))
    won = change(alice, cat_tower).mu
    RatingChange.objects.filter(game="cat_tower").update(mu=0)
    RatingChange.objects.filter(game="rat_hot").update(mu=1)
    ratings.rebuild_ratings(game="cat_tower")
    assert change(alice, cat_tower).mu == won
    assert set(RatingChange.objects.filter(game_record=rat_hot).values_list("mu", flat=True)) == {1}


def test_rating_a_record_twice_replaces_its_changes(alice, bob):
    record = play("cat_tower", (alice, 30, 1), (bob, 20, 2))
    before = snapshot()
    ratings.rate_record(record)
    assert snapshot() == before


def test_the_management_command_rebuilds(alice, bob, capsys):
    play("cat_tower", (alice, 30, 1), (bob, 20, 2))
    before = snapshot()
    RatingChange.objects.all().delete()
    call_command("rebuild_ratings", "--game", "cat_tower")
    assert snapshot() == before
    assert "2 rating changes" in capsys.readouterr().out
    call_command("rebuild_ratings")
    assert snapshot() == before


def test_an_import_rebuilds_each_game_once_at_the_end(alice, bob, monkeypatch):
    from tests.scoring.test_stats import START as start

    play("rat_hot", (alice, 10, 1), (bob, 5, 2), when=start + dt.timedelta(days=10))
    rebuilt = []
    real_rebuild = ratings.rebuild_ratings
    monkeypatch.setattr(ratings, "rebuild_ratings",
                        lambda game=None, since=None: rebuilt.append((game, since)) or real_rebuild(game, since))
    with ratings.rebuild_afterwards() as waiting:
        saved = [play("rat_hot", (alice, 1, 2), (bob, 5, 1), when=start + dt.timedelta(days=day))
                 for day in (2, 1, 3)]
        play("cat_tower", (alice, 1, 2), (bob, 5, 1), when=start + dt.timedelta(days=4))  # in order: rated now
        assert waiting == {"rat_hot": ratings.point_of(saved[1])} and rebuilt == []  # from the earliest on
        assert RatingChange.objects.filter(game="cat_tower").count() == 2
    assert rebuilt == [("rat_hot", ratings.point_of(saved[1]))]
    mus = [change.mu for change in ratings_history(alice)]
    assert mus[0] > mus[1] > mus[2] and mus[3] > mus[2]  # three losses, then the win saved first
    incremental = snapshot()
    real_rebuild()
    assert snapshot() == incremental


def ratings_history(user):
    return list(RatingChange.objects.filter(profile=user.profile, game="rat_hot").order_by("played_at"))
