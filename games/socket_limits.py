"""What one websocket of a match page may ask of the server, and how many one player may keep open on a match.

The site's pages send no frames today; any frame a client sends asks for the table again (games/consumers.py),
and every frame answered costs a whole table rendered. So (docs/security.md, "Websockets"):
- a socket may send `SOCKET_FRAME_BURST` frames at once, then `SOCKET_FRAMES_PER_SECOND` a second; a frame beyond
  that is not answered, and a socket that keeps sending is closed (`FrameBucket`);
- a player (a logged-in user, whatever the browser) keeps at most `SOCKETS_PER_PLAYER` sockets open on one match,
  a visitor who is not logged in at most `SOCKETS_PER_ADDRESS` per address: when one more opens, the oldest is
  closed (`Siblings`), and its page says it is no longer live.
"""
import time
from dataclasses import dataclass, field
from types import SimpleNamespace

from django.conf import settings

from scoring.login_limits import client_address

# Close codes of our own (daphne sends 1000 and 3000 to 4999 only). The page does not reconnect after either:
# the htmx websocket extension retries after 1006 and 1011 to 1013 only.
TOO_FAST = 4429  # the socket kept sending faster than anybody could
TOO_MANY = 4409  # the player opened more sockets on this match elsewhere; this, the oldest, was closed

ANSWER, IGNORE, CLOSE = "answer", "ignore", "close"


@dataclass
class FrameBucket:
    """A token bucket of `burst` tokens refilled at `rate` a second; each frame takes one. A frame that finds no
    token is not answered and leaves the bucket in debt; a debt of `burst` frames closes the socket. A page that
    stops sending recovers at the same rate."""

    rate: float
    burst: int
    tokens: float = field(init=False)
    stamp: float = field(init=False, default_factory=lambda: time.monotonic())

    def __post_init__(self):
        self.tokens = float(self.burst)

    def take(self) -> str:
        now = time.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate) - 1
        self.stamp = now
        if self.tokens >= 0:
            return ANSWER
        return CLOSE if self.tokens <= -self.burst else IGNORE


def frame_bucket() -> FrameBucket:
    return FrameBucket(rate=settings.SOCKET_FRAMES_PER_SECOND, burst=settings.SOCKET_FRAME_BURST)


def owner_of(scope) -> tuple[str, int]:
    """Whose socket this is, for the bound on open sockets, and that bound: the logged-in user's, else the
    address's (as the login limits see it: behind PROXY_COUNT proxies, the one the outermost saw)."""
    user = scope.get("user")
    if user is not None and user.is_authenticated:
        return f"user-{user.pk}", settings.SOCKETS_PER_PLAYER
    headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope.get("headers") or ()}
    client = scope.get("client") or ("", 0)
    request = SimpleNamespace(META={"REMOTE_ADDR": client[0] or "",
                                    "HTTP_X_FORWARDED_FOR": headers.get("x-forwarded-for", "")})
    return f"address-{client_address(request)}", settings.SOCKETS_PER_ADDRESS


@dataclass
class Siblings:
    """The other open sockets of one owner on one match that opened after this one, known from what each
    announces to their group when it opens and when it closes (so it holds across server processes). When
    `limit` of them are open, this one is the oldest of too many and closes."""

    opened: tuple[float, str]  # when this socket opened, and its channel (which orders two of the same instant)
    limit: int
    newer: set[str] = field(default_factory=set)

    def opened_elsewhere(self, when: float, channel: str) -> bool:
        """Another socket opened: whether this one must now close."""
        if (when, channel) > self.opened:
            self.newer.add(channel)
        return len(self.newer) >= self.limit

    def closed_elsewhere(self, channel: str) -> None:
        self.newer.discard(channel)
