"""A guest's results are kept under their name; the phone that played as the guest may take them into an account,
once; nobody else can."""
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import guests
from games.models import Match, Seat
from games.records import match_record
from scoring import transfer
from scoring.models import Participant, PlayerProfile
from scoring.services import profile_for
from table_mode import services
from table_mode.models import Member
from tests.matches import play_out
from tests.table_mode.conftest import join_as_guest

pytestmark = pytest.mark.django_db
OFFER = "This device played at a table as"


def game_with_ann(table, mia, leo) -> tuple[Match, Client]:
    """Ann (a guest on her phone) and Leo play Rat-a-Tat Cat at Mia's table, to the end."""
    ann = join_as_guest(table, "Ann")
    services.join_as_user(table=table, user=leo)
    players = list(table.members.values_list("pk", flat=True))
    match = services.start_game(table=table, user=mia, game="rat_a_tat_cat", players=players, bots=[])
    return play_out(match.pk), ann


def signed_up_on(phone: Client, username: str):
    user = get_user_model().objects.create_user(username=username, password="a-Long-passw0rd")
    profile_for(user)
    phone.force_login(user)  # logging in keeps the phone's other cookies, the guest's among them
    return user


def test_a_guests_results_are_in_the_history_under_their_name(table, mia, leo):
    match, _ = game_with_ann(table, mia, leo)
    ann = Participant.objects.get(game_record=match.game_record, seat=0)
    assert ann.name == "Ann" and ann.profile.user is None and ann.counts
    assert "Ann" in Client().get("/history/").content.decode()
    assert "Ann" in Client().get(f"/history/{match.game_record.pk}/").content.decode()


def test_a_match_played_at_a_table_says_so_in_its_record(table, mia, leo):
    match, _ = game_with_ann(table, mia, leo)
    record = match_record(match)
    assert (record["format"], record["mode"]) == ("catsite-record/2", "table") and "move_time" not in record
    assert transfer.check_records([json.loads(json.dumps(record))]) == []
    assert match.game_record.record["mode"] == "table"


def test_the_guest_signs_up_on_that_phone_and_takes_the_results_once(table, mia, leo):
    match, phone = game_with_ann(table, mia, leo)
    guest = Member.objects.get(name="Ann").profile
    assert OFFER not in phone.get("/").content.decode()  # not signed in: nothing to offer yet
    user = signed_up_on(phone, "annie")
    assert f"{OFFER} Ann." in phone.get("/").content.decode()
    response = phone.post("/table/guest-results/", {"answer": "take", "next": "/history/"})
    assert response.status_code == 302 and response["Location"] == "/history/"
    ann = Participant.objects.get(game_record=match.game_record, seat=0)
    assert ann.profile == user.profile
    assert not PlayerProfile.objects.filter(pk=guest.pk).exists()
    assert Seat.objects.get(match=match, index=0).profile == user.profile
    assert OFFER not in phone.get("/").content.decode()
    assert guests.COOKIE not in phone.cookies or not phone.cookies[guests.COOKIE].value


def test_declining_keeps_the_results_under_the_guests_name_and_asks_no_more(table, mia, leo):
    match, phone = game_with_ann(table, mia, leo)
    signed_up_on(phone, "annie")
    phone.post("/table/guest-results/", {"answer": "decline"})
    assert OFFER not in phone.get("/").content.decode()
    assert Participant.objects.get(game_record=match.game_record, seat=0).profile.user is None


def test_nobody_else_can_take_a_guests_results(table, mia, leo):
    match, _ = game_with_ann(table, mia, leo)
    other = Client()
    other.force_login(mia)  # the host, who made the table, is not the guest
    assert OFFER not in other.get("/").content.decode()
    other.post("/table/guest-results/", {"answer": "take"})
    ann = Participant.objects.get(game_record=match.game_record, seat=0)
    assert ann.profile.user is None and ann.name == "Ann"
    assert not ann.profile.created_by  # so the profile's link request (scoring/linking.py) is nobody's either


def test_a_guest_who_played_against_the_account_is_not_that_account(table, mia, leo):
    """Leo's phone played as Ann too (a second guest on his phone): Ann sat beside Leo, so she is not Leo."""
    match, ann_phone = game_with_ann(table, mia, leo)
    leo_phone = Client()
    leo_phone.cookies[guests.COOKIE] = ann_phone.cookies[guests.COOKIE].value
    leo_phone.force_login(leo)
    page = leo_phone.post("/table/guest-results/", {"answer": "take"}, follow=True).content.decode()
    assert "played in a match with you" in page
    assert Participant.objects.get(game_record=match.game_record, seat=0).profile.user is None


def test_a_guest_who_signs_up_mid_game_plays_on_as_the_account(table, mia, leo):
    phone = join_as_guest(table, "Ann")
    services.join_as_user(table=table, user=leo)
    players = list(table.members.values_list("pk", flat=True))
    match = services.start_game(table=table, user=mia, game="rat_a_tat_cat", players=players, bots=[])
    user = signed_up_on(phone, "annie")
    phone.post("/table/guest-results/", {"answer": "take"})
    seat = Seat.objects.get(match=match, index=0)
    assert (seat.kind, seat.user, seat.profile) == (Seat.PLAYER, user, user.profile)
    page = phone.get(f"/table/{table.code}/").content.decode()
    assert 'data-stamp="' in page and ":0:False" in page
