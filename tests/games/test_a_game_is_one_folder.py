"""A game is one folder: Take Away (tests/take_away/, installed only by tests/settings.py, named by no other file)
is created in the lobby, played through the match page and a websocket, recorded and shown in the history."""
import json

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse

from catsite.asgi import application
from games.models import Match
from scoring.models import GameRecord
from tests.sockets import Socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
get_match = database_sync_to_async(lambda pk: Match.objects.get(pk=pk))


async def socket(match_id: int, client) -> Socket:
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    ws = Socket(application, f"/ws/matches/{match_id}/", headers=[
        (b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), (b"cookie", cookie)])
    assert (await ws.connect())[0]
    return ws


async def test_the_take_away_game_goes_from_the_lobby_to_the_history(mia, leo, async_client, client):
    from django.test import AsyncClient

    lobby = (await async_client.get(reverse("lobby"))).content.decode()
    assert "Take Away" in lobby and reverse("new_match", args=["take_away"]) in lobby

    await async_client.aforce_login(mia)
    created = await async_client.post(reverse("new_match", args=["take_away"]), {
        "option_stones": "5", "seat_0": "me", "seat_1": "invite", "listed": "on"})
    assert created.status_code == 302
    match = await database_sync_to_async(Match.objects.latest)("pk")
    assert (match.game, match.status, match.options) == ("take_away", Match.OPEN, {"stones": 5})

    leo_client = AsyncClient()
    await leo_client.aforce_login(leo)
    joined = await leo_client.post(reverse("match_join", args=[match.pk, match.invite_token]))
    assert joined.status_code == 302
    match = await get_match(match.pk)
    assert match.status == Match.PLAYING

    page = (await async_client.get(reverse("match", args=[match.pk]))).content.decode()
    assert "5 stones left" in page
    watcher = await socket(match.pk, leo_client)
    assert 'data-version="0"' in await watcher.receive_from(timeout=5)

    # Whoever is to move takes two stones, then one, ...: through the match page's move endpoint.
    clients = {0: async_client, 1: leo_client}
    while match.status == Match.PLAYING:
        seat = match.state["turn"]
        take = min(2, match.state["pile"])
        answer = await clients[seat].post(reverse("match_move", args=[match.pk]), {
            "seat": str(seat), "version": str(match.version), "action": json.dumps({"type": "take", "stones": take})},
            headers={"HX-Request": "true"})
        assert answer.status_code == 200, answer.content.decode()
        pushed = await watcher.receive_from(timeout=5)
        match = await get_match(match.pk)
        assert f'data-version="{match.version}"' in pushed
    assert "took 1 stone; 0 are left." in pushed or "took 2 stones; 0 are left." in pushed

    refused = await async_client.post(reverse("match_move", args=[match.pk]), {
        "seat": "0", "version": str(match.version), "action": json.dumps({"type": "take", "stones": 1})})
    assert refused.status_code == 409  # the match is over
    await watcher.disconnect()

    record = await database_sync_to_async(GameRecord.objects.get)(game="take_away")
    assert record.source == "online" and record.record["result"]["scores"] in ([1, 0], [0, 1])
    history = (await async_client.get(reverse("history"))).content.decode()
    assert "Take Away" in history and reverse("record", args=[record.pk]) in history
    shown = (await async_client.get(reverse("record", args=[record.pk]))).content.decode()
    assert "Stones" in shown  # its breakdown category, in its declared order
