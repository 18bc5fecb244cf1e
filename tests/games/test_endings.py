"""Ending a match early: a resignation, a claim against an absent player, a host cancelling before the start.

Each goes through one service function (games/turns.py, games/lobby.py); the record stays a valid record
(design/records.md, with the optional `ended` field of docs/records.md) that imports and replays.
"""
import copy
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import endings, lobby, registry, turns
from games.lobby import SeatPlan
from games.models import Match, Move, Seat
from games.tables import render_table
from scoring import transfer
from scoring.models import GameRecord

pytestmark = pytest.mark.django_db


def test_the_leaver_ranks_last_and_the_others_keep_their_order():
    assert endings.places_without([1, 2, 3], 0) == [3, 1, 2]
    assert endings.places_without([2, 1, 3], 1) == [1, 3, 2]
    assert endings.places_without([1, 1, 3], 2) == [1, 1, 3]
    assert endings.places_without([1, 1, 1, 4], 0) == [4, 1, 1, 3]  # ties share a place: 1, 1, 3


def test_ending_moves_are_the_frameworks_own():
    assert endings.is_ending({"type": "resign"}) and endings.is_ending({"type": "claim", "absent": 1})
    assert not endings.is_ending({"type": "draw"}) and not endings.is_ending("resign")
    # design/records.md version 2's `ended`; the leaver is the move's
    assert endings.ended({"type": "resign"}) == "resigned"
    assert endings.ended({"type": "claim", "absent": 1}) == "claimed"
    assert endings.leaver(1, {"type": "resign"}) == 1 and endings.leaver(0, {"type": "claim", "absent": 1}) == 1


def test_a_resignation_ends_the_match_and_the_record_says_so(duel):
    turns.play(match_id=duel.pk, seat=0, action={"type": "draw"}, version=0)
    match = turns.resign(match_id=duel.pk, seat=0)
    assert match.status == Match.FINISHED and match.finished_at is not None
    last = Move.objects.filter(match=duel).order_by("-seq").first()
    assert (last.seq, last.seat, last.action) == (2, 0, {"type": "resign"})
    record = GameRecord.objects.get(pk=match.game_record_id).record
    assert record["format"] == "catsite-record/2" and record["ended"] == "resigned"
    assert record["seats"][0]["resigned"] is True and "resigned" not in record["seats"][1]
    assert record["result"]["ranks"] == [2, 1]
    assert record["moves"][-1] == {"seq": 2, "seat": 0, "action": {"type": "resign"}}
    transfer.check_record(record)  # a valid record: it replays and its result follows
    assert [p.rank for p in match.game_record.participants.order_by("seat")] == [2, 1]


def test_a_player_may_resign_when_it_is_not_their_turn(duel):
    seat = 1 - duel.engine.to_move(duel.state)[0]
    match = turns.resign(match_id=duel.pk, seat=seat)
    assert match.game_record.record["result"]["ranks"][seat] == 2


def test_resigning_twice_or_after_the_end_is_refused(duel):
    turns.resign(match_id=duel.pk, seat=1)
    with pytest.raises(turns.NotPlaying):
        turns.resign(match_id=duel.pk, seat=0)
    assert Move.objects.filter(match=duel).count() == 1
    assert GameRecord.objects.count() == 1


def test_resigning_a_seat_the_match_does_not_have_changes_nothing(duel):
    with pytest.raises(turns.IllegalMove):
        turns.resign(match_id=duel.pk, seat=5)
    assert Match.objects.get(pk=duel.pk).status == Match.PLAYING


def test_a_resignation_in_a_three_player_match_keeps_the_others_places(mia, leo, make_user):
    ann = make_user("ann")
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("invite"), SeatPlan("invite")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    lobby.take_seat(match_id=match.pk, user=ann, token=match.invite_token)
    match = turns.resign(match_id=match.pk, seat=1)
    ranks = match.game_record.record["result"]["ranks"]
    assert ranks[1] == 3 and sorted(ranks) in ([1, 1, 3], [1, 2, 3])


def _stale(match, hours):
    """Pretend the match started, and every move of it was made, `hours` ago."""
    moment = timezone.now() - timedelta(hours=hours)
    Match.objects.filter(pk=match.pk).update(started_at=moment)
    Move.objects.filter(match=match).update(created_at=moment)


@pytest.fixture
def stones(mia, leo):
    """A started Take Away match (one seat to move at a time) between Mia (seat 0) and Leo (seat 1)."""
    match = lobby.create_match(host=mia, game="take_away", options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    match.refresh_from_db()
    return match


def test_the_absent_player_to_move_can_be_claimed_after_the_hosts_time(stones):
    absent = stones.engine.to_move(stones.state)[0]
    other = 1 - absent
    with pytest.raises(turns.NotAllowed, match="is not absent"):
        turns.claim(match_id=stones.pk, seat=other, absent=absent)
    _stale(stones, 25)
    assert turns.absent_seats(Match.objects.get(pk=stones.pk), list(stones.seats.all())) == [absent]
    match = turns.claim(match_id=stones.pk, seat=other, absent=absent)
    record = match.game_record.record
    assert record["ended"] == "claimed" and not any("resigned" in seat for seat in record["seats"])
    assert record["result"]["ranks"][absent] == 2 and record["result"]["ranks"][other] == 1
    assert record["moves"][-1] == {"seq": 1, "seat": other, "action": {"type": "claim", "absent": absent}}
    transfer.check_record(record)


def test_a_day_is_counted_from_the_absent_players_own_last_move(stones):
    first = stones.engine.to_move(stones.state)[0]
    turns.play(match_id=stones.pk, seat=first, action={"type": "take", "stones": 1}, version=0)
    _stale(stones, 23)
    match = Match.objects.get(pk=stones.pk)
    assert turns.absent_seats(match, list(match.seats.all())) == []
    assert turns.absent_seats(match, list(match.seats.all()), now=timezone.now() + timedelta(hours=1)) == [1 - first]


def test_only_the_seat_to_move_can_be_claimed_and_never_ones_own(stones):
    absent = stones.engine.to_move(stones.state)[0]
    other = 1 - absent
    _stale(stones, 48)
    with pytest.raises(turns.NotAllowed, match="is not absent"):
        turns.claim(match_id=stones.pk, seat=absent, absent=other)  # the other is not to move
    with pytest.raises(turns.NotAllowed, match="a seat you play yourself"):
        turns.claim(match_id=stones.pk, seat=absent, absent=absent)
    assert Match.objects.get(pk=stones.pk).status == Match.PLAYING


def test_a_player_who_is_absent_too_must_move_before_claiming(duel):
    assert duel.engine.to_move(duel.state) == [0, 1]  # both look at their cards at once
    _stale(duel, 30)
    with pytest.raises(turns.NotAllowed, match="make your move first"):
        turns.claim(match_id=duel.pk, seat=0, absent=1)
    turns.play(match_id=duel.pk, seat=0, action={"type": "memorised"}, version=0)
    assert turns.claim(match_id=duel.pk, seat=0, absent=1).game_record.record["result"]["ranks"][1] == 2


def test_the_host_chooses_the_time_and_can_choose_never(mia, leo):
    match = lobby.create_match(host=mia, game="take_away", options={},
                               seats=[SeatPlan("me"), SeatPlan("invite")], absence_limit=timedelta(hours=1))
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    match.refresh_from_db()
    absent = match.engine.to_move(match.state)[0]
    _stale(match, 2)
    assert turns.absent_seats(Match.objects.get(pk=match.pk), list(match.seats.all())) == [absent]
    Match.objects.filter(pk=match.pk).update(absence_limit=None)
    with pytest.raises(turns.NotAllowed):
        turns.claim(match_id=match.pk, seat=1 - absent, absent=absent)


def test_a_host_cannot_claim_from_their_own_local_players(mia):
    match = lobby.create_match(host=mia, game="take_away", options={},
                               seats=[SeatPlan("me"), SeatPlan("local", name="Kit")])
    absent = match.engine.to_move(match.state)[0]
    _stale(match, 48)
    with pytest.raises(turns.NotAllowed):
        turns.claim(match_id=match.pk, seat=1 - absent, absent=absent)


@pytest.mark.parametrize("game", [g.slug for g in registry.playable_games()])
def test_every_game_can_be_resigned_into_a_valid_record(game, mia, leo, monkeypatch):
    # A fixed deal: with a random one, about 1 Rat Hot deal in 300 ends within the three moves made below.
    monkeypatch.setattr(lobby, "new_seed", lambda: 20261203)
    engine = registry.get(game).engine
    seats = [SeatPlan("me"), SeatPlan("invite")] + [SeatPlan("bot", bot_level="easy")] * (engine.MIN_SEATS - 2)
    match = lobby.create_match(host=mia, game=game, options={}, seats=seats)
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    for _ in range(3):  # a few moves in, then a resignation
        match.refresh_from_db()
        seat = engine.to_move(match.state)[0]
        turns.play(match_id=match.pk, seat=seat, action=engine.legal_actions(match.state, seat)[0],
                   version=match.version)
    match = turns.resign(match_id=match.pk, seat=1)
    record = match.game_record.record
    transfer.check_record(record)
    assert record["result"]["ranks"][1] == len(seats)  # the resigned player ranks last
    assert transfer.replay(record) == match.state  # a replay stops at the resignation


def _resigned_record(duel) -> dict:
    turns.play(match_id=duel.pk, seat=duel.engine.to_move(duel.state)[0], action={"type": "draw"}, version=0)
    return copy.deepcopy(turns.resign(match_id=duel.pk, seat=0).game_record.record)


@pytest.mark.parametrize("change, problem", [
    (lambda r: r.pop("ended"), "ended field"),
    (lambda r: r.update(ended="claimed"), "ended field"),
    (lambda r: r.update(ended={"reason": "resigned", "seat": 0}), "ended must be one of"),
    (lambda r: r.update(format="catsite-record/1"), "unknown key"),
    (lambda r: r["seats"][0].pop("resigned"), "resigned is true exactly where"),
    (lambda r: r["seats"][1].update(resigned=True), "resigned is true exactly where"),
    (lambda r: r["result"].update(ranks=[1, 2]), "result is not the one"),
    (lambda r: r["moves"].insert(0, {"seq": 0, "seat": 0, "action": {"type": "resign"}}), "is illegal"),
    (lambda r: r["moves"][-1].update(seat=None), "must be made by a seat"),
    (lambda r: r["moves"][-1].update(action={"type": "claim", "absent": 0}), "not the one to move"),
])
def test_an_import_checks_a_resignation_like_any_move(duel, change, problem):
    record = _resigned_record(duel)
    change(record)
    if record["moves"][0]["seq"] == 0:
        for number, move in enumerate(record["moves"], start=1):
            move["seq"] = number
    with pytest.raises(transfer.RecordProblem, match=problem):
        transfer.check_record(record)


def test_a_played_out_record_may_not_claim_to_have_ended_early(duel):
    from tests.matches import play_out

    record = copy.deepcopy(play_out(duel.pk).game_record.record)
    transfer.check_record(record)
    record.update(format="catsite-record/2", ended="played_out")  # the default, said
    transfer.check_record(record)
    record["ended"] = "resigned"
    with pytest.raises(transfer.RecordProblem, match="ended early"):
        transfer.check_record(record)


def test_a_resigned_record_exports_and_imports_into_another_site(duel):
    record = _resigned_record(duel)
    GameRecord.objects.all().delete()
    report = transfer.import_records([record])
    assert len(report.imported) == 1 and report.imported[0].record == record


# --- Cancelling before the start -----------------------------------------------------------------------------


@pytest.fixture
def waiting(mia):
    return lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                              seats=[SeatPlan("me"), SeatPlan("invite")])


def test_the_host_cancels_a_match_that_has_not_started(waiting, mia, leo):
    with pytest.raises(lobby.SeatingError, match="Only the host"):
        lobby.cancel_match(match_id=waiting.pk, user=leo)
    lobby.cancel_match(match_id=waiting.pk, user=mia)
    waiting.refresh_from_db()
    assert waiting.status == Match.CANCELLED and waiting.state is None
    with pytest.raises(lobby.SeatingError, match="cancelled"):
        lobby.take_seat(match_id=waiting.pk, user=leo, token=waiting.invite_token)
    assert GameRecord.objects.count() == 0


def test_a_started_match_cannot_be_cancelled(duel, mia):
    with pytest.raises(lobby.SeatingError, match="resign instead"):
        lobby.cancel_match(match_id=duel.pk, user=mia)
    assert Match.objects.get(pk=duel.pk).status == Match.PLAYING


# --- The pages -----------------------------------------------------------------------------------------------


def test_the_resign_button_ends_the_match_for_the_player_only(client, duel, mia, leo):
    url = reverse("match_resign", args=[duel.pk])
    assert client.post(url, {"seat": "0"}).status_code == 403  # not logged in
    client.force_login(leo)
    assert client.post(url, {"seat": "0"}).status_code == 403  # not Leo's seat
    assert client.post(url, {"seat": "x"}).status_code == 403
    assert Match.objects.get(pk=duel.pk).status == Match.PLAYING
    response = client.post(url, {"seat": "1"})
    assert response.status_code == 302
    assert Match.objects.get(pk=duel.pk).game_record.record["ended"] == "resigned"
    again = client.post(url, {"seat": "1"})
    # Refused: the finished table says the match is over, once (not an error saying it again)
    assert again.status_code == 409 and "The match is over." in again.text and "This match is over." not in again.text
    page = client.get(reverse("match", args=[duel.pk]))
    assert "leo resigned" in page.text


def test_the_claim_button_shows_only_once_the_player_is_absent(client, stones, mia, leo):
    absent = stones.engine.to_move(stones.state)[0]
    claimer = [mia, leo][1 - absent]
    client.force_login(claimer)
    page = client.get(reverse("match", args=[stones.pk]))
    assert "Claim the match" not in page.text and "Leave the match…" in page.text
    post = {"seat": str(1 - absent), "absent": str(absent)}
    refused = client.post(reverse("match_claim", args=[stones.pk]), post)
    assert refused.status_code == 403 and "is not absent" in refused.text
    _stale(stones, 30)
    assert "Claim the match" in client.get(reverse("match", args=[stones.pk])).text
    assert client.post(reverse("match_claim", args=[stones.pk]), {"seat": str(1 - absent)}).status_code == 400
    client.post(reverse("match_claim", args=[stones.pk]), post)
    assert Match.objects.get(pk=stones.pk).game_record.record["ended"] == "claimed"


def test_a_pushed_table_shows_the_claim_once_the_player_is_absent(stones, mia, leo):
    """The ending section of a push is kept from one change to the next: it changes when the player becomes
    absent."""
    absent = stones.engine.to_move(stones.state)[0]
    claimer = [mia, leo][1 - absent]

    def pushed():
        match = Match.objects.get(pk=stones.pk)
        return render_table(match, Seat.of(match.pk), claimer, None, oob=True)

    assert "Claim the match" not in pushed() and "Leave the match…" in pushed()
    _stale(stones, 30)
    table = pushed()
    assert "Claim the match" in table and 'name="csrfmiddlewaretoken"' not in table  # the page sends it in a header
    assert "Claim the match" not in render_table(stones, Seat.of(stones.pk), [mia, leo][absent], None, oob=True)


def test_the_cancel_button_is_the_hosts(client, waiting, mia, leo):
    url = reverse("match_cancel", args=[waiting.pk])
    client.force_login(leo)
    client.post(url)
    assert Match.objects.get(pk=waiting.pk).status == Match.OPEN
    client.force_login(mia)
    assert "Cancel this match" in client.get(waiting.get_absolute_url()).text
    assert client.post(url).url == reverse("lobby")
    assert Match.objects.get(pk=waiting.pk).status == Match.CANCELLED
    assert "This match was cancelled" in client.get(waiting.get_absolute_url()).text


def test_my_matches_show_number_start_and_turn_and_hide_ended_ones(client, stones, duel, waiting, mia, leo):
    ended = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("local")])
    turns.resign(match_id=ended.pk, seat=1)
    cancelled = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                                   seats=[SeatPlan("me"), SeatPlan("invite")])
    lobby.cancel_match(match_id=cancelled.pk, user=mia)
    client.force_login(mia)
    page = client.get(reverse("lobby")).text
    mine = page.split("My matches in progress")[1].split("Open matches to join")[0]
    assert f'data-match="{duel.pk}"' in mine and f'data-match="{waiting.pk}"' in mine
    assert f'data-match="{ended.pk}"' not in mine and f'data-match="{cancelled.pk}"' not in mine
    assert f"#{duel.pk}" in mine and "started" in mine
    rows = {number: mine.split(f'data-match="{number}"')[1].split("</li>")[0] for number in (duel.pk, stones.pk)}
    assert "Your turn" in rows[duel.pk]  # both look at their cards at once, Mia too
    to_move = stones.seats.get(index=stones.engine.to_move(stones.state)[0]).label
    assert ("Your turn" if to_move == "mia" else "leo&#x27;s turn") in rows[stones.pk]
    client.force_login(leo)
    page = client.get(reverse("lobby")).text
    watch = page.split("<h2>Watch</h2>")[1]
    assert "Your turn" in watch.split(f'data-match="{duel.pk}"')[1].split("</li>")[0]


def test_the_match_result_lists_the_winner_first(client, duel, mia):
    turns.resign(match_id=duel.pk, seat=0)  # Mia, seat 0, resigns: Leo wins
    client.force_login(mia)
    page = client.get(reverse("match", args=[duel.pk])).text
    result = page[page.index('<section class="card result">'):]
    assert result.index("<td>1</td><td>leo") < result.index("<td>2</td><td>mia")


def test_a_resigned_match_replays_to_its_last_step(client, duel):
    match = turns.resign(match_id=duel.pk, seat=1)
    url = reverse("record_replay", args=[match.game_record_id])
    last = client.get(f"{url}?step=1")
    assert last.status_code == 200 and "no longer replays" not in last.text


def test_the_list_names_the_player_to_move_to_the_others(client, stones, make_user):
    to_move = stones.seats.get(index=stones.engine.to_move(stones.state)[0]).label
    client.force_login(make_user("ann"))  # a spectator: the match is in the Watch list
    row = client.get(reverse("lobby")).text.split(f'data-match="{stones.pk}"')[1].split("</li>")[0]
    assert f"{to_move}&#x27;s turn" in row and "Your turn" not in row
