"""Setting matches up: seats, invitations, starting when full, rematches."""
import pytest

from games import lobby, turns
from games.lobby import SeatingError, SeatPlan
from games.models import Match, Seat

pytestmark = pytest.mark.django_db


def test_a_match_with_nobody_to_invite_starts_at_once(mia):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={},
                               seats=[SeatPlan("me"), SeatPlan("local", name="Grandpa"),
                                      SeatPlan("bot", bot_level="easy")])
    assert match.status == Match.PLAYING and match.state is not None
    assert [s.kind for s in match.seats.all()] == [Seat.PLAYER, Seat.LOCAL, Seat.BOT]
    assert match.options == match.engine.normalise_options({})


def test_a_match_waits_for_invited_players_and_starts_when_the_last_seat_is_taken(mia, leo):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
    assert match.status == Match.OPEN
    seat = lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    assert (seat.index, seat.user, seat.profile) == (1, leo, leo.profile)
    assert Match.objects.get(pk=match.pk).status == Match.PLAYING


@pytest.mark.parametrize("seats", [[SeatPlan("me")], [SeatPlan("bot", bot_level="easy")] * 7])
def test_the_number_of_seats_follows_the_game(mia, seats):
    with pytest.raises(SeatingError, match="2 to 6 players"):
        lobby.create_match(host=mia, game="rat_a_tat_cat", options={}, seats=seats)


def test_bad_options_are_refused_with_a_reason(mia):
    with pytest.raises(SeatingError):
        lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 0},
                           seats=[SeatPlan("me"), SeatPlan("bot", bot_level="easy")])


def test_an_invitation_needs_the_right_token_and_a_free_seat(mia, leo, make_user):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
    with pytest.raises(SeatingError, match="not valid"):
        lobby.take_seat(match_id=match.pk, user=leo, token="forged")
    with pytest.raises(SeatingError, match="already have a seat"):
        lobby.take_seat(match_id=match.pk, user=mia, token=match.invite_token)
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    with pytest.raises(SeatingError, match="already started"):
        lobby.take_seat(match_id=match.pk, user=make_user("zoe"), token=match.invite_token)


def test_a_rematch_seats_the_same_players_with_a_new_seed(duel, leo):
    match = Match.objects.get(pk=duel.pk)
    with pytest.raises(SeatingError, match="over"):
        lobby.rematch(match_id=match.pk, user=leo)
    Match.objects.filter(pk=match.pk).update(status=Match.FINISHED)
    again = lobby.rematch(match_id=match.pk, user=leo)
    assert again.status == Match.PLAYING and again.rematch_of_id == match.pk and again.seed != match.seed
    assert [(s.index, s.user_id, s.kind) for s in again.seats.all()] == [
        (s.index, s.user_id, s.kind) for s in match.seats.all()]
    assert lobby.rematch(match_id=match.pk, user=leo) == again  # both players pressing it get one rematch


def test_only_players_of_the_match_start_its_rematch(duel, make_user):
    Match.objects.filter(pk=duel.pk).update(status=Match.FINISHED)
    with pytest.raises(SeatingError, match="Only the players"):
        lobby.rematch(match_id=duel.pk, user=make_user("stranger"))


def test_bots_move_after_the_humans_move_until_a_human_is_to_move(mia, django_capture_on_commit_callbacks):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 2},
                               seats=[SeatPlan("me"), SeatPlan("bot", bot_level="good")])
    engine = match.engine
    turn = ["draw", "discard", "discard", "discard", "end_turn"]  # a Draw 2 may need more than one discard
    for kind in turn:
        legal = [a for a in engine.legal_actions(match.state, 0) if a["type"] == kind]
        if not legal:
            continue
        with django_capture_on_commit_callbacks(execute=True):
            turns.play(match_id=match.pk, seat=0, action=legal[0], version=match.version)
        match.refresh_from_db()
    assert match.moves.filter(seat=1).exists(), "the bot took its turn"
    assert engine.to_move(match.state) == [0], "and the turn came back to the human"


def test_the_lobby_lists_a_matchs_players_with_the_languages_separator(client, mia):
    lobby.create_match(host=mia, game="rat_a_tat_cat", options={},
                       seats=[SeatPlan("me"), SeatPlan("local", name="Grandpa"), SeatPlan("bot", bot_level="easy")])
    client.force_login(mia)
    page = client.get("/play/", HTTP_ACCEPT_LANGUAGE="zh-Hant").content.decode()
    assert "Grandpa、簡單機器人" in page and "Grandpa, " not in page
    assert "Grandpa, Easy bot" in client.get("/play/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
