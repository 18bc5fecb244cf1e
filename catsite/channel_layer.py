"""What this site asks of the channel layer beyond Channels' public API: which groups have sockets in them.

Channels has no public way to ask whether a group has members. A push renders a table for each audience and
language that has a socket (games/pushes.py): without knowing which, every move would render every audience's
table in every language (a two-player match: 6 tables instead of 2). So `members` reads the layer's own records,
for the two layers this site runs on, and takes a layer it does not know to have members everywhere. This is one of
the framework internals the site relies on (docs/internals.md); tests/catsite/test_channel_layer.py fails when an
upgrade moves them.

The in-memory layer (one process, no REDIS_URL) is Channels' own, cleaning up less often: Channels'
`InMemoryChannelLayer` walks every channel and every group membership of the process, looking for expired
messages (after `expiry`, 60 s) and memberships (after `group_expiry`, a day), on every send to a group and every
receive. A socket receives after each message, so with K matches open a move walks over all K matches' sockets
several times: at 50 matches that walk cost the server's loop more per move than the push itself
(benchmarks/HISTORY.md, seventh session). Here the walk is
made at most once every `clean_every` seconds: an expired message or membership goes at most that much later than
it would have. Membership is read with its join time, so one past its expiry is never counted.
"""
import time

from channels.layers import InMemoryChannelLayer as ChannelsInMemoryChannelLayer


class InMemoryChannelLayer(ChannelsInMemoryChannelLayer):
    clean_every = 1.0  # seconds

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._cleaned_at = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._cleaned_at < self.clean_every:
            return
        self._cleaned_at = now
        super()._clean_expired()


REDIS_LAYER_PARTS = ("_group_key", "consistent_hash", "connection", "group_expiry")


async def members(layer, groups: list[str]) -> dict[str, int] | None:
    """How many members each of `groups` has, read from the channel layer itself (so it holds across server
    processes with Redis); None for a layer this does not know."""
    if not groups:
        return {}
    in_memory = members_in_memory(layer, groups)
    if in_memory is not None:
        return in_memory
    if not all(hasattr(layer, name) for name in REDIS_LAYER_PARTS):
        return None
    # channels_redis: a group is a sorted set of channel names scored by the time they joined. One round trip
    # per Redis server (a pipeline), however many groups.
    since = int(time.time()) - layer.group_expiry
    by_server: dict[int, list[str]] = {}
    for group in groups:
        by_server.setdefault(layer.consistent_hash(group), []).append(group)
    counts = {}
    for index, of_server in by_server.items():
        pipe = layer.connection(index).pipeline(transaction=False)
        for group in of_server:
            pipe.zcount(layer._group_key(group), since, "+inf")
        counts.update(zip(of_server, await pipe.execute(), strict=True))
    return {g: counts[g] for g in groups}


def members_in_memory(layer, groups: list[str]) -> dict[str, int] | None:
    """`members` of the in-memory layer (None for another layer), callable from any thread of its process: each
    group's members are listed in one step (a dict's values, in C, while the loop's thread cannot change them)
    before they are read."""
    if not isinstance(layer, ChannelsInMemoryChannelLayer):
        return None
    since = time.time() - layer.group_expiry  # a member is stored with the time it joined, as in Redis
    return {g: sum(joined > since for joined in list(layer.groups.get(g, {}).values())) for g in groups}


async def with_members(layer, groups: list[str]) -> list[str]:
    """The groups among `groups` that have at least one member: all of them when the layer cannot tell."""
    counts = await members(layer, groups)
    return [g for g in groups if counts is None or counts[g]]
