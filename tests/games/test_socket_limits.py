"""What a websocket may ask of the server (games/socket_limits.py): unknown paths refused, frames at a person's
pace, a bounded number of sockets per player per match."""
import logging
import time

import pytest
from channels.db import database_sync_to_async

from catsite.asgi import application
from games import socket_limits, turns
from games.socket_limits import FrameBucket
from tests.sockets import Socket

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


def communicator(path, user=None, address=None):
    ws = Socket(application, path, headers=HEADERS)  # presence pushes set aside: tests here read tables
    if user is not None:
        ws.scope["user"] = user
    if address is not None:
        ws.scope["client"] = (address, 50000)
    return ws


async def opened(match, user=None, address=None):
    ws = communicator(f"/ws/matches/{match.pk}/", user, address)
    assert (await ws.connect())[0]
    assert 'id="table"' in await ws.receive_from(timeout=5)
    return ws


async def closed_with(ws) -> int:
    """The code the socket was closed with, after whatever tables came first."""
    while True:
        output = await ws.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return output["code"]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/ws/matches/-1/", "/ws/matches/abc/", "/ws/matches/1234567890123456789/",
                                  "/ws/nothing/", "/", "/ws/matches/1/extra/"])
async def test_a_path_no_route_knows_is_refused_at_the_handshake_without_an_error(path, caplog):
    ws = communicator(path)
    with caplog.at_level(logging.WARNING):
        connected, code = await ws.connect()
        await ws.wait()
    assert not connected and code == 1000  # closed before accepted: daphne answers the handshake 403
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


# --- Frames at a person's pace ------------------------------------------------------------------------------


class Clock:
    def __init__(self, monkeypatch):
        self.now = 1000.0
        monkeypatch.setattr(socket_limits.time, "monotonic", lambda: self.now)


def test_the_bucket_answers_a_burst_then_a_steady_pace_and_closes_a_socket_that_keeps_sending(monkeypatch):
    clock = Clock(monkeypatch)
    bucket = FrameBucket(rate=2, burst=10)
    assert [bucket.take() for _ in range(10)] == ["answer"] * 10
    assert bucket.take() == "ignore"  # the 11th at once
    clock.now += 1  # two tokens, one of them paying the debt
    assert bucket.take() == "answer"
    assert [bucket.take() for _ in range(10)] == ["ignore"] * 9 + ["close"]  # ten frames in debt


def test_a_page_that_asks_at_a_persons_pace_is_always_answered(monkeypatch):
    clock = Clock(monkeypatch)
    bucket = FrameBucket(rate=2, burst=10)
    for _ in range(1000):
        clock.now += 0.5
        assert bucket.take() == "answer"
    clock.now += 3600  # a quiet hour fills the bucket to its burst, no more
    assert [bucket.take() for _ in range(11)] == ["answer"] * 10 + ["ignore"]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_socket_sending_faster_than_a_person_is_throttled_then_closed(duel, mia, monkeypatch):
    from games.consumers import MatchConsumer

    rendered = []
    render = MatchConsumer.render

    def counting(self):
        rendered.append(1)
        return render(self)

    monkeypatch.setattr(MatchConsumer, "render", counting)
    ws = await opened(duel, mia)
    started = time.monotonic()
    for _ in range(200):
        await ws.send_to(text_data="{}")
    tables = 0
    while True:
        output = await ws.receive_output(timeout=10)
        if output["type"] == "websocket.close":
            break
        tables += 1
    elapsed = time.monotonic() - started
    assert output["code"] == socket_limits.TOO_FAST
    allowed = 10 + 2 * elapsed + 1  # the burst, then 2 a second while the frames were read
    assert 10 <= tables <= allowed and len(rendered) <= allowed + 1  # +1: the table sent on connect
    await ws.disconnect()


# --- Sockets per player per match ----------------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_sixth_socket_of_a_player_on_a_match_closes_the_oldest(duel, mia, leo):
    leos = await opened(duel, leo)
    mias = [await opened(duel, mia) for _ in range(5)]
    sixth = await opened(duel, mia)
    assert await closed_with(mias[0]) == socket_limits.TOO_MANY
    # The other five of Mia's, and Leo's, still get every change.
    await database_sync_to_async(turns.play)(match_id=duel.pk, seat=0, action={"type": "draw"}, version=0)
    for ws in [*mias[1:], sixth, leos]:
        assert 'data-version="1"' in await ws.receive_from(timeout=5)
    # A socket that closes makes room: the next one closes nobody (the oldest heard of the closing first).
    await sixth.disconnect()
    seventh = await opened(duel, mia)
    await database_sync_to_async(turns.play)(match_id=duel.pk, seat=0, action={"type": "discard"}, version=1)
    for ws in [*mias[1:], seventh]:
        assert 'data-version="2"' in await ws.receive_from(timeout=5)
    for ws in [*mias[1:], seventh, leos]:
        await ws.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_visitors_not_logged_in_are_bounded_per_address(duel, settings):
    settings.SOCKETS_PER_ADDRESS = 3
    here = [await opened(duel, address="10.0.0.1") for _ in range(3)]
    elsewhere = await opened(duel, address="10.0.0.2")
    fourth = await opened(duel, address="10.0.0.1")
    assert await closed_with(here[0]) == socket_limits.TOO_MANY
    await database_sync_to_async(turns.play)(match_id=duel.pk, seat=0, action={"type": "draw"}, version=0)
    for ws in [*here[1:], fourth, elsewhere]:
        assert 'data-version="1"' in await ws.receive_from(timeout=5)
        await ws.disconnect()
