"""benchmarks/history_build.py rates and summarises as it writes: its ratings are rebuild_ratings' exactly, and its
kept summaries are what `rebuild_summaries` computes, at each step of a growing history."""
import random

import pytest
from django.core.management import call_command

from benchmarks.history_build import History, make_players
from scoring import summaries
from scoring.models import GameRecord, GameTally, Participant, PlayerLine, RatingChange, Standing
from scoring.ratings import rebuild_ratings

pytestmark = pytest.mark.django_db


def ratings() -> list[tuple]:
    return list(RatingChange.objects.order_by("game_record_id", "profile_id").values_list(
        "profile_id", "game", "game_record_id", "mu", "sigma", "rating", "played_at"))


def kept() -> tuple[list, list, list]:
    return (sorted(GameTally.objects.values_list("game", "matches")),
            sorted(Standing.objects.values_list("profile_id", "game", "mu", "sigma", "rating", "rated", "wins",
                                                "last_played")),
            sorted(PlayerLine.objects.values_list("profile_id", "game", "plays", "wins", "scored", "score_total",
                                                  "high", "low", "last_played")))


def test_the_generators_ratings_and_summaries_are_the_rebuilt_ones():
    _alice, profiles = make_players(30)
    history = History(profiles, random.Random(3), alice_at=set(range(0, 200, 7)))
    written = 0
    for size in (150, 400):  # grown in two steps, as the benchmark grows it
        written += history.grow(size)
        assert GameRecord.objects.count() == size
        assert written == RatingChange.objects.count() > size
        generated, generated_summaries = ratings(), kept()
        assert summaries.differences() == []
        call_command("rebuild_summaries", "--check")
        rebuild_ratings()
        summaries.rebuild()
        assert ratings() == generated
        assert kept() == generated_summaries


def test_the_site_saves_its_next_record_after_the_generated_ones():
    _alice, profiles = make_players(10)
    History(profiles, random.Random(4), alice_at=set()).grow(30)
    later = GameRecord.objects.create(game="rat_hot", source="table", record={}, played_at=GameRecord.objects.first()
                                      .played_at)
    assert later.pk == 31
    assert Participant.objects.filter(game_record_id=30).exists()
