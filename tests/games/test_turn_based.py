"""Turn-based matches (games/turn_based.py): the players need not be online together; each has the host's time per
move, counted from the move before theirs; once it runs out, the others may let a bot play the seat or claim the
match, as with a live match's absent player."""
import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import lobby, presence, stand_in, turns
from games.lobby import SeatPlan
from games.models import Match, Seat
from games.records import match_record
from scoring import transfer

pytestmark = pytest.mark.django_db(transaction=True)  # the bots move on commit

THREE_DAYS = timedelta(days=3)


def by_post(mia, leo) -> Match:
    """A three-day Rat-a-Tat Cat match of Mia and Leo, made with the new-match form."""
    return duel_of(mia, leo, THREE_DAYS)


def duel_of(mia, leo, move_time) -> Match:
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("invite")], move_time=move_time)
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    return Match.objects.get(pk=match.pk)


def turn_began_ago(match: Match, ago: timedelta) -> Match:
    Match.objects.filter(pk=match.pk).update(moved_at=timezone.now() - ago, started_at=timezone.now() - ago)
    return Match.objects.get(pk=match.pk)


def all_left_long_ago(match: Match) -> None:
    Seat.objects.filter(match=match).update(left_at=timezone.now() - timedelta(days=30))


def play(match_id: int, seat: int) -> Match:
    match = Match.objects.get(pk=match_id)
    action = match.engine.legal_actions(match.state, seat)[0]
    return turns.play(match_id=match_id, seat=seat, action=action, version=match.version)


def test_the_host_makes_a_turn_based_match_with_the_new_match_form(client, mia):
    client.force_login(mia)
    response = client.post(reverse("new_match", args=["rat_a_tat_cat"]), {
        "seat_0": "me", "seat_1": "invite", "option_rounds": 1, "option_end": "rounds", "option_memory_aid": "",
        "pace": "72", "listed": "on"})
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.move_time == THREE_DAYS and match.absence_limit is None
    assert client.post(reverse("new_match", args=["rat_a_tat_cat"]), {
        "seat_0": "me", "seat_1": "invite", "pace": "5"}).status_code == 400  # not a pace offered
    assert Match.objects.count() == 1


def test_a_player_away_for_weeks_is_only_away_while_their_time_lasts(mia, leo):
    match = turn_began_ago(by_post(mia, leo), timedelta(days=2))
    all_left_long_ago(match)
    seats = Seat.of(match.pk)
    assert [p.state for p in presence.states(match, seats, here=set())] == ["away", "away"]
    to_move = match.engine.to_move(match.state)
    with pytest.raises(turns.NotAllowed):
        stand_in.hand_to_bot(match_id=match.pk, user=leo if 0 in to_move else mia, absent=to_move[0])
    assert turns.absent_seats(match, seats) == []


def test_once_the_time_runs_out_the_others_may_let_a_bot_play_the_seat(mia, leo):
    match = by_post(mia, leo)
    play(match.pk, 0)  # Rat-a-Tat Cat: both memorise their cards first
    play(match.pk, 1)
    match = turn_began_ago(Match.objects.get(pk=match.pk), THREE_DAYS + timedelta(minutes=1))
    (late,) = match.engine.to_move(match.state)
    other = mia if late == 1 else leo
    states = {p.seat.index: p.state for p in presence.states(match, Seat.of(match.pk), here={0, 1})}
    assert states[late] == "gone" and states[1 - late] == "here"  # out of time, page open or not
    stand_in.hand_to_bot(match_id=match.pk, user=other, absent=late)
    after = Match.objects.get(pk=match.pk)
    assert after.stand_ins == [late] and late not in after.engine.to_move(after.state)  # the bot moved at once


def test_once_the_time_runs_out_the_others_may_claim_the_match(mia, leo):
    match = turn_began_ago(by_post(mia, leo), THREE_DAYS - timedelta(minutes=1))
    memorising = match.engine.to_move(match.state)
    with pytest.raises(turns.NotAllowed):
        turns.claim(match_id=match.pk, seat=0, absent=1)
    while 0 in Match.objects.get(pk=match.pk).engine.to_move(Match.objects.get(pk=match.pk).state):
        play(match.pk, 0)  # Mia memorises and plays her turn: only Leo is to move
    match = turn_began_ago(Match.objects.get(pk=match.pk), THREE_DAYS)
    assert memorising == [0, 1] and turns.absent_seats(match, Seat.of(match.pk)) == [1]
    turns.claim(match_id=match.pk, seat=0, absent=1)
    record = Match.objects.get(pk=match.pk).game_record.record
    assert record["ended"] == "claimed" and record["result"]["ranks"][1] == 2


def test_the_time_counts_from_the_move_before_not_from_the_players_own_last(mia, leo):
    match = by_post(mia, leo)
    Match.objects.filter(pk=match.pk).update(started_at=timezone.now() - timedelta(days=10))
    play(match.pk, 0)  # Mia memorised ten days into the match: Leo's time began now
    match = Match.objects.get(pk=match.pk)
    assert turns.absent_seats(match, Seat.of(match.pk)) == []


def test_my_matches_list_those_waiting_for_my_move_first(client, mia, leo, make_user):
    waiting = duel_of(mia, leo, THREE_DAYS)
    play(waiting.pk, 0)  # Mia memorised: Leo is to move there
    newer = duel_of(make_user("eve"), leo, THREE_DAYS)
    play(newer.pk, 1)  # Leo memorised: only Eve is to move there (she memorises, then plays first)
    client.force_login(leo)
    page = client.get(reverse("lobby")).content.decode()
    # The newest first, but for the one waiting for Leo's move, which comes before it.
    assert page.index(f'data-match="{waiting.pk}"') < page.index(f'data-match="{newer.pk}"')
    client.force_login(mia)
    page = client.get(reverse("lobby")).content.decode()
    assert f'data-match="{newer.pk}"' not in page.split("Open matches to join")[0]


def test_a_match_waiting_for_my_move_is_listed_however_many_newer_ones_i_have(client, mia, leo):
    from games import match_views

    waiting = duel_of(mia, leo, THREE_DAYS)
    play(waiting.pk, 0)  # Mia memorised: Leo is to move there
    newer = [lobby.create_match(host=leo, game="rat_a_tat_cat", options={"rounds": 1},
                                seats=[SeatPlan("me"), SeatPlan("invite")]) for _ in range(3)]
    match_views.MY_MATCHES_SHOWN, shown = 3, match_views.MY_MATCHES_SHOWN
    try:
        client.force_login(leo)
        page = client.get(reverse("lobby")).content.decode()
    finally:
        match_views.MY_MATCHES_SHOWN = shown
    mine = page.split("Open matches to join")[0]
    assert f'data-match="{waiting.pk}"' in mine
    assert sum(f'data-match="{match.pk}"' in mine for match in newer) == 2  # three shown in all


def test_the_record_says_turn_based_with_its_time_per_move_and_travels(mia, leo):
    match = by_post(mia, leo)
    turns.resign(match_id=match.pk, seat=0)
    record = match_record(Match.objects.get(pk=match.pk))
    assert record["format"] == "catsite-record/2"
    assert (record["mode"], record["move_time"]) == ("turn_based", "P3D")
    assert transfer.check_records([json.loads(json.dumps(record))]) == []
    for bad in ({"mode": "by post"}, {"move_time": "three days"}, {"mode": "live", "move_time": "P3D"},
                {"mode": "turn_based", "move_time": None}):
        assert transfer.check_records([{**record, **bad}]), bad


def test_a_hot_seat_record_says_so(mia):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("local", name="Ada")])
    turns.resign(match_id=match.pk, seat=1)
    record = match_record(Match.objects.get(pk=match.pk))
    assert record["mode"] == "hot_seat" and "move_time" not in record


def test_the_list_of_matches_says_how_long_is_left_for_the_move(client, mia, leo):
    match = turn_began_ago(by_post(mia, leo), timedelta(days=1, hours=1))
    client.force_login(leo)
    assert "Your turn: 1 day left" in client.get(reverse("lobby")).content.decode()
    turn_began_ago(match, THREE_DAYS - timedelta(minutes=30))
    assert "Your turn: 29 minutes left" in client.get(reverse("lobby")).content.decode()
