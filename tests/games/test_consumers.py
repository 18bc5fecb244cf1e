"""The websocket: each connected page gets its own seat's table after every change, and at once on connect."""
import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from catsite.asgi import application
from games import turns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def connect(match, user=None):
    communicator = WebsocketCommunicator(application, f"/ws/matches/{match.pk}/",
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
    communicator = WebsocketCommunicator(application, "/ws/matches/999/",
                                         headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")])
    connected, code = await communicator.connect()
    assert not connected and code == 4404
    await communicator.wait()
