"""Opening a table and joining it: by code or link, as a registered player or a guest; bad input changes nothing."""
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import guests
from table_mode import limits, services
from table_mode.models import JoinRefusal, Member, Table
from tests.table_mode.conftest import join_as_guest

pytestmark = pytest.mark.django_db


def test_a_signed_in_player_opens_a_table_and_its_big_screen_shows_the_code_and_a_qr_code(screen, mia):
    response = screen.post("/table/new/")
    table = Table.objects.get(host=mia)
    assert response.status_code == 302 and response["Location"] == f"/table/{table.code}/screen/"
    page = screen.get(response["Location"]).content.decode()
    assert f">{table.code}<" in page
    assert "<svg" in page and f"http://testserver/table/{table.code}/" in page


def test_nobody_opens_a_table_without_signing_in():
    response = Client().post("/table/new/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not Table.objects.exists()


def test_only_the_host_opens_the_big_screen(table, leo):
    browser = Client()
    browser.force_login(leo)
    assert browser.get(f"/table/{table.code}/screen/").status_code == 404


def test_a_guest_joins_by_the_code_typed_on_the_home_page_and_a_reload_finds_their_place(table):
    assert 'action="/table/join/"' in Client().get("/").content.decode()
    phone = Client()
    typed = " " + table.code.lower()[:2] + " " + table.code.lower()[2:]
    response = phone.get("/table/join/", {"code": typed})
    assert response.status_code == 302 and response["Location"] == f"/table/{table.code}/"
    assert phone.post(f"/table/{table.code}/", {"name": "  Grandma  Mo "}).status_code == 302
    member = Member.objects.get(table=table)
    assert member.name == "Grandma Mo" and member.user is None and member.profile.user is None
    assert member.profile.created_by is None  # nobody can edit it or link it to an account
    page = phone.get(f"/table/{table.code}/").content.decode()
    assert "You are <strong>Grandma Mo</strong>" in page and 'name="name"' not in page
    # Another device, after the network dropped or a new tab: the cookie is the place, not the page.
    again = Client()
    again.cookies[guests.COOKIE] = phone.cookies[guests.COOKIE].value
    assert "You are <strong>Grandma Mo</strong>" in again.get(f"/table/{table.code}/").content.decode()


def test_a_registered_player_joins_once_however_often_they_press_join(table, leo):
    phone = Client()
    phone.force_login(leo)
    for _ in range(2):
        assert phone.post(f"/table/{table.code}/").status_code == 302
    assert list(table.members.values_list("user__username", flat=True)) == ["leo"]
    assert "You are <strong>leo</strong>" in phone.get(f"/table/{table.code}/").content.decode()


@pytest.mark.parametrize("name, message", [
    ("", "Say your name."), ("   ", "Say your name."), ("x" * 31, "at most 30 characters"),
    ("grandma mo", "already taken at this table"),
])
def test_a_bad_guest_name_is_refused_with_a_message_and_nothing_changes(table, name, message):
    join_as_guest(table, "Grandma Mo")
    response = Client().post(f"/table/{table.code}/", {"name": name})
    assert response.status_code == 400 and message in response.content.decode()
    assert table.members.count() == 1


def test_a_second_phone_cannot_claim_a_guests_place_by_the_same_name(table):
    first = join_as_guest(table, "Ann")
    second = Client()
    assert second.post(f"/table/{table.code}/", {"name": "Ann"}).status_code == 400
    assert "You are" not in second.get(f"/table/{table.code}/").content.decode()
    assert "You are <strong>Ann</strong>" in first.get(f"/table/{table.code}/").content.decode()


def test_a_forged_guest_cookie_is_nobody(table):
    join_as_guest(table, "Ann")
    forger = Client()
    forger.cookies[guests.COOKIE] = str(Member.objects.get().profile_id)
    assert "You are" not in forger.get(f"/table/{table.code}/").content.decode()


def test_a_full_table_refuses_one_more(table):
    for number in range(services.MOST_MEMBERS):
        join_as_guest(table, f"Kid {number}")
    response = Client().post(f"/table/{table.code}/", {"name": "One more"})
    assert response.status_code == 400 and "This table is full" in response.content.decode()
    assert table.members.count() == services.MOST_MEMBERS


@pytest.mark.parametrize("code", ["", "HELLO", "KX0TM", "x" * 500])
def test_a_wrong_code_says_so(table, code):
    response = Client().get("/table/join/", {"code": code})
    assert response.status_code in (400, 404)
    assert 'role="alert"' in response.content.decode()
    assert not Member.objects.exists()


def test_a_table_unused_for_a_day_is_closed(table):
    Table.objects.filter(pk=table.pk).update(used_at=timezone.now() - timedelta(days=1, minutes=1))
    response = Client().post(f"/table/{table.code}/", {"name": "Ann"})
    assert response.status_code == 404 and not Member.objects.exists()


def test_using_a_table_keeps_it_open(table, screen):
    Table.objects.filter(pk=table.pk).update(used_at=timezone.now() - timedelta(hours=23))
    screen.get(f"/table/{table.code}/screen/")
    assert services.find(table.code) is not None
    assert Table.objects.get(pk=table.pk).used_at > timezone.now() - timedelta(minutes=1)


def test_too_many_wrong_codes_from_one_address_must_wait_even_for_the_right_one(table):
    guesser = Client()
    for _ in range(limits.TRIES):
        assert guesser.get("/table/join/", {"code": "AAAAA"}).status_code == 404
    response = guesser.get("/table/join/", {"code": table.code})
    assert response.status_code == 429
    assert guesser.post(f"/table/{table.code}/", {"name": "Ann"}).status_code == 429
    assert not Member.objects.exists()
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.get("/table/join/", {"code": table.code}).status_code == 302


def test_refusals_older_than_the_window_are_forgotten(table):
    JoinRefusal.objects.bulk_create(JoinRefusal(address="127.0.0.1", at=timezone.now() - limits.WINDOW
                                                - timedelta(seconds=1)) for _ in range(limits.TRIES))
    assert Client().get("/table/join/", {"code": table.code}).status_code == 302
    Client().get("/table/join/", {"code": "AAAAA"})
    assert JoinRefusal.objects.count() == 1


def test_a_waiting_phone_reloads_when_a_game_starts(table, screen, leo):
    phone = join_as_guest(table, "Ann")
    part = phone.get(f"/table/{table.code}/part/", {"match": 0})
    assert part.status_code == 200 and "Ann" in part.content.decode()
    Member.objects.create(table=table, user=leo, profile=leo.profile, name="Leo")
    assert "Leo" in phone.get(f"/table/{table.code}/part/", {"match": 0}).content.decode()
    screen.post(f"/table/{table.code}/start/", {"game": "rat_a_tat_cat", "player": list(
        table.members.values_list("pk", flat=True))})
    assert phone.get(f"/table/{table.code}/part/", {"match": 0})["HX-Refresh"] == "true"
