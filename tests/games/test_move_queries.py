"""A move through the view makes a fixed number of SQL queries, however long the match has been going.

The match is a hot-seat Rat-a-Tat Cat match (the host and a local player at one screen) that nobody ends:
every turn is draw, discard, end turn. The setup feeds most moves straight through `games.turns.play`; the
measured moves are htmx POSTs to the move view. The database is used with real transactions
(`transaction=True`), so the counts include what runs on commit (the websocket push and the bot runner's
look for bots, which the `bots_inline` fixture runs in the request's thread) just as a live request does.
"""
import json

import pytest

from games import lobby, turns
from games.lobby import SeatPlan
from games.models import Match, Move

pytestmark = pytest.mark.django_db(transaction=True)

# Queries of one move request, measured on SQLite: the session, the user with their profile (middleware: 2;
# scoring/backends.py); the seats (view: 1);
# BEGIN IMMEDIATE, the locked match, the Move, the match UPDATE, COMMIT (turns.play: 5); the seats as committed,
# read once for the listeners of match_changed (Seat.of_changed: the push, games/pushes.py, and the notices,
# notices/rules.py, whose turn began; a hot-seat match has nobody to tell: 1); and, only when the seat shown at this
# screen changes (hot-seat), the session save in its own transaction (3). No bot runner: the match has no bots.
# The bound is tight on purpose: lower it when the view gets leaner.
QUERIES_PER_MOVE = 9
QUERIES_WHEN_THE_SEAT_CHANGES = 12
MAX_QUERIES_PER_MOVE = QUERIES_WHEN_THE_SEAT_CHANGES
PREFERENCE = ("draw", "discard", "end_turn")  # a turn that never knocks, so the match never ends


def next_move(match_id: int) -> tuple[int, dict, int]:
    match = Match.objects.get(pk=match_id)
    engine = match.engine
    seat = engine.to_move(match.state)[0]
    legal = engine.legal_actions(match.state, seat)
    action = next(a for kind in PREFERENCE for a in legal if a["type"] == kind)
    return seat, action, match.version


def feed(match_id: int, moves: int) -> None:
    """Moves straight through the turn service: the quick way to make a match long."""
    for _ in range(moves):
        seat, action, version = next_move(match_id)
        turns.play(match_id=match_id, seat=seat, action=action, version=version)


@pytest.fixture
def hot_seat(mia):
    return lobby.create_match(host=mia, game="rat_a_tat_cat", options={"end": "rounds", "rounds": 20},
                              seats=[SeatPlan("me"), SeatPlan("local", name="Leo")])


@pytest.fixture
def host_client(client, mia):
    client.force_login(mia)
    return client


def post_moves(client, match_id: int, assert_max, moves: int = 3) -> list[int]:
    """Moves through the move view, as the table's buttons post them; the query count of each request."""
    counts = []
    for _ in range(moves):
        seat, action, version = next_move(match_id)
        client.get(f"/matches/{match_id}/table/?seat={seat}")  # the screen shows the seat to move, as it would
        data = {"seat": seat, "version": version, "action": json.dumps(action)}
        with assert_max(MAX_QUERIES_PER_MOVE) as captured:
            response = client.post(f"/matches/{match_id}/move/", data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.content[:500]
        assert b'id="table"' in response.content
        assert Match.objects.get(pk=match_id).version == version + 1
        counts.append(len(captured))
    return counts


def test_a_late_move_makes_as_many_queries_as_an_early_one(host_client, hot_seat, django_assert_max_num_queries):
    match_id = hot_seat.pk
    feed(match_id, 4)
    early = post_moves(host_client, match_id, django_assert_max_num_queries)  # moves 5-7

    feed(match_id, 200)
    assert Move.objects.filter(match_id=match_id).count() == 207
    late = post_moves(host_client, match_id, django_assert_max_num_queries)  # moves 208-210

    assert Match.objects.get(pk=match_id).status == Match.PLAYING
    assert late == early == [QUERIES_PER_MOVE] * 3


def test_a_move_makes_a_fixed_number_of_queries(host_client, hot_seat, django_assert_num_queries):
    """The exact count, so that a new query per move is noticed (and a saved one too: then lower the bound)."""
    feed(hot_seat.pk, 4)
    seat, action, version = next_move(hot_seat.pk)
    host_client.get(f"/matches/{hot_seat.pk}/table/?seat={seat}")  # this screen already shows the seat to move
    with django_assert_num_queries(QUERIES_PER_MOVE):
        response = host_client.post(f"/matches/{hot_seat.pk}/move/",
                                    {"seat": seat, "version": version, "action": json.dumps(action)},
                                    HTTP_HX_REQUEST="true")
    assert response.status_code == 200
