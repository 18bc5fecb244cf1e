"""A channel layer that fails or does not answer (Redis gone or frozen) costs no move (issue 27, point 2): a move is
played, saved and answered 200 with its table, a shared screen's confirmed seat included. The real server with its
Redis stopped: tests/servers/test_redis_outage.py."""
import asyncio
import json
import logging

import pytest
import redis.exceptions
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from games import lobby, pushes, text_mode
from games.groups import language_group, screen_group
from games.lobby import SeatPlan
from games.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


class LayerGone(InMemoryChannelLayer):
    async def group_send(self, group, message):
        raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


class LayerFrozen(InMemoryChannelLayer):
    async def group_send(self, group, message):
        await asyncio.Event().wait()  # never answers (its read timeout is the only end)


@pytest.fixture
def hot_seat(mia):
    return lobby.create_match(host=mia, game="rat_a_tat_cat", options={},
                              seats=[SeatPlan("local", name="Ann"), SeatPlan("local", name="Ben")])


@pytest.mark.parametrize("layer", [LayerGone, LayerFrozen])
def test_a_shared_screens_move_is_played_when_the_layer_fails(hot_seat, mia, client, settings, monkeypatch, layer,
                                                               caplog):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": f"{__name__}.{layer.__name__}"}}
    monkeypatch.setattr(pushes, "LAYER_WAIT", 0.2)
    client.force_login(mia)
    # The shared screen has a socket open (else its confirmed seat is told to nobody, and nothing is sent)
    group = text_mode.mode_group(language_group(screen_group(hot_seat.pk, mia.pk), "en-gb"), False)
    async_to_sync(get_channel_layer().group_add)(group, "specific.the-screens-socket")
    match = Match.objects.get(pk=hot_seat.pk)
    seat = match.engine.to_move(match.state)[0]
    action = match.engine.legal_actions(match.state, seat)[0]
    with caplog.at_level(logging.ERROR, logger="games.pushes"):
        answer = client.post(f"/matches/{match.pk}/move/", {
            "seat": seat, "version": match.version, "action": json.dumps(action)}, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert f'data-version="{match.version + 1}"' in answer.content.decode()
    assert Match.objects.get(pk=match.pk).version == match.version + 1
    assert "holds the device" in caplog.text  # the confirmation that could not be told is logged
