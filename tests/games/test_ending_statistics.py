"""What a live match's way of ending counts for in statistics, through the real services (issue 25, point 5): the
record the match writes gives each seat what scoring/counting.py says (tests/scoring/test_fair_statistics.py checks
the numbers of every statistic for each way)."""
import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import lobby, stand_in, turns
from games.lobby import SeatPlan
from games.models import Match, Move
from scoring import stats, summaries
from scoring.models import Participant, RatingChange

pytestmark = pytest.mark.django_db(transaction=True)  # the bots move on commit


def counting(match) -> dict:
    """{seat: (its place counts, its score counts)} of the match's record."""
    return {seat: (counted, score) for seat, counted, score in Participant.objects.filter(
        game_record=Match.objects.get(pk=match.pk).game_record).values_list("seat", "counted", "score_counted")}


def lines(user) -> list[tuple]:
    return [(line.game, line.plays, line.wins, line.average, line.best) for line in stats.per_game(user.profile)]


def rated(user) -> int:
    return RatingChange.objects.filter(profile=user.profile).count()


def test_a_resigned_duel_counts_as_a_loss_for_the_resigner_only(duel, mia, leo):
    turns.play(match_id=duel.pk, seat=0, action={"type": "draw"}, version=0)
    turns.resign(match_id=duel.pk, seat=1)
    assert counting(duel) == {0: (False, False), 1: (True, False)}
    assert lines(mia) == [] and rated(mia) == 0  # no win, no score, no rating for the one left
    assert lines(leo) == [("rat_a_tat_cat", 1, 0, None, None)] and rated(leo) == 1
    assert summaries.differences() == []


def test_a_claimed_match_counts_for_nobody(mia, leo):
    match = lobby.create_match(host=mia, game="take_away", options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    match.refresh_from_db()
    absent = match.engine.to_move(match.state)[0]
    moment = timezone.now() - timedelta(days=2)
    Match.objects.filter(pk=match.pk).update(started_at=moment)
    Move.objects.filter(match=match).update(created_at=moment)
    turns.claim(match_id=match.pk, seat=1 - absent, absent=absent)
    assert counting(match) == {0: (False, False), 1: (False, False)}
    assert lines(mia) == lines(leo) == [] and rated(mia) == rated(leo) == 0
    assert summaries.differences() == []


def test_a_resignation_in_three_counts_as_a_loss_and_the_others_finish_and_count(mia, leo, make_user):
    ada = make_user("ada")
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("invite"), SeatPlan("invite")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    lobby.take_seat(match_id=match.pk, user=ada, token=match.invite_token)
    stand_in.resign(match_id=match.pk, seat=0)
    rng = random.Random(3)
    for _ in range(3000):
        live = Match.objects.get(pk=match.pk)
        if live.status != Match.PLAYING:
            break
        seat = next(s for s in live.engine.to_move(live.state) if s not in live.stand_ins)
        turns.play(match_id=match.pk, seat=seat, action=rng.choice(live.engine.legal_actions(live.state, seat)),
                   version=live.version)
    assert counting(match) == {0: (True, False), 1: (True, True), 2: (True, True)}
    assert [line[1:3] for line in lines(mia)] == [(1, 0)] and lines(mia)[0][3:] == (None, None)
    assert [line[1] for line in lines(leo) + lines(ada)] == [1, 1]
    assert rated(mia) == rated(leo) == rated(ada) == 1
    assert summaries.differences() == []
