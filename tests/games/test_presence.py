"""Presence: each person's seat is here while a page of the match is open for it, away when none is, gone after
the match's wait; every socket of the match is told when that changes (games/presence.py)."""
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from catsite.asgi import application
from games import lobby, presence
from games.lobby import SeatPlan
from games.models import Match, Seat
from tests.sockets import Socket


def connect(match, user=None) -> Socket:
    ws = Socket(application, f"/ws/matches/{match.pk}/", headers=[(b"origin", b"http://127.0.0.1"),
                                                                   (b"host", b"127.0.0.1")])
    if user is not None:
        ws.scope["user"] = user
    return ws


def seat_states(section: str) -> dict[int, str]:
    """{seat: "here" | "away" | "gone" | ""} as a presence section shows them."""
    import re

    return {int(seat): state for seat, state in re.findall(r'data-seat="(\d)" data-presence="(\w*)"', section)}


@pytest.mark.django_db
def test_a_seat_is_here_away_then_gone_after_the_wait(duel):
    seats = Seat.of(duel.pk)
    now = timezone.now()
    duel.started_at = now - timedelta(hours=1)
    seats[1].left_at = now - timedelta(minutes=4)
    found = {p.seat.index: p for p in presence.states(duel, seats, here={0}, now=now)}
    assert found[0].state == presence.HERE
    assert found[1].state == presence.AWAY and 55 <= found[1].gone_in <= 61  # the default wait: 5 minutes
    found = {p.seat.index: p for p in presence.states(duel, seats, here={0}, now=now + timedelta(minutes=1))}
    assert found[1].state == presence.GONE and found[1].gone_in is None


@pytest.mark.django_db
def test_the_wait_counts_from_the_start_of_play(duel):
    seats = Seat.of(duel.pk)
    seats[1].left_at = duel.started_at - timedelta(hours=1)  # left the waiting room before the match started
    assert presence.states(duel, seats, here={0}, now=duel.started_at + timedelta(minutes=4))[1].state == \
        presence.AWAY


@pytest.mark.django_db
def test_a_seat_never_seen_is_away_since_the_match_started(duel):
    seats = Seat.of(duel.pk)
    later = duel.started_at + duel.wait
    assert [p.state for p in presence.states(duel, seats, here=set(), now=later - timedelta(seconds=1))] == \
        [presence.AWAY, presence.AWAY]
    assert [p.state for p in presence.states(duel, seats, here=set(), now=later)] == [presence.GONE, presence.GONE]


@pytest.mark.django_db
def test_a_bots_seat_has_no_presence(mia):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 1},
                               seats=[SeatPlan("me"), SeatPlan("bot", bot_level="easy")])
    assert [p.state for p in presence.states(match, Seat.of(match.pk), here=set())] == [presence.AWAY, ""]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_others_see_a_player_arrive_and_leave(duel, mia, leo):
    mias = connect(duel, mia)
    assert (await mias.connect())[0]
    assert seat_states(await mias.receive_presence())[0] == "here"
    leos = connect(duel, leo)
    assert (await leos.connect())[0]
    assert seat_states(await mias.receive_presence()) == {0: "here", 1: "here"}
    await leos.disconnect()
    left = seat_states(await mias.receive_presence())
    assert left == {0: "here", 1: "away"}
    seat = await database_sync_to_async(Seat.objects.get)(match=duel, index=1)
    assert seat.left_at is not None and timezone.now() - seat.left_at < timedelta(minutes=1)
    await mias.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_second_page_of_the_same_player_keeps_them_here(duel, mia, leo):
    mias, leos, leos_other = connect(duel, mia), connect(duel, leo), connect(duel, leo)
    for ws in (mias, leos, leos_other):
        assert (await ws.connect())[0]
    for _ in range(3):  # one for each page that opened
        await mias.receive_presence()
    await leos_other.disconnect()  # Leo is still here: nothing is pushed (were it, it would show Leo here)
    await leos.disconnect()
    assert seat_states(await mias.receive_presence())[1] == "away"
    await mias.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_spectator_changes_nobodys_presence(duel, mia):
    mias = connect(duel, mia)
    assert (await mias.connect())[0]
    await mias.receive_presence()
    guest = connect(duel)
    assert (await guest.connect())[0]
    await guest.receive_from(timeout=5)
    await guest.disconnect()
    assert await mias.receive_nothing(timeout=0.5)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_hot_seat_seats_are_here_while_their_device_is(mia, leo):
    match = await database_sync_to_async(lobby.create_match)(
        host=mia, game="rat_a_tat_cat", options={"rounds": 1},
        seats=[SeatPlan("local", name="Ann"), SeatPlan("local", name="Ben"), SeatPlan("invite")])
    await database_sync_to_async(lobby.take_seat)(match_id=match.pk, user=leo, token=match.invite_token)
    leos = connect(match, leo)
    assert (await leos.connect())[0]
    await leos.receive_presence()
    screen = connect(match, mia)
    assert (await screen.connect())[0]
    assert seat_states(await leos.receive_presence()) == {0: "here", 1: "here", 2: "here"}
    await screen.disconnect()
    assert seat_states(await leos.receive_presence()) == {0: "away", 1: "away", 2: "here"}
    await leos.disconnect()


@pytest.mark.django_db
def test_the_match_page_shows_who_is_at_the_table_and_the_viewers_seats(duel, mia, client):
    client.force_login(mia)
    page = client.get(f"/matches/{duel.pk}/").content.decode()
    assert 'id="presence"' in page and 'data-mine="0"' in page
    assert seat_states(page) == {0: "here", 1: "away"}  # Mia is here (her page is drawn); Leo has no page open
    assert "Let a bot play for leo" in page  # shown once Leo is gone (static/css/site.css, static/js/presence.js)


@pytest.mark.django_db
def test_a_spectators_page_marks_no_seat_as_theirs(duel, client):
    page = client.get(f"/matches/{duel.pk}/").content.decode()
    assert '<div id="presence-box">' in page


@pytest.mark.django_db
def test_the_host_chooses_the_wait_at_creation(mia, client):
    client.force_login(mia)
    client.post("/play/new/rat_a_tat_cat/", {"seat_0": "me", "seat_1": "bot:easy", "option_end": "rounds",
                                              "option_rounds": 1, "option_limit": 100, "wait": 2})
    assert Match.objects.get().wait == timedelta(minutes=2)
    page = client.get("/play/new/rat_a_tat_cat/").content.decode()
    assert 'name="wait"' in page and '<option value="5" selected>' in page
