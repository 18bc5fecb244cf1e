"""A channel layer slower than its server waits for: the server closes the socket with 1011, a code the page
reconnects after (tests/games/test_consumers.py), and the next socket catches up with the moves made meanwhile."""
import pytest
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect

from tests.browser.conftest import free_port
from tests.servers.conftest import Server
from tests.servers.test_many_processes import SETUP, cookies, next_move, post_move


@pytest.fixture
def impatient_server(site, tmp_path):
    """One more process of the site that waits only 1 s for a read from Redis: a quiet socket's receive, which
    blocks 5 s in Redis, outlasts that, as every read would from a Redis too slow to answer."""
    server = Server(port=free_port(), env=site.env | {"CHANNEL_LAYER_READ_TIMEOUT": "1"},
                    log=tmp_path / "daphne-impatient.log")
    server.start()
    yield server
    server.stop()


def test_a_socket_whose_server_loses_the_layer_is_closed_with_1011_and_the_next_one_catches_up(site,
                                                                                                impatient_server):
    duel = site.python(SETUP.format(n="slow"))
    version, seat, action = next_move(duel["match"])
    url = f"ws://127.0.0.1:{impatient_server.port}/ws/matches/{duel['match']}/"
    watcher = {"origin": impatient_server.url, "additional_headers": {"Cookie": cookies(duel["sessions"][1 - seat])},
               "open_timeout": 30}
    with connect(url, **watcher) as socket:
        assert f'data-version="{version}"' in socket.recv(timeout=30)
        with pytest.raises(ConnectionClosedError) as closed:
            while True:
                socket.recv(timeout=30)  # nothing more comes; a TimeoutError here fails the test
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011

    assert post_move(site.servers[0], duel, seat, version, action) == 200  # while the page is away
    with connect(url, **watcher) as socket:
        assert f'data-version="{version + 1}"' in socket.recv(timeout=30)
