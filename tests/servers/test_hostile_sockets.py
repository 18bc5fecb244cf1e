"""Hostile websockets against the real servers (issue 27, point 6; games/socket_limits.py): a path no route knows is
refused at the handshake with nothing logged as an error; a flood of frames is answered at a person's pace and
closed; one player's sockets on a match are bounded across both server processes (they share Redis)."""
import os

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.servers.test_many_processes import SETUP, cookies

FLOOD = 5000  # the probe's flood: 5,000 frames in 0.46 s cost 2.6 s of server CPU, each re-rendering the table
SECONDS = 30


def cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.fixture(scope="module")
def duel(site):
    return site.python(SETUP.format(n="sockets"))


def socket_to(server, match: int, session: str | None):
    headers = {"Cookie": cookies(session)} if session else {}
    return connect(f"ws://127.0.0.1:{server.port}/ws/matches/{match}/", origin=server.url,
                   additional_headers=headers, open_timeout=SECONDS)


@pytest.mark.parametrize("path", ["/ws/matches/-1/", "/ws/matches/abc/", "/ws/nothing/"])
def test_a_path_no_route_knows_is_refused_with_nothing_logged(site, duel, path):
    server = site.servers[0]
    logged = len(server.log.read_text())
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://127.0.0.1:{server.port}{path}", origin=server.url, open_timeout=SECONDS)
    assert refused.value.response.status_code == 403
    # Daphne logs an application's error when it next checks on its applications (every 0.1 s): a whole socket
    # opened and answered after the refusal gives it that time (on a busy machine an error could show later:
    # the refusal's 403, not a 500, is the assertion that cannot miss).
    with socket_to(server, duel["match"], None) as socket:
        socket.recv(timeout=SECONDS)
    assert not any(word in server.log.read_text()[logged:] for word in ("Traceback", "Exception", "ValueError"))


def test_a_flood_of_frames_is_answered_at_a_persons_pace_then_closed(site, duel):
    server = site.servers[0]
    before = cpu_seconds(server.process.pid)
    tables = 0
    with socket_to(server, duel["match"], duel["sessions"][0]) as socket:
        socket.recv(timeout=SECONDS)  # the table on connect
        try:
            for _ in range(FLOOD):
                socket.send("{}")
        except ConnectionClosed:
            pass  # closed while still sending
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                socket.recv(timeout=SECONDS)
                tables += 1
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    assert tables <= 10 + 2 * SECONDS  # the burst, then 2 a second at most while it lasted
    print(f"{FLOOD} frames: {tables} tables sent, {cpu_seconds(server.process.pid) - before:.2f} s of server CPU")
    with socket_to(server, duel["match"], duel["sessions"][0]) as socket:  # the server serves on
        assert 'id="table"' in socket.recv(timeout=SECONDS)


def test_a_players_sockets_on_a_match_are_bounded_across_processes(site, duel):
    first, second = site.servers
    sockets = [socket_to(first, duel["match"], duel["sessions"][1])]
    try:
        sockets[0].recv(timeout=SECONDS)
        for _ in range(5):  # on the other process
            sockets.append(socket_to(second, duel["match"], duel["sessions"][1]))
            sockets[-1].recv(timeout=SECONDS)
        with pytest.raises(ConnectionClosed) as closed:
            while True:  # who is at the table may arrive first (games/presence.py): read on until it closes
                sockets[0].recv(timeout=SECONDS)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4409
    finally:
        for socket in sockets:
            socket.close()
