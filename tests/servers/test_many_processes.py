"""Many processes, one site: two daphne processes on one PostgreSQL database and one Redis.

A move posted to one process reaches a websocket connected to the other; the same move posted at once to both,
many times over, applies exactly once; 200 concurrent requests get no server error, and the number of database
connections stays within what the configuration allows (the pool of each process), not what the threads ask for.
"""
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from websockets.sync.client import connect

from games.registry import BY_SLUG
from tests.servers.conftest import POOL_SIZE, TEST_APPLICATION, admin_connection

CSRF = "robustcsrfsecretforthetests00001"  # a 32-character CSRF secret, sent as cookie and form field alike
BURSTS, BURST_SIZE = 4, 50  # 200 concurrent requests in all
SETUP = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from games import lobby
from games.lobby import SeatPlan
from scoring.services import sign_up

def session(user):
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key

mia = sign_up(username="mia{n}", email="mia{n}@example.com", password="a-Long-passw0rd", display_name="Mia",
              handle="mia{n}")
leo = sign_up(username="leo{n}", email="leo{n}@example.com", password="a-Long-passw0rd", display_name="Leo",
              handle="leo{n}")
match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={{"rounds": 3}},
                           seats=[SeatPlan("me"), SeatPlan("invite")])
lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
print(json.dumps({{"match": match.pk, "sessions": [session(mia), session(leo)]}}))
"""
_made = iter(range(1, 1000))


@pytest.fixture
def duel(site):
    """A started Rat-a-Tat Cat match between two registered players, and a session for each seat."""
    return site.python(SETUP.format(n=next(_made)))


def cookies(session: str) -> str:
    return f"sessionid={session}; csrftoken={CSRF}"


def table_state(match_id: int) -> tuple[int, dict]:
    with admin_connection() as connection:
        return connection.execute("SELECT version, state FROM games_match WHERE id = %s", [match_id]).fetchone()


def next_move(match_id: int) -> tuple[int, int, dict]:
    """The version, the seat to move and a legal action for it, read from the database like any client would."""
    engine = BY_SLUG["rat_a_tat_cat"].engine
    version, state = table_state(match_id)
    seat = engine.to_move(state)[0]
    actions = [a for a in engine.legal_actions(state, seat) if a["type"] != "knock"]
    return version, seat, actions[0]


def post_move(server, duel, seat: int, version: int, action: dict) -> int:
    body = urllib.parse.urlencode({"seat": seat, "version": version, "action": json.dumps(action),
                                   "csrfmiddlewaretoken": CSRF}).encode()
    request = urllib.request.Request(f"{server.url}/matches/{duel['match']}/move/", data=body, headers={
        "Cookie": cookies(duel["sessions"][seat]), "HX-Request": "true"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


SERVERS_CONNECTIONS = ("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                       "AND application_name <> %s")


def connections_now() -> int:
    with admin_connection() as connection:
        return connection.execute(SERVERS_CONNECTIONS, [TEST_APPLICATION]).fetchone()[0]


class ConnectionWatch(threading.Thread):
    """Counts the servers' connections to their database every few milliseconds; `most` is the highest seen."""

    def __init__(self):
        super().__init__(daemon=True)
        self.most, self.done = 0, threading.Event()

    def run(self):
        with admin_connection() as connection:
            while not self.done.is_set():
                count = connection.execute(SERVERS_CONNECTIONS, [TEST_APPLICATION]).fetchone()[0]
                self.most = max(self.most, count)
                time.sleep(0.02)


def test_a_move_posted_to_one_process_reaches_a_socket_on_the_other(site, duel):
    first, second = site.servers
    version, seat, action = next_move(duel["match"])
    watcher = 1 - seat
    with connect(f"ws://127.0.0.1:{second.port}/ws/matches/{duel['match']}/", origin=second.url,
                 additional_headers={"Cookie": cookies(duel["sessions"][watcher])}, open_timeout=30) as socket:
        assert f'data-version="{version}"' in socket.recv(timeout=30), "a socket first gets the whole table"
        assert post_move(first, duel, seat, version, action) == 200
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if f'data-version="{version + 1}"' in socket.recv(timeout=30):
                break
        else:
            pytest.fail("the move made on one process never reached the socket on the other")


def test_two_hundred_racing_posts_on_two_processes_apply_once_per_burst_without_a_server_error(site, duel):
    watch = ConnectionWatch()
    watch.start()
    statuses = []
    try:
        with ThreadPoolExecutor(max_workers=BURST_SIZE) as pool:
            for _ in range(BURSTS):
                version, seat, action = next_move(duel["match"])
                servers = [site.servers[i % 2] for i in range(BURST_SIZE)]
                burst = list(pool.map(post_move, servers, [duel] * BURST_SIZE, [seat] * BURST_SIZE,
                                      [version] * BURST_SIZE, [action] * BURST_SIZE))
                statuses.extend(burst)
                assert sorted(set(burst)) == [200, 409], f"one move applies, the others are stale: {burst}"
                assert burst.count(200) == 1
                assert table_state(duel["match"])[0] == version + 1
    finally:
        watch.done.set()
        watch.join()
    assert len(statuses) == BURSTS * BURST_SIZE
    assert not [s for s in statuses if s >= 500], site.logs()[-3000:]
    bound = len(site.servers) * POOL_SIZE
    assert watch.most <= bound, f"{watch.most} connections to the database; the pools allow {bound}"
    assert connections_now() <= bound
