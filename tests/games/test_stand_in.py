"""A bot for the absent (games/stand_in.py): once a player is gone, another player may hand their seat to the game's
good bot and play goes on at once; the player may take it back; the record says which moves the bot made, and a
seat the bot finished counts in nobody's statistics or ratings."""
import copy
import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import bot_runner, stand_in, turns
from games.models import Match, Move, Seat
from scoring import stats, transfer
from scoring.models import Participant, RatingChange

pytestmark = pytest.mark.django_db(transaction=True)  # the bots move on commit


def gone(match, index: int) -> None:
    """Seat `index`'s last page closed longer ago than the match's wait (nobody's socket is open in these tests)."""
    Match.objects.filter(pk=match.pk).update(started_at=timezone.now() - timedelta(hours=1))
    Seat.objects.filter(match=match, index=index).update(left_at=timezone.now() - match.wait - timedelta(seconds=1))


def unchanged(match) -> tuple:
    match = Match.objects.get(pk=match.pk)
    return match.version, match.stand_ins, list(Seat.objects.filter(match=match).values_list("bot_from", "bot_until"))


def mias_move(match_id: int) -> None:
    match = Match.objects.get(pk=match_id)
    action = bot_runner.choose(match, 0, "easy")
    turns.play(match_id=match_id, seat=0, action=action, version=match.version)


def play_out(match_id: int) -> Match:
    """Mia plays her seat (an easy bot's choices) while the bot plays Leo's, to the end."""
    for _ in range(2000):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.PLAYING:
            return match
        assert 0 in match.engine.to_move(match.state)
        mias_move(match_id)
    raise AssertionError("the match did not end")


def test_a_gone_players_seat_goes_to_the_good_bot_and_play_goes_on_at_once(duel, mia):
    if 1 not in duel.engine.to_move(duel.state):
        mias_move(duel.pk)  # Leo's turn now (Rat-a-Tat Cat: both remember their cards first)
    gone(duel, 1)
    before = Match.objects.get(pk=duel.pk).version
    stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=1)
    match = Match.objects.get(pk=duel.pk)
    assert match.stand_ins == [1] and match.has_bots
    assert Seat.objects.get(match=duel, index=1).bot_from == before
    bot_moves = Move.objects.filter(match=duel, seq__gt=before, seat=1)
    assert bot_moves.exists() and all(move.by_bot for move in bot_moves)
    assert 0 in match.engine.to_move(match.state)  # the bot moved at once: it is Mia's turn again


def test_a_seat_whose_player_is_here_or_only_away_stays_theirs(duel, mia):
    with pytest.raises(turns.NotAllowed, match="not gone"):
        stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=1)  # away (the match just started), not gone
    Match.objects.filter(pk=duel.pk).update(started_at=timezone.now() - timedelta(hours=1))
    Seat.objects.filter(match=duel, index=1).update(left_at=timezone.now() - timedelta(minutes=4))
    before = unchanged(duel)
    with pytest.raises(turns.NotAllowed):
        stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=1)
    assert unchanged(duel) == before


def test_only_another_player_may_hand_a_seat_to_a_bot(duel, mia, leo, make_user):
    gone(duel, 0)
    gone(duel, 1)
    before = unchanged(duel)
    with pytest.raises(turns.NotAllowed):
        stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=0)  # her own seat
    with pytest.raises(turns.NotAllowed):
        stand_in.hand_to_bot(match_id=duel.pk, user=make_user("eve"), absent=1)  # not a player of the match
    with pytest.raises(turns.IllegalMove):
        stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=7)  # no such seat
    assert unchanged(duel) == before


def test_twice_or_after_the_end_is_refused(duel, mia):
    gone(duel, 1)
    stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=1)
    before = unchanged(duel)
    with pytest.raises(turns.NotPlaying):
        stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=1)
    assert unchanged(duel) == before
    turns.resign(match_id=duel.pk, seat=0)
    with pytest.raises(turns.NotPlaying):
        stand_in.take_back(match_id=duel.pk, user=Seat.objects.get(match=duel, index=1).user, seat=1)


def test_the_player_may_not_move_while_the_bot_plays_for_them_and_takes_the_seat_back(duel, mia, leo):
    gone(duel, 1)
    stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=1)
    while 1 not in Match.objects.get(pk=duel.pk).engine.to_move(Match.objects.get(pk=duel.pk).state):
        # the bot answers Mia's moves at once: Leo's turn comes only while the bot is out of the way
        Match.objects.filter(pk=duel.pk).update(stand_ins=[])  # hold the bot back for this check
        mias_move(duel.pk)
        Match.objects.filter(pk=duel.pk).update(stand_ins=[1])
    match = Match.objects.get(pk=duel.pk)
    action = match.engine.legal_actions(match.state, 1)[0]
    with pytest.raises(turns.NotAllowed, match="bot"):
        turns.play(match_id=duel.pk, seat=1, action=action, version=match.version)
    with pytest.raises(turns.NotAllowed):
        stand_in.take_back(match_id=duel.pk, user=mia, seat=1)  # not her seat
    stand_in.take_back(match_id=duel.pk, user=leo, seat=1)
    assert Seat.objects.get(match=duel, index=1).bot_until == match.version
    # The bot's move, chosen before Leo came back, arrives after: refused, and the bot looks again.
    with pytest.raises(turns.StaleVersion):
        turns.play(match_id=duel.pk, seat=1, action=action, version=match.version, stand_in=True)
    assert not bot_runner.play_one_bot_move(duel.pk)
    turns.play(match_id=duel.pk, seat=1, action=action, version=match.version)
    assert not Move.objects.get(match=duel, seq=match.version + 1).by_bot
    with pytest.raises(turns.NotPlaying):
        stand_in.take_back(match_id=duel.pk, user=leo, seat=1)  # twice


def test_the_record_says_which_moves_the_bot_made_and_its_seat_counts_in_no_statistics(duel, mia, leo):
    gone(duel, 1)
    stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=1)
    match = play_out(duel.pk)
    record = match.game_record.record
    # design/records.md version 2: the seat's bot_from says from which version the bot played it to the end
    assert record["format"] == "catsite-record/2"
    assert record["seats"][1]["bot_from"] == 0 and "bot_until" not in record["seats"][1]
    assert "bot_from" not in record["seats"][0]
    by_bot = set(Move.objects.filter(match=duel, by_bot=True).values_list("seq", flat=True))
    assert by_bot and by_bot == {move["seq"] for move in record["moves"] if move["seat"] == 1}
    transfer.check_record(record)  # still a record that imports and replays
    counted = dict(Participant.objects.filter(game_record=match.game_record).values_list("seat", "counted"))
    assert counted == {0: True, 1: False}
    assert stats.per_game(leo.profile) == []  # in Leo's history, in none of his statistics
    assert [line.plays for line in stats.per_game(mia.profile)] == [1]
    assert not RatingChange.objects.filter(profile=leo.profile).exists()
    assert RatingChange.objects.filter(profile=mia.profile).count() == 1


def test_a_seat_taken_back_counts_as_its_players(duel, mia, leo):
    gone(duel, 1)
    stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=1)
    stand_in.take_back(match_id=duel.pk, user=leo, seat=1)
    rng = random.Random(7)
    for _ in range(2000):
        match = Match.objects.get(pk=duel.pk)
        if match.status != Match.PLAYING:
            break
        seat = match.engine.to_move(match.state)[0]
        action = rng.choice(match.engine.legal_actions(match.state, seat))
        turns.play(match_id=duel.pk, seat=seat, action=action, version=match.version)
    record = Match.objects.get(pk=duel.pk).game_record.record
    assert record["seats"][1]["bot_from"] is not None and record["seats"][1]["bot_until"] is not None
    assert Participant.objects.get(game_record__record__isnull=False, seat=1).counted
    transfer.check_record(record)


def test_a_record_with_a_bots_seat_told_otherwise_is_refused(duel, mia):
    gone(duel, 1)
    stand_in.hand_to_bot(match_id=duel.pk, user=mia, absent=1)
    record = play_out(duel.pk).game_record.record
    for change, problem in [(lambda r: r["seats"][1].update(bot_from="yes"), "bot_from must be a move number"),
                            (lambda r: r["moves"][-1].update(bot=True), "unknown key 'bot'"),
                            (lambda r: r.update(format="catsite-record/1"), "unknown key 'bot_from'")]:
        changed = copy.deepcopy(record)
        change(changed)
        with pytest.raises(transfer.RecordProblem, match=problem):
            transfer.check_record(changed)


def test_the_views_answer_bad_input_with_a_4xx_and_change_nothing(duel, mia, leo, client):
    url = f"/matches/{duel.pk}/stand-in/"
    assert client.post(url, {"absent": "1"}).status_code == 403  # not logged in
    client.force_login(mia)
    before = unchanged(duel)
    assert client.post(url, {}).status_code == 400
    assert client.post(url, {"absent": "x"}).status_code == 400
    assert client.post(url, {"absent": "1"}).status_code == 403  # Leo is not gone
    assert client.post(f"/matches/{duel.pk}/take-back/", {"seat": "0"}).status_code == 409  # no bot plays it
    assert client.post("/matches/999999/stand-in/", {"absent": "1"}).status_code == 404
    assert unchanged(duel) == before
    gone(duel, 1)
    response = client.post(url, {"absent": "1"}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and 'id="table"' in response.content.decode()
    assert Match.objects.get(pk=duel.pk).stand_ins == [1]
    client.force_login(leo)
    page = client.get(f"/matches/{duel.pk}/").content.decode()
    assert "A bot is playing for leo" in page and "Take my seat back" in page
    assert client.post(f"/matches/{duel.pk}/take-back/", {"seat": "1"}).status_code == 302
    assert Match.objects.get(pk=duel.pk).stand_ins == []
