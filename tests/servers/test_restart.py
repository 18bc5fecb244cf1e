"""Restart: a server is killed (SIGKILL) while bots are in the middle of their turns. Nothing committed is lost
(the moves in the database are whole and replay to the stored table), and once the server is started again the
bots go on by themselves and a socket that connects catches up with the whole table."""
import json
import time

import pytest
from websockets.sync.client import connect

from games.registry import BY_SLUG
from tests.browser.conftest import free_port
from tests.servers.conftest import Server, admin_connection
from tests.servers.test_many_processes import SETUP, cookies, post_move

ENGINE = BY_SLUG["rat_a_tat_cat"].engine
BOTS = SETUP.replace('seats=[SeatPlan("me"), SeatPlan("invite")]',
                     'seats=[SeatPlan("me"), SeatPlan("bot", bot_level="easy"), SeatPlan("bot", bot_level="easy")]')
BOTS = BOTS.replace("lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)\n", "")
SECONDS = 30


def read_match(match_id: int) -> dict:
    with admin_connection() as connection:
        version, state, seed, options, status = connection.execute(
            "SELECT version, state, seed, options, status FROM games_match WHERE id = %s", [match_id]).fetchone()
        moves = connection.execute("SELECT seq, seat, action FROM games_move WHERE match_id = %s ORDER BY seq",
                                   [match_id]).fetchall()
    return {"version": version, "state": state, "seed": seed, "options": options, "status": status, "moves": moves}


def wait_until(condition, what: str):
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    pytest.fail(f"{what} within {SECONDS} s")


def mias_turn(match: dict) -> bool:
    return match["status"] != "playing" or ENGINE.to_move(match["state"]) == [0]


def mias_turn_again(match_id: int) -> dict | None:
    match = read_match(match_id)
    return match if mias_turn(match) else None


@pytest.fixture
def slow_bots_server(site, tmp_path):
    """One more process of the site whose bots pause 0.4 s before each move, so that one can be killed mid-turn."""
    server = Server(port=free_port(), env=site.env | {"BOT_DELAY": "0.4"}, log=tmp_path / "daphne-bots.log")
    server.start()
    yield server
    server.stop()


def test_a_killed_server_loses_nothing_and_its_bots_go_on_after_the_restart(site, slow_bots_server):
    made = site.python(BOTS.format(n="bots"))
    duel = {"match": made["match"], "sessions": [made["sessions"][0]]}
    match = read_match(duel["match"])
    assert mias_turn(match), "the bots memorised their peek when the match started; Mia opens"

    # Mia plays her turn through the slow-bots server; the bots start theirs there, and it is killed mid-way.
    while ENGINE.to_move(match["state"]) == [0]:
        actions = [a for a in ENGINE.legal_actions(match["state"], 0) if a["type"] != "knock"]
        assert post_move(slow_bots_server, duel, 0, match["version"], actions[0]) == 200
        match = read_match(duel["match"])
    mias_last = match["version"]
    wait_until(lambda: read_match(duel["match"])["version"] > mias_last, "no bot moved")
    slow_bots_server.kill()

    killed = read_match(duel["match"])
    assert not mias_turn(killed), "the bots had more to do when the server died"
    assert [seq for seq, _, _ in killed["moves"]] == list(range(1, killed["version"] + 1)), "every move is whole"
    state = ENGINE.new_game(3, killed["seed"], killed["options"])
    for _, seat, action in killed["moves"]:
        state = ENGINE.apply(state, seat, action)
    assert json.loads(json.dumps(state)) == killed["state"], "the stored table is the one its moves lead to"

    # Started again: a socket connects, gets the whole table at once, and the bots finish their turns live.
    slow_bots_server.start()
    with connect(f"ws://127.0.0.1:{slow_bots_server.port}/ws/matches/{duel['match']}/", origin=slow_bots_server.url,
                 additional_headers={"Cookie": cookies(duel["sessions"][0])}, open_timeout=SECONDS) as socket:
        assert f'data-version="{killed["version"]}"' in socket.recv(timeout=SECONDS)
        resumed = wait_until(lambda: mias_turn_again(duel["match"]), "the bots did not resume after the restart")
        assert resumed["version"] > killed["version"]
        deadline = time.monotonic() + SECONDS
        while f'data-version="{resumed["version"]}"' not in socket.recv(timeout=SECONDS):
            assert time.monotonic() < deadline, "the socket never caught up with the bots' moves"
