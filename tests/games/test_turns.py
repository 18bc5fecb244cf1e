"""The turn service: one way in, one transaction, a stale or repeated move never applied twice."""
import copy
from datetime import timedelta

import pytest
from django.utils import timezone

from games import lobby, turns
from games.lobby import SeatPlan
from games.models import Match, Move, Seat
from games.signals import match_changed
from scoring.models import GameRecord
from tests.matches import play_out

pytestmark = pytest.mark.django_db


def first_action(match, seat):
    return match.engine.legal_actions(match.state, seat)[0]


def test_a_move_is_applied_saved_and_logged(duel):
    action = {"type": "draw"}
    match = turns.play(match_id=duel.pk, seat=0, action=action, version=0)
    assert match.version == 1
    assert Move.objects.get(match=duel, seq=1).action == action
    stored = Match.objects.get(pk=duel.pk)
    assert stored.state == duel.engine.apply(duel.state, 0, action)


def test_a_stale_version_is_refused_and_changes_nothing(duel):
    turns.play(match_id=duel.pk, seat=0, action={"type": "draw"}, version=0)
    before = Match.objects.get(pk=duel.pk)
    with pytest.raises(turns.StaleVersion) as refused:
        turns.play(match_id=duel.pk, seat=0, action={"type": "draw"}, version=0)
    assert refused.value.status == 409
    after = Match.objects.get(pk=duel.pk)
    assert (after.version, after.state) == (before.version, before.state)
    assert Move.objects.filter(match=duel).count() == 1


def test_the_same_move_posted_twice_applies_once(duel):
    action = first_action(duel, 0)
    turns.play(match_id=duel.pk, seat=0, action=action, version=0)
    with pytest.raises(turns.StaleVersion):
        turns.play(match_id=duel.pk, seat=0, action=action, version=0)
    assert Match.objects.get(pk=duel.pk).version == 1


@pytest.mark.parametrize("action", [{"type": "no-such-move"}, {}, {"type": "replace", "position": 9}, "draw"])
def test_an_illegal_action_is_refused_with_the_engines_reason(duel, action):
    state = copy.deepcopy(duel.state)
    with pytest.raises(turns.IllegalMove) as refused:
        turns.play(match_id=duel.pk, seat=0, action=action, version=0)
    assert refused.value.status == 400 and str(refused.value)
    assert Match.objects.get(pk=duel.pk).state == state


def test_a_seat_not_to_move_is_refused(duel):
    with pytest.raises(turns.IllegalMove):
        turns.play(match_id=duel.pk, seat=1, action={"type": "draw"}, version=0)


def test_a_match_not_started_takes_no_moves(mia):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
    with pytest.raises(turns.NotPlaying):
        turns.play(match_id=match.pk, seat=0, action={"type": "draw"}, version=0)


def test_the_end_of_the_game_saves_the_result_to_the_history(duel, mia, leo):
    match = play_out(duel.pk)
    assert match.status == Match.FINISHED and match.finished_at
    record = GameRecord.objects.get(pk=match.game_record_id)
    assert record.source == "online" and record.game == "rat_a_tat_cat"
    assert record.record["result"] == match.engine.outcome(match.state)
    assert [s["player"] for s in record.record["seats"]] == [mia.profile.handle, leo.profile.handle]
    assert [m["seq"] for m in record.record["moves"]] == list(range(1, match.version + 1))
    assert {p.profile for p in record.participants.all()} == {mia.profile, leo.profile}
    with pytest.raises(turns.NotPlaying):
        turns.play(match_id=duel.pk, seat=0, action={"type": "draw"}, version=match.version)


def test_a_record_replays_through_the_engine_to_its_result(duel):
    match = play_out(duel.pk)
    record = match.game_record.record
    engine = match.engine
    state = engine.new_game(len(record["seats"]), record["seed"], record["options"])
    for move in record["moves"]:
        state = engine.apply(state, move["seat"], move["action"])
    assert engine.outcome(state) == record["result"] and engine.final(state) == record["final"]


def test_time_up_is_recorded_as_the_matchs_own_move_once_the_limit_passes(mia, leo):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"end": "time"},
                               seats=[SeatPlan("me"), SeatPlan("local", name="Leo")], time_limit=timedelta(minutes=5))
    assert turns.stop_clock_if_due(match.pk) is False
    Match.objects.filter(pk=match.pk).update(started_at=timezone.now() - timedelta(minutes=6))
    assert turns.stop_clock_if_due(match.pk) is True
    assert turns.stop_clock_if_due(match.pk) is False
    move = Move.objects.get(match=match)
    assert (move.seat, move.action) == (None, {"type": "time_up"})
    assert Match.objects.get(pk=match.pk).state["time_up"] is True


def test_a_move_after_the_time_limit_first_stops_the_clock(mia):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"end": "time"},
                               seats=[SeatPlan("me"), SeatPlan("local", name="Leo")], time_limit=timedelta(minutes=1))
    Match.objects.filter(pk=match.pk).update(started_at=timezone.now() - timedelta(minutes=2))
    match = turns.play(match_id=match.pk, seat=0, action={"type": "draw"}, version=0)
    assert [m.action["type"] for m in Move.objects.filter(match=match)] == ["time_up", "draw"]
    assert match.version == 2


def test_each_announcement_reads_the_seats_as_committed_once_for_all_its_listeners(
        mia, django_capture_on_commit_callbacks, django_assert_num_queries):
    """The listeners of match_changed share one read of the seats (Seat.of_changed), made after the commit of the
    change announced: a Match instance announced again reads them again."""
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={},
                               seats=[SeatPlan("me"), SeatPlan("local", name="Leo")])
    heard = []

    def listener(sender, match, **kwargs):
        heard.append([seat.label for seat in Seat.of_changed(match)])
        heard.append([seat.label for seat in Seat.of_changed(match)])

    match_changed.connect(listener, dispatch_uid="test-listener")
    try:
        for name in ("Leo", "Lea"):
            Seat.objects.filter(match=match, index=1).update(name=name)
            with django_capture_on_commit_callbacks() as callbacks:
                turns.announce(match)
            with django_assert_num_queries(1):  # the seats; no socket to push to, nobody to tell, no bot
                for callback in callbacks:
                    callback()
    finally:
        match_changed.disconnect(dispatch_uid="test-listener")
    assert heard == [["mia", "Leo"]] * 2 + [["mia", "Lea"]] * 2
