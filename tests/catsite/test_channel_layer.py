"""The Redis channel layer (catsite/settings.py `redis_channel_layer`): a socket with nothing to receive stays open.

channels_redis receives by blocking in Redis for `brpop_timeout` seconds at a time; a read from Redis that gives
up sooner than that closes every quiet socket of the process (redis-py 8 gives up after 5 s by default, the same
5 s: "Timeout reading from 127.0.0.1:6379").
"""
import asyncio
import os

import pytest
from channels_redis.core import RedisChannelLayer
from channels_redis.utils import create_pool

from catsite import settings as site_settings


def layer_config(url="redis://127.0.0.1:6379/0"):
    return site_settings.redis_channel_layer(url, "test-layer")["CONFIG"]


def test_a_read_from_redis_may_last_longer_than_the_layers_blocking_receive():
    pool = create_pool(layer_config()["hosts"][0])
    assert pool.connection_kwargs["socket_timeout"] > RedisChannelLayer.brpop_timeout + 5


def test_a_redis_that_cannot_be_reached_is_still_given_up_on():
    kwargs = create_pool(layer_config()["hosts"][0]).connection_kwargs
    assert kwargs["socket_timeout"] is not None and kwargs["socket_connect_timeout"] is not None


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis (REDIS_URL)")
@pytest.mark.asyncio
async def test_a_quiet_channel_outlives_the_blocking_receive_on_a_real_redis():
    """Nothing is sent: the receive is still waiting after more than one blocking period, not failed."""
    layer = RedisChannelLayer(**layer_config(os.environ["REDIS_URL"]))
    channel = await layer.new_channel()
    try:
        with pytest.raises(TimeoutError):  # ours: the layer itself raised nothing
            await asyncio.wait_for(layer.receive(channel), timeout=layer.brpop_timeout + 2)
    finally:
        await layer.close_pools()
