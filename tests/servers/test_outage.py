"""A database outage, against a real server process: PostgreSQL is reached through a door the test closes (every
connection cut, new ones refused) and opens again. Requests then fail within seconds with the 503 page that says
to try again (not 30 s and a bare 500), and the site comes back by itself when the database does."""
import socket
import threading
import time
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.browser.conftest import free_port
from tests.servers.conftest import Server
from tests.servers.test_hostile_requests import request

SECONDS = 30
POOL_TIMEOUT = 5  # the default of DATABASE_POOL_TIMEOUT


class Door:
    """A TCP forwarder to PostgreSQL on a port of its own."""

    def __init__(self, host: str, port: int):
        self.target = (host, port)
        self.port = free_port()
        self.sockets: list[socket.socket] = []
        self.listener = None

    def open(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port), reuse_port=True)
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def close(self) -> None:
        self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() (close alone would leave it listening)
        self.listener.close()
        for sock in self.sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        self.sockets.clear()

    def _accept(self, listener) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self.sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source, sink) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


@pytest.fixture
def door_and_server(site, tmp_path):
    url = urlsplit(site.env["DATABASE_URL"])
    door = Door(url.hostname or "127.0.0.1", url.port or 5432)
    door.open()
    through = urlunsplit(url._replace(netloc=f"{url.username}@127.0.0.1:{door.port}" if url.username
                                      else f"127.0.0.1:{door.port}"))
    env = {k: v for k, v in site.env.items() if k != "DATABASE_POOL_TIMEOUT"} | {"DATABASE_URL": through}
    server = Server(port=free_port(), env=env, log=tmp_path / "daphne.log")
    server.start()
    yield door, server
    server.stop()
    door.close()


def test_an_outage_is_a_prompt_503_and_the_site_comes_back_by_itself(door_and_server):
    door, server = door_and_server
    assert request(server, "/players/", "")[0] == 200

    door.close()
    for _ in range(3):
        started = time.monotonic()
        status, page = request(server, "/players/", "")
        took = time.monotonic() - started
        assert status == 503, (status, server.log.read_text()[-2000:])
        assert "Please try again in a minute" in page and "Traceback" not in page and "connection" not in page
        assert took < POOL_TIMEOUT + 5, f"a request waited {took:.1f} s"

    door.open()
    deadline = time.monotonic() + SECONDS
    while request(server, "/players/", "")[0] != 200:
        if time.monotonic() > deadline:
            pytest.fail(f"the site was not back {SECONDS} s after the database")
        time.sleep(0.2)
