"""The websocket: each connected page gets its own seat's table after every change, and at once on connect."""
import asyncio

import pytest
import redis.exceptions
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer

from catsite import settings as settings_module
from catsite.asgi import application
from games import lobby, turns
from games.consumers import socket_language
from games.groups import language_group, match_group, seat_group
from games.lobby import SeatPlan
from games.models import Match
from tests.sockets import Socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def connect(match, user=None):
    communicator = Socket(application, f"/ws/matches/{match.pk}/",
                                         headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
    if user is not None:
        communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def test_a_page_gets_the_whole_table_when_it_connects(duel, mia):
    ws = await connect(duel, mia)
    table = await ws.receive_from(timeout=5)
    assert 'id="table"' in table and 'hx-swap-oob="true"' in table and "Draw a card" in table
    await ws.disconnect()


async def test_every_seat_and_spectator_gets_its_own_view_after_a_move(duel, mia, leo):
    pages = {"mia": await connect(duel, mia), "leo": await connect(duel, leo), "guest": await connect(duel)}
    for ws in pages.values():
        await ws.receive_from(timeout=5)
    await database_sync_to_async(turns.play)(match_id=duel.pk, seat=0, action={"type": "draw"}, version=0)
    pushed = {name: await ws.receive_from(timeout=5) for name, ws in pages.items()}
    assert all('data-version="1"' in html for html in pushed.values())
    assert "You drew" in pushed["mia"]
    assert "You drew" not in pushed["leo"] and "You drew" not in pushed["guest"]
    assert "Watching" in pushed["guest"]
    for ws in pages.values():
        await ws.disconnect()


async def test_an_unknown_match_is_refused():
    communicator = Socket(application, "/ws/matches/999/",
                                         headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
    connected, code = await communicator.connect()
    assert not connected and code == 4404
    await communicator.wait()


async def test_a_hot_seat_push_asks_to_pass_the_device_before_showing_the_next_players_cards(mia, async_client):
    match = await database_sync_to_async(lobby.create_match)(
        host=mia, game="rat_a_tat_cat", options={},
        seats=[SeatPlan("local", name="Ann"), SeatPlan("local", name="Ben")])
    await async_client.aforce_login(mia)
    await async_client.get(f"/matches/{match.pk}/table/?seat=0")  # Ann holds the device
    cookie = f"sessionid={async_client.cookies['sessionid'].value}".encode()
    ws = Socket(application, f"/ws/matches/{match.pk}/", headers=[
        (b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie)])
    assert (await ws.connect())[0]
    assert "Draw a card" in await ws.receive_from(timeout=5)

    # Ann ends her turn: the push to this screen hides the table until Ben says he holds the device.
    for kind in ["memorised", "draw", "discard", "discard", "discard", "end_turn"]:
        match = await database_sync_to_async(Match.objects.get)(pk=match.pk)
        legal = [a for a in match.engine.legal_actions(match.state, 0) if a["type"] == kind]
        if legal:
            await database_sync_to_async(turns.play)(match_id=match.pk, seat=0, action=legal[0],
                                                     version=match.version)
            pushed = await ws.receive_from(timeout=5)
    assert "Pass the device to Ben" in pushed and 'class="card number' not in pushed

    # Ben confirms over HTTP; the socket reads the confirmation afresh and shows his table.
    await async_client.get(f"/matches/{match.pk}/table/?seat=1")
    await ws.send_to(text_data="{}")
    shown = await ws.receive_from(timeout=5)
    assert "Pass the device" not in shown and "Your move, Ben" in shown
    await ws.disconnect()


class LayerTimingOut(InMemoryChannelLayer):
    """A channel layer that stops answering the socket after it joined (what Redis under load did)."""

    async def receive(self, channel):
        await asyncio.sleep(0.05)
        raise redis.exceptions.TimeoutError("Timeout reading from Redis")


class LayerRefusingToJoin(InMemoryChannelLayer):
    async def group_add(self, group, channel):
        raise redis.exceptions.ConnectionError("Error connecting to Redis")


def use_layer(settings, layer: type) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": f"{__name__}.{layer.__name__}"}}


async def test_a_socket_that_loses_the_channel_layer_leaves_its_groups_and_ends_with_the_error(duel, mia, settings):
    """The server closes it with 1011 (tests/servers/test_slow_layer.py shows daphne doing so)."""
    use_layer(settings, LayerTimingOut)
    ws = await connect(duel, mia)
    assert "Draw a card" in await ws.receive_from(timeout=5)  # the table on connect still arrives
    layer = get_channel_layer()
    joined = language_group(seat_group(duel.pk, 0), socket_language({}))
    assert channel_of(layer, joined) and channel_of(layer, match_group(duel.pk))
    with pytest.raises(redis.exceptions.TimeoutError):
        await ws.receive_output(timeout=5)
    assert not channel_of(layer, joined) and not channel_of(layer, match_group(duel.pk))


def channel_of(layer, group: str) -> bool:
    return bool(layer.groups.get(group))


async def test_a_socket_that_cannot_join_its_group_is_refused_with_the_error(duel, mia, settings):
    use_layer(settings, LayerRefusingToJoin)
    ws = Socket(application, f"/ws/matches/{duel.pk}/",
                               headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
    ws.scope["user"] = mia
    with pytest.raises(redis.exceptions.ConnectionError):
        await ws.connect()


async def test_the_page_reconnects_after_what_the_server_closes_a_failed_socket_with():
    """The htmx websocket extension retries after 1006 (a refused or dropped socket), 1011 (the server's error),
    1012 and 1013 only."""
    source = (settings_module.BASE_DIR / "static/vendor/htmx/ws-2.0.4.min.js").read_text()
    assert "[1006,1011,1012,1013].indexOf(e.code)" in source


async def test_a_push_is_forwarded_without_a_hop_to_the_thread_of_sync_code(duel, mia, monkeypatch):
    """Channels closes old database connections before every message, on the thread of sync code: a push reads
    no database, so the socket forwards it without; nor does a frame of the page's need it."""
    import channels.consumer

    closed = []
    close = channels.consumer.aclose_old_connections

    async def counting():
        closed.append(1)
        await close()

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counting)
    ws = await connect(duel, mia)
    await ws.receive_from(timeout=5)
    before = len(closed)
    await database_sync_to_async(turns.play)(match_id=duel.pk, seat=0, action={"type": "draw"}, version=0)
    assert 'data-version="1"' in await ws.receive_from(timeout=5)
    assert len(closed) == before
    # A frame of the page's is handled without it too (a flood queued before its socket closed cost one hop a
    # frame); the table it asks for is read through database_sync_to_async, which closes old connections itself.
    await ws.send_to(text_data="table please")
    assert 'data-version="1"' in await ws.receive_from(timeout=5)
    assert len(closed) == before
    await ws.disconnect()
