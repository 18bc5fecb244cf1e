"""A match page's websocket in tests: tables and presence sections arrive on the same socket (games/presence.py);
`receive_from` gives the next table (or other message) and keeps the presence sections it passes in `presences`,
`receive_presence` the next presence section."""
from channels.testing import WebsocketCommunicator


def is_presence(text: str) -> bool:
    return 'id="presence"' in text[:200]


class Socket(WebsocketCommunicator):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.presences: list[str] = []

    async def receive_from(self, timeout=1):
        while True:
            text = await super().receive_from(timeout)
            if not is_presence(text):
                return text
            self.presences.append(text)

    async def receive_presence(self, timeout=5) -> str:
        """The next presence section (one passed over already first)."""
        if self.presences:
            return self.presences.pop(0)
        while True:
            text = await super().receive_from(timeout)
            if is_presence(text):
                return text
