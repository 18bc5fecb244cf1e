"""The channel layers: the in-memory one of a single process (catsite/channel_layer.py) and Redis's.

The in-memory layer cleans out what expired at most once a second, not on every send and receive, and still drops
it. With Redis (catsite/settings.py `redis_channel_layer`) a socket with nothing to receive stays open:
channels_redis receives by blocking in Redis for `brpop_timeout` seconds at a time; a read from Redis that gives
up sooner than that closes every quiet socket of the process (redis-py 8 gives up after 5 s by default, the same
5 s: "Timeout reading from 127.0.0.1:6379").
"""
import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer
from channels_redis.core import RedisChannelLayer
from channels_redis.utils import create_pool

from catsite import settings as site_settings
from catsite.channel_layer import InMemoryChannelLayer


def on_a_loop_of_its_own(coroutine_function):
    """Run `coroutine_function()` on a new event loop in a thread of its own, whatever the test's thread has."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine_function()).result()


def layer_config(url="redis://127.0.0.1:6379/0"):
    return site_settings.redis_channel_layer(url, "test-layer")["CONFIG"]


def test_a_read_from_redis_may_last_longer_than_the_layers_blocking_receive():
    pool = create_pool(layer_config()["hosts"][0])
    assert pool.connection_kwargs["socket_timeout"] > RedisChannelLayer.brpop_timeout + 5


def test_a_redis_that_cannot_be_reached_is_still_given_up_on():
    kwargs = create_pool(layer_config()["hosts"][0]).connection_kwargs
    assert kwargs["socket_timeout"] is not None and kwargs["socket_connect_timeout"] is not None


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis (REDIS_URL)")
def test_a_quiet_channel_outlives_the_blocking_receive_on_a_real_redis():
    """Nothing is sent: the receive is still waiting after more than one blocking period, not failed."""
    async def wait():
        layer = RedisChannelLayer(**layer_config(os.environ["REDIS_URL"]))
        channel = await layer.new_channel()
        try:
            with pytest.raises(TimeoutError):  # ours: the layer itself raised nothing
                await asyncio.wait_for(layer.receive(channel), timeout=layer.brpop_timeout + 2)
        finally:
            await layer.close_pools()

    on_a_loop_of_its_own(wait)


@pytest.mark.skipif(bool(os.environ.get("REDIS_URL")), reason="with REDIS_URL the layer is Redis's")
def test_the_single_process_site_uses_the_layer_that_cleans_up_less_often():
    assert site_settings.CHANNEL_LAYERS["default"]["BACKEND"] == "catsite.channel_layer.InMemoryChannelLayer"


def test_many_sends_and_receives_walk_the_whole_layer_once_a_second(monkeypatch):
    layer = InMemoryChannelLayer()
    walks = []
    monkeypatch.setattr(ChannelsInMemoryChannelLayer, "_clean_expired", lambda self: walks.append(1))

    async def play():
        channels = [await layer.new_channel() for _ in range(20)]
        for channel in channels:
            await layer.group_add("match-1", channel)
        for _ in range(10):
            await layer.group_send("match-1", {"type": "table.push", "html": "<p>"})
            for channel in channels:
                assert (await layer.receive(channel))["html"] == "<p>"

    on_a_loop_of_its_own(play)
    assert len(walks) == 1  # 210 sends and receives within a second


def test_what_expired_is_still_dropped(monkeypatch):
    layer = InMemoryChannelLayer(expiry=60, group_expiry=3600)
    clock = [1000.0]
    monkeypatch.setattr("catsite.channel_layer.time.monotonic", lambda: clock[0])

    async def expire():
        channel, late = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("match-1", channel)
        await layer.send(late, {"type": "table.push"})
        layer.channels[late]._queue[0] = (0, layer.channels[late]._queue[0][1])  # its expiry long past
        layer.groups["match-1"][channel] = 1  # joined long ago
        clock[0] += layer.clean_every
        await layer.group_send("match-2", {"type": "table.push"})
        return channel, late

    channel, late = on_a_loop_of_its_own(expire)
    assert late not in layer.channels and channel not in layer.groups.get("match-1", {})
