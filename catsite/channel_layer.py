"""The channel layer of a single process (no REDIS_URL): Channels' in-memory layer, cleaning up less often.

Channels' `InMemoryChannelLayer` walks every channel and every group membership of the process, looking for
expired messages (after `expiry`, 60 s) and memberships (after `group_expiry`, a day), on every send to a group and
every receive. A socket receives after each message, so with K matches open a move cost walks over all K matches'
sockets several times: at 50 matches that walk cost the server's loop more per move than the push itself
(benchmarks/README.md, seventh session). Here the walk is made at most once every `clean_every` seconds: an expired
message or membership goes at most that much later than it would have. Which groups have members is read with
their join times (games/live.py `members_in_memory`), so a membership past its expiry is never counted.
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
