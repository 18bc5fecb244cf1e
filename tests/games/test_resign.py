"""Resigning asks first and says what happens; in a match of three or more, a bot plays the resigning player's seat
to the end so that the others finish, and the seat ranks last (games/stand_in.py `resign`)."""
import copy
import random

import pytest

from games import lobby, stand_in, turns
from games.lobby import SeatPlan
from games.models import Match, Seat
from scoring import transfer
from scoring.models import Participant

pytestmark = pytest.mark.django_db(transaction=True)  # the bots move on commit


@pytest.fixture
def trio(mia, leo, make_user):
    """Rat-a-Tat Cat for Mia (seat 0), Leo (1) and Ada (2), one round, started."""
    ada = make_user("ada")
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("invite"), SeatPlan("invite")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    lobby.take_seat(match_id=match.pk, user=ada, token=match.invite_token)
    return Match.objects.get(pk=match.pk)


def play_out(match_id: int, seed: int = 3) -> Match:
    """The people play random legal moves (the bots play theirs on commit) until the match is over."""
    rng = random.Random(seed)
    for _ in range(3000):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.PLAYING:
            return match
        seat = next(s for s in match.engine.to_move(match.state) if s not in match.stand_ins)
        action = rng.choice(match.engine.legal_actions(match.state, seat))
        turns.play(match_id=match_id, seat=seat, action=action, version=match.version)
    raise AssertionError("the match did not end")


def test_in_a_match_of_three_a_bot_plays_the_resigners_seat_and_the_others_finish(trio, mia):
    match = stand_in.resign(match_id=trio.pk, seat=0)
    assert Match.objects.get(pk=trio.pk).status == Match.PLAYING
    assert match.stand_ins == [0] and Seat.objects.get(match=trio, index=0).resigned
    finished = play_out(trio.pk)
    record = finished.game_record.record
    assert record["seats"][0]["resigned"] is True and record["seats"][0]["bot_from"] == 0
    assert record["result"]["ranks"][0] == 3  # last, whatever the bot scored
    transfer.check_record(record)  # the import puts the resigner last by the same rule
    # A resignation counts, as a loss: the seat is in the resigner's statistics.
    assert Participant.objects.get(game_record=finished.game_record, seat=0).counted


def test_a_resigner_cannot_take_the_seat_back_nor_resign_twice(trio, mia):
    stand_in.resign(match_id=trio.pk, seat=0)
    with pytest.raises(turns.NotPlaying, match="resigned"):
        stand_in.take_back(match_id=trio.pk, user=mia, seat=0)
    with pytest.raises(turns.NotPlaying):
        stand_in.resign(match_id=trio.pk, seat=0)


def test_when_only_bots_would_play_on_the_match_ends(mia):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("bot", bot_level="easy"),
                                      SeatPlan("bot", bot_level="good")])
    ended = stand_in.resign(match_id=match.pk, seat=0)
    record = ended.game_record.record
    assert ended.status == Match.FINISHED and record["ended"] == "resigned" and record["seats"][0]["resigned"] is True


def test_the_last_person_playing_on_ends_the_match_by_resigning(trio):
    stand_in.resign(match_id=trio.pk, seat=0)
    stand_in.resign(match_id=trio.pk, seat=1)  # Ada still plays: a bot takes Leo's seat too
    assert Match.objects.get(pk=trio.pk).stand_ins == [0, 1]
    ended = stand_in.resign(match_id=trio.pk, seat=2)
    assert ended.status == Match.FINISHED
    record = ended.game_record.record
    assert record["ended"] == "resigned" and all(seat["resigned"] for seat in record["seats"])
    # The earliest to resign lowest; the last, whose resignation ended it, above the others who resigned
    assert record["result"]["ranks"] == [3, 2, 1]
    transfer.check_record(record)


def test_in_a_duel_resigning_ends_the_match(duel):
    assert stand_in.resign(match_id=duel.pk, seat=1).status == Match.FINISHED


def test_a_record_saying_resigned_without_a_bot_nor_the_last_move_is_refused(trio):
    stand_in.resign(match_id=trio.pk, seat=0)
    record = copy.deepcopy(play_out(trio.pk).game_record.record)
    del record["seats"][0]["bot_from"]
    with pytest.raises(transfer.RecordProblem, match="resigned is true exactly where"):
        transfer.check_record(record)


def test_resigning_asks_first_and_says_what_happens(client, trio, duel, mia, leo):
    client.force_login(mia)
    page = client.get(f"/matches/{trio.pk}/")
    assert f'href="/matches/{trio.pk}/resign/?seat=0"' in page.text
    asked = client.get(f"/matches/{trio.pk}/resign/?seat=0")
    assert asked.status_code == 200 and "A bot will play mia's seat to the end" in asked.text
    assert Match.objects.get(pk=trio.pk).stand_ins == []  # asking changes nothing
    asked = client.get(f"/matches/{duel.pk}/resign/?seat=0")
    assert "The match ends now, for everyone." in asked.text
    assert client.get(f"/matches/{duel.pk}/resign/?seat=1").status_code == 403  # Leo's seat
    assert client.get(f"/matches/{duel.pk}/resign/").status_code == 403
    assert client.post(f"/matches/{trio.pk}/resign/", {"seat": "0"}).status_code == 302
    assert Match.objects.get(pk=trio.pk).stand_ins == [0]
    table = client.get(f"/matches/{trio.pk}/").text
    assert "mia resigned: a bot plays the seat to the end." in table and "Take my seat back" not in table
    assert "Leave the match" not in table
    again = client.post(f"/matches/{trio.pk}/resign/", {"seat": "0"})
    assert again.status_code == 409
