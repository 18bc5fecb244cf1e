"""SQLite stays a sound default under load: a write that cannot get the database answers "busy, try again" at
once (503, with the table) and changes nothing; an applied move is never answered as an error; nothing slow or
optional runs inside a move's transaction; connections are reused across the threads that serve requests."""
import json
import threading
import time

import pytest
from channels.layers import get_channel_layer
from django.db import OperationalError, connection, connections
from django.test.utils import CaptureQueriesContext

from catsite import channel_layer
from games import lobby, turns
from games.lobby import SeatPlan
from games.models import Match, Move

pytestmark = pytest.mark.django_db(transaction=True)


def post_draw(client, match_id, seat=0, version=0):
    return client.post(f"/matches/{match_id}/move/", {"seat": seat, "version": version,
                                                      "action": json.dumps({"type": "draw"})},
                       HTTP_HX_REQUEST="true")


def test_a_move_the_database_is_too_busy_for_answers_503_with_the_table(client, duel, mia, monkeypatch):
    def locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(turns, "play", locked)
    client.force_login(mia)
    response = post_draw(client, duel.pk)
    assert response.status_code == 503
    assert b'id="table"' in response.content and b"busy" in response.content and b'role="alert"' in response.content
    assert Match.objects.get(pk=duel.pk).version == 0


def test_other_database_errors_are_not_taken_for_busy(client, duel, mia, monkeypatch):
    def broken(**kwargs):
        raise OperationalError("no such table: games_match")

    monkeypatch.setattr(turns, "play", broken)
    client.force_login(mia)
    with pytest.raises(OperationalError):
        post_draw(client, duel.pk)


def test_a_move_waits_for_the_write_lock_only_briefly_then_answers_busy(client, duel, mia, settings):
    """A real lock: another connection holds the write transaction; the move gives up after the timeout."""
    if connection.vendor != "sqlite" or connection.is_in_memory_db():
        pytest.skip("SQLite's write lock: needs a file (SQLITE_TEST_PATH) SQLite test database")
    client.force_login(mia)
    client.get(f"/matches/{duel.pk}/")
    held, release = threading.Event(), threading.Event()

    def hold():
        holder = connections.create_connection("default")
        holder.connect()
        holder.connection.execute("BEGIN IMMEDIATE")
        held.set()
        release.wait(10)
        holder.connection.rollback()
        holder.close()

    thread = threading.Thread(target=hold)
    thread.start()
    held.wait(5)
    connection.close()
    connection.settings_dict["OPTIONS"]["timeout"] = 0.2
    started = time.monotonic()
    try:
        response = post_draw(client, duel.pk)
        waited = time.monotonic() - started
    finally:
        connection.settings_dict["OPTIONS"]["timeout"] = settings.SQLITE_OPTIONS["timeout"]
        connection.close()
        release.set()
        thread.join()
    assert response.status_code == 503 and b'id="table"' in response.content
    assert waited < 3
    assert Match.objects.get(pk=duel.pk).version == 0


def test_a_move_whose_push_fails_is_still_answered_as_applied(client, duel, mia, monkeypatch):
    """Redis down: every read and send of the channel layer fails, and the applied move is answered as applied."""
    async def failing(*args, **kwargs):
        raise ConnectionError("the channel layer is gone")

    monkeypatch.setattr(channel_layer, "members", failing)
    monkeypatch.setattr(get_channel_layer(), "group_send", failing)
    client.force_login(mia)
    response = post_draw(client, duel.pk)
    assert response.status_code == 200 and b'data-version="1"' in response.content
    assert Move.objects.filter(match=duel).count() == 1


def test_a_players_move_writes_no_session(client, duel, mia):
    client.force_login(mia)
    with CaptureQueriesContext(connection) as captured:
        assert post_draw(client, duel.pk).status_code == 200
    assert not [q for q in captured if "django_session" in q["sql"] and not q["sql"].startswith("SELECT")]


def test_a_shared_screen_saves_the_seat_before_the_moves_transaction_not_inside_it(client, mia):
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={},
                               seats=[SeatPlan("me"), SeatPlan("local", name="Leo")])
    client.force_login(mia)
    memorised = {"type": "memorised"}
    legal = match.engine.legal_actions(match.state, 0)
    action = memorised if memorised in legal else legal[0]
    with CaptureQueriesContext(connection) as captured:
        response = client.post(f"/matches/{match.pk}/move/", {"seat": 0, "version": 0,
                                                               "action": json.dumps(action)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    sql = [q["sql"] for q in captured]
    session_write = next(i for i, q in enumerate(sql) if q.startswith("UPDATE") and "django_session" in q)
    move_insert = next(i for i, q in enumerate(sql) if q.startswith("INSERT") and "games_move" in q)
    begins = [i for i, q in enumerate(sql) if q.startswith("BEGIN")]
    assert session_write < move_insert
    # The move's transaction begins after the session was written (and committed).
    assert any(session_write < i < move_insert for i in begins)
    assert client.session[f"match-{match.pk}-seat"] == 0


def test_sqlite_connections_are_reused_across_threads(db):
    if connection.vendor != "sqlite" or connection.is_in_memory_db():
        pytest.skip("SQLite's own pooling (PostgreSQL has psycopg's); in-memory databases are never closed")
    seen = []

    def use():
        connections["default"].ensure_connection()
        seen.append(id(connections["default"].connection))
        connections["default"].close()

    for _ in range(3):
        thread = threading.Thread(target=use)
        thread.start()
        thread.join()
    assert len(set(seen)) == 1
