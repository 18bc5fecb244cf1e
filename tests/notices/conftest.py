"""Fixtures for the notices: players with e-mail addresses, a clock the test turns, pages "open" in the channel
layer, VAPID keys, and a push service on this machine that records what it is sent."""
import base64
import json
import os
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.utils import timezone

from games import lobby, presence
from games.lobby import SeatPlan
from games.models import Match, Seat
from notices.models import KINDS, Preferences
from tests.games.conftest import bots_inline  # noqa: F401  (a fixture)


@pytest.fixture(autouse=True)
def a_site_and_no_keys(settings):
    settings.SITE_URL = "https://topcat.example"
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""


@pytest.fixture
def make_user(make_user):
    """Players of the notices have e-mail addresses (tests/conftest.py's `make_user`, `mia` and `leo`)."""
    def make(name, email=True, language=""):
        return make_user(name, email=email, language=language)

    return make


def by_email(user, *kinds) -> None:
    """The person chooses e-mail for these kinds (all of them when none is named)."""
    Preferences.objects.update_or_create(user=user, defaults={"email": list(kinds or [k for k, _ in KINDS])})


class Clock:
    """The notices' clock (notices/clock.py), turned by hand: starts now, moves only when told."""

    def __init__(self):
        self.time = timezone.now()

    def __call__(self):
        return self.time

    def advance(self, **delta) -> None:
        self.time += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr("notices.clock.now", clock)
    return clock


def duel(host, guest, move_time=timedelta(days=3), game="take_away", options=None) -> Match:
    """A two-player match of `host` (seat 0) and `guest` (seat 1), turn-based unless `move_time` is None."""
    match = lobby.create_match(host=host, game=game, options=options or {}, move_time=move_time,
                               seats=[SeatPlan("me"), SeatPlan("invite")])
    lobby.take_seat(match_id=match.pk, user=guest, token=match.invite_token)
    return Match.objects.get(pk=match.pk)


def to_move(match: Match) -> int:
    match.refresh_from_db()
    return match.engine.to_move(match.state)[0]


def play(match: Match, seat: int | None = None) -> Match:
    """The seat to move (or `seat`) makes its first legal move."""
    from games import turns

    match.refresh_from_db()
    seat = to_move(match) if seat is None else seat
    action = match.engine.legal_actions(match.state, seat)[0]
    return turns.play(match_id=match.pk, seat=seat, action=action, version=match.version)


def user_of(match: Match, seat: int):
    return Seat.objects.get(match=match, index=seat).user


@pytest.fixture
def open_page():
    """`open_page(match, user)`: that user has a page of the match open (a socket in its groups of the channel
    layer, as the match consumer joins them); closed again after the test."""
    layer = get_channel_layer()
    joined = []

    def open_(match: Match, user) -> None:
        seats = Seat.of(match.pk)
        for index, groups in presence.seat_groups(match, seats).items():
            if seats[index].user_id == user.pk:
                for group in groups:
                    async_to_sync(layer.group_add)(group, f"test-page-{user.pk}")
                    joined.append((group, f"test-page-{user.pk}"))

    yield open_
    for group, channel in joined:
        async_to_sync(layer.group_discard)(group, channel)


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@pytest.fixture
def vapid(settings):
    key = ec.generate_private_key(ec.SECP256R1())
    settings.VAPID_PRIVATE_KEY = b64(key.private_numbers().private_value.to_bytes(32, "big"))
    settings.VAPID_PUBLIC_KEY = b64(key.public_key().public_bytes(serialization.Encoding.X962,
                                                                   serialization.PublicFormat.UncompressedPoint))
    settings.VAPID_SUBJECT = "mailto:ops@topcat.example"
    settings.PUSH_TIMEOUT = 2
    return key


class PushService:
    """A push service on 127.0.0.1: records every message (path, headers, body) and answers `status`; while
    `hang` is set it does not answer until released."""

    def __init__(self):
        self.received = []
        self.status = 201
        self.hang = threading.Event()
        self.arrived = threading.Event()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {name.lower(): value for name, value in self.headers.items()}
                service.received.append({"path": self.path, "headers": headers, "body": body})
                service.arrived.set()
                if service.hang.is_set():
                    service.release.wait(10)
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.release = threading.Event()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def subscribe(self, user, name="device"):
        """A device of `user` subscribed to this service: its keys made here, as a browser makes them."""
        from notices.models import PushSubscription

        key = ec.generate_private_key(ec.SECP256R1())
        secret = os.urandom(16)
        public = key.public_key().public_bytes(serialization.Encoding.X962,
                                               serialization.PublicFormat.UncompressedPoint)
        subscription = PushSubscription.objects.create(user=user, endpoint=f"{self.url}/push/{name}",
                                                       p256dh=b64(public), auth=b64(secret))
        subscription.device_key, subscription.secret = key, secret
        return subscription

    def read(self, message: dict, subscription) -> dict:
        """A message decrypted (RFC 8291, aes128gcm) with the device's own keys: what the device would show."""
        import http_ece

        assert message["headers"]["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(message["body"], private_key=subscription.device_key,
                                 auth_secret=subscription.secret, version="aes128gcm")
        return json.loads(plain)

    def close(self):
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()
