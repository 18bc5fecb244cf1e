"""The match pages: what each visitor sees, and every way a posted move can be refused."""
import json

import pytest

from games import lobby
from games.lobby import SeatPlan
from games.models import Match, Move
from tests.matches import play_out

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def post_move(client, match, seat, action, version=None, **extra):
    data = {"seat": seat, "version": match.version if version is None else version, "action": json.dumps(action)}
    return client.post(f"/matches/{match.pk}/move/", data | extra, **HTMX)


def test_the_lobby_lists_open_matches_and_mine(client, mia, leo):
    waiting = lobby.create_match(host=leo, game="rat_a_tat_cat", options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
    client.force_login(mia)
    page = client.get("/play/").content.decode()
    assert f"/matches/{waiting.pk}/join/{waiting.invite_token}/" in page


def test_creating_a_match_from_the_form(client, mia):
    client.force_login(mia)
    assert client.get("/play/new/rat_a_tat_cat/").status_code == 200
    response = client.post("/play/new/rat_a_tat_cat/", {
        "seat_0": "me", "seat_1": "bot:easy", "seat_2": "local", "name_2": "Grandpa",
        "option_end": "rounds", "option_rounds": 3, "option_limit": 100,
    })
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert [s.label for s in match.seats.all()] == [mia.profile.display_name, "Easy bot", "Grandpa"]
    assert match.options["rounds"] == 3 and match.status == Match.PLAYING


def test_the_form_explains_a_wrong_number_of_players(client, mia):
    client.force_login(mia)
    response = client.post("/play/new/rat_a_tat_cat/", {"seat_0": "me", "option_end": "rounds",
                                                        "option_rounds": 3, "option_limit": 100})
    assert response.status_code == 400 and "is for 2 to 6 players; you chose 1" in response.content.decode()


def test_a_game_that_ends_by_time_needs_a_time_limit(client, mia):
    client.force_login(mia)
    response = client.post("/play/new/rat_a_tat_cat/", {"seat_0": "me", "seat_1": "bot:easy", "option_end": "time",
                                                        "option_rounds": 3, "option_limit": 100})
    assert "Give the time limit" in response.content.decode()


def test_a_player_sees_the_table_and_their_legal_moves(client, duel, mia):
    client.force_login(mia)
    page = client.get(f"/matches/{duel.pk}/").content.decode()
    assert 'ws-connect="/ws/matches/' in page and "Draw a card" in page and "Your move" in page


def test_a_spectator_sees_no_controls_and_no_hidden_card(client, duel):
    page = client.get(f"/matches/{duel.pk}/").content.decode()
    assert "Watching" in page and "Draw a card" not in page and "/move/" not in page
    assert 'class="card number' not in page.split('ratc-opponents')[1].split('ratc-piles')[0]


def test_a_move_answers_the_new_table(client, duel, mia):
    client.force_login(mia)
    response = post_move(client, duel, 0, {"type": "draw"})
    assert response.status_code == 200 and 'data-version="1"' in response.content.decode()
    assert Move.objects.filter(match=duel).count() == 1


def test_a_stale_move_gets_409_and_the_fresh_table(client, duel, mia):
    client.force_login(mia)
    post_move(client, duel, 0, {"type": "draw"}, version=0)
    again = post_move(client, duel, 0, {"type": "draw"}, version=0)
    assert again.status_code == 409
    body = again.content.decode()
    assert 'data-version="1"' in body and "table changed" in body
    assert Move.objects.filter(match=duel).count() == 1


def test_a_forged_action_gets_400_and_changes_nothing(client, duel, mia):
    client.force_login(mia)
    response = post_move(client, duel, 0, {"type": "swap", "position": 0, "opponent": 1, "their_position": 0})
    assert response.status_code == 400 and 'role="alert"' in response.content.decode()
    assert Match.objects.get(pk=duel.pk).version == 0


def test_garbage_gets_400(client, duel, mia):
    client.force_login(mia)
    response = client.post(f"/matches/{duel.pk}/move/", {"seat": "x", "version": 0, "action": "{"}, **HTMX)
    assert response.status_code == 400 and "could not be read" in response.content.decode()


def test_nobody_moves_for_someone_elses_seat(client, duel, leo, make_user):
    client.force_login(leo)
    assert post_move(client, duel, 0, {"type": "draw"}).status_code == 403
    client.force_login(make_user("stranger"))
    assert post_move(client, duel, 0, {"type": "draw"}).status_code == 403
    assert Match.objects.get(pk=duel.pk).version == 0


def test_an_anonymous_visitor_cannot_move(client, duel):
    assert post_move(client, duel, 0, {"type": "draw"}).status_code == 403


def test_a_finished_match_takes_no_more_moves(client, duel, mia):
    Match.objects.filter(pk=duel.pk).update(status=Match.FINISHED)
    client.force_login(mia)
    response = post_move(client, duel, 0, {"type": "draw"})
    assert response.status_code == 409 and "over" in response.content.decode()


def test_the_record_is_published_only_when_the_match_is_over(client, duel):
    assert client.get(f"/matches/{duel.pk}/record.json").status_code == 404


def test_joining_by_link(client, mia, leo):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={}, seats=[SeatPlan("me"), SeatPlan("invite")])
    client.force_login(leo)
    url = f"/matches/{match.pk}/join/{match.invite_token}/"
    assert "Take a seat" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    assert Match.objects.get(pk=match.pk).status == Match.PLAYING


def hot_seat(mia):
    return lobby.create_match(host=mia, game="rat_a_tat_cat", options={},
                              seats=[SeatPlan("local", name="Ann"), SeatPlan("local", name="Ben")])


def test_hot_seat_asks_to_pass_the_device_before_showing_a_players_cards(client, mia):
    match = hot_seat(mia)
    client.force_login(mia)
    first = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Pass the device to Ann" in first and "Draw a card" not in first
    shown = client.get(f"/matches/{match.pk}/table/?seat=0").content.decode()
    assert "Draw a card" in shown and "Pass the device" not in shown


def test_hot_seat_hides_the_table_when_the_turn_passes_to_the_other_local_player(client, mia):
    match = hot_seat(mia)
    client.force_login(mia)
    client.get(f"/matches/{match.pk}/table/?seat=0")
    engine = match.engine
    for kind in ["draw", "discard", "discard", "discard", "end_turn"]:
        match.refresh_from_db()
        legal = [a for a in engine.legal_actions(match.state, 0) if a["type"] == kind]
        if legal:
            response = post_move(client, match, 0, legal[0])
    body = response.content.decode()
    assert "Pass the device to Ben" in body and 'class="card number' not in body


def test_the_other_local_player_cannot_be_confirmed_by_a_stranger(client, mia, leo):
    match = hot_seat(mia)
    client.force_login(leo)
    body = client.get(f"/matches/{match.pk}/table/?seat=0").content.decode()
    assert "Watching" in body


def test_a_finished_match_shows_the_result_the_record_and_a_rematch(client, duel, mia):
    match = play_out(duel.pk)
    client.force_login(mia)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "The match is over" in page and "Download the record" in page and "Rematch" in page
    record = client.get(f"/matches/{match.pk}/record.json")
    assert record.status_code == 200 and record.json()["result"] == match.engine.outcome(match.state)
    assert "attachment" in record["Content-Disposition"]
    rematch = client.post(f"/matches/{match.pk}/rematch/", **HTMX)
    assert rematch.status_code == 200
    assert rematch["HX-Redirect"] == Match.objects.get(rematch_of=match).get_absolute_url()


def test_unknown_matches_and_games_are_404(client, mia):
    client.force_login(mia)
    assert client.get("/matches/999/").status_code == 404
    assert client.get("/play/new/no_such_game/").status_code == 404


@pytest.mark.parametrize("seat", ["abc", "99", "-1", "²", "1.5", ""])
def test_a_bad_seat_in_the_address_is_ignored(client, mia, seat):
    match = hot_seat(mia)
    client.force_login(mia)
    for url in (f"/matches/{match.pk}/?seat={seat}", f"/matches/{match.pk}/table/?seat={seat}"):
        response = client.get(url)
        assert response.status_code == 200 and "Pass the device to Ann" in response.content.decode()


def test_a_rematch_of_no_match_is_404(client, mia):
    client.force_login(mia)
    assert client.post("/matches/999/rematch/").status_code == 404


def test_a_move_to_a_match_id_too_big_for_the_database_is_404(client, mia):
    client.force_login(mia)
    response = client.post(f"/matches/{'9' * 25}/move/", {"seat": 0, "version": 0, "action": "{}"}, **HTMX)
    assert response.status_code == 404


def test_an_unlisted_match_is_reached_only_by_its_invitation(client, mia, leo):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={}, listed=False,
                               seats=[SeatPlan("me"), SeatPlan("invite")])
    client.force_login(leo)
    assert match.invite_token not in client.get("/play/").content.decode()
    client.post(f"/matches/{match.pk}/join/{match.invite_token}/")
    assert Match.objects.get(pk=match.pk).status == Match.PLAYING


def test_the_form_lists_a_match_in_the_lobby_when_asked(client, mia):
    client.force_login(mia)
    seats = {"seat_0": "me", "seat_1": "invite", "option_end": "rounds", "option_rounds": 3, "option_limit": 100}
    client.post("/play/new/rat_a_tat_cat/", seats | {"listed": "on"})
    client.post("/play/new/rat_a_tat_cat/", seats)
    assert [m.listed for m in Match.objects.order_by("pk")] == [True, False]


def test_a_refused_rematch_asked_through_htmx_sends_the_browser_back_to_the_match(client, duel, mia):
    client.force_login(mia)
    response = client.post(f"/matches/{duel.pk}/rematch/", **HTMX)  # the match is not over
    assert response["HX-Redirect"] == f"/matches/{duel.pk}/"
    assert Match.objects.count() == 1
