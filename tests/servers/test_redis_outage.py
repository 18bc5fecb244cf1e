"""Redis gone, against a real server process (issue 27, point 2): a move is still applied, answered 200 with the
new table and saved, whatever the channel layer does; the push that could not be sent is caught up when a socket
connects again (it gets the whole table).

The Redis is the test's own (`redis-server` on a port of its own), stopped and started again here; the machine's
shared Redis is never touched. Three cases: a Redis that was never reachable (REDIS_URL on a closed port), one
that goes away while a page's socket is open (the push then finds the group with a member to send to), and one
that stops answering (SIGSTOP: connections are accepted, nothing is read; the push gives up after
games.pushes.LAYER_WAIT rather than the layer's 15 s read timeout)."""
import json
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from websockets.sync.client import connect

from tests.browser.conftest import free_port
from tests.servers.conftest import Server
from tests.servers.test_many_processes import CSRF, SETUP, cookies, next_move, table_state

SECONDS = 30

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server to start its own")


class OwnRedis:
    """A redis-server of the test's own, with nothing kept on disk."""

    def __init__(self, directory):
        self.port = free_port()
        self.directory = directory
        self.process = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.directory)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        deadline = time.monotonic() + SECONDS
        while True:
            try:
                client.ping()
                return
            except redis.exceptions.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the test's redis-server did not start") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=SECONDS)


@pytest.fixture
def own_redis(tmp_path):
    redis_server = OwnRedis(tmp_path)
    yield redis_server
    redis_server.stop()


@pytest.fixture
def server_on_own_redis(site, own_redis, tmp_path):
    server = Server(port=free_port(), env=site.env | {"REDIS_URL": own_redis.url}, log=tmp_path / "daphne.log")
    yield server
    server.stop()


def move(server, duel, seat: int, version: int, action: dict) -> tuple[int, str]:
    body = urllib.parse.urlencode({"seat": seat, "version": version, "action": json.dumps(action),
                                   "csrfmiddlewaretoken": CSRF}).encode()
    request = urllib.request.Request(f"{server.url}/matches/{duel['match']}/move/", data=body, headers={
        "Cookie": cookies(duel["sessions"][seat]), "HX-Request": "true"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def moves_are_answered_and_saved(server, duel, count: int) -> int:
    """Play `count` moves while Redis is away: each is a 200 with its new table, and saved. The last version."""
    for _ in range(count):
        version, seat, action = next_move(duel["match"])
        status, page = move(server, duel, seat, version, action)
        assert status == 200, (status, page[-500:], server.log.read_text()[-3000:])
        assert f'data-version="{version + 1}"' in page, "the answer is the new table"
        assert table_state(duel["match"])[0] == version + 1, "the move is saved"
    return version + 1


def catches_up(server, duel, version: int) -> None:
    """A socket that connects once Redis is back gets the whole table, moves made meanwhile included."""
    url = f"ws://127.0.0.1:{server.port}/ws/matches/{duel['match']}/"
    deadline = time.monotonic() + SECONDS
    while True:  # the server's channel layer reconnects to Redis when next asked
        try:
            with connect(url, origin=server.url, additional_headers={"Cookie": cookies(duel["sessions"][0])},
                         open_timeout=SECONDS) as socket:
                assert f'data-version="{version}"' in socket.recv(timeout=SECONDS)
                return
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_moves_are_answered_200_and_saved_with_redis_never_reachable(site, own_redis, server_on_own_redis):
    duel = site.python(SETUP.format(n="redis-never"))
    server_on_own_redis.start()  # own_redis is not started: its port is closed
    version = moves_are_answered_and_saved(server_on_own_redis, duel, 3)
    own_redis.start()
    catches_up(server_on_own_redis, duel, version)


def test_moves_are_answered_200_and_saved_when_redis_goes_away_under_an_open_socket(site, own_redis,
                                                                                   server_on_own_redis):
    duel = site.python(SETUP.format(n="redis-gone"))
    own_redis.start()
    server_on_own_redis.start()
    version, seat, _ = next_move(duel["match"])
    url = f"ws://127.0.0.1:{server_on_own_redis.port}/ws/matches/{duel['match']}/"
    with connect(url, origin=server_on_own_redis.url, open_timeout=SECONDS,
                 additional_headers={"Cookie": cookies(duel["sessions"][1 - seat])}) as socket:
        assert f'data-version="{version}"' in socket.recv(timeout=SECONDS)
        own_redis.stop()
        version = moves_are_answered_and_saved(server_on_own_redis, duel, 3)
    own_redis.start()  # on the same port
    catches_up(server_on_own_redis, duel, version)


def test_moves_are_answered_200_and_saved_while_redis_does_not_answer(site, own_redis, server_on_own_redis):
    duel = site.python(SETUP.format(n="redis-frozen"))
    own_redis.start()
    server_on_own_redis.start()
    version, seat, _ = next_move(duel["match"])
    url = f"ws://127.0.0.1:{server_on_own_redis.port}/ws/matches/{duel['match']}/"
    with connect(url, origin=server_on_own_redis.url, open_timeout=SECONDS,
                 additional_headers={"Cookie": cookies(duel["sessions"][1 - seat])}) as socket:
        assert f'data-version="{version}"' in socket.recv(timeout=SECONDS)
        own_redis.process.send_signal(signal.SIGSTOP)
        try:
            version = moves_are_answered_and_saved(server_on_own_redis, duel, 2)
        finally:
            own_redis.process.send_signal(signal.SIGCONT)
    catches_up(server_on_own_redis, duel, version)
