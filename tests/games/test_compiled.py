"""The reads of every move compiled once (games/compiled.py) give the very objects the ORM's querysets give."""
import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games import lobby, tables, turns
from games.compiled import insert_row, update_row
from games.lobby import SeatPlan
from games.models import Match, Move, Seat

pytestmark = pytest.mark.django_db(transaction=True)

TOO_BIG = 2**63  # one past the database's integers: a URL may carry it


def fields(instance) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}


@pytest.fixture
def table(mia, leo):
    """A started four-seat Rat-a-Tat Cat match: Mia, Leo, a local player at Mia's screen and a bot, with a time
    limit (a duration and a deadline to read back)."""
    match = lobby.create_match(host=mia, game="rat_a_tat_cat", options={"rounds": 2}, time_limit=timedelta(hours=1),
                               seats=[SeatPlan("me"), SeatPlan("invite"), SeatPlan("local", name="Ada"),
                                      SeatPlan("bot", bot_level="easy")])
    lobby.take_seat(match_id=match.pk, user=leo, token=match.invite_token)
    return Match.objects.get(pk=match.pk)


def test_the_seats_are_the_querysets_seats_with_their_profiles(table):
    compiled = Seat.of(table.pk)
    orm = list(Seat.objects.filter(match=table).select_related("profile").order_by("index"))
    assert [fields(seat) for seat in compiled] == [fields(seat) for seat in orm]
    assert [seat.label for seat in compiled][:3] == ["mia", "leo", "Ada"]
    for mine, theirs in zip(compiled, orm, strict=True):
        assert (fields(mine.profile) if mine.profile else None) == (fields(theirs.profile) if theirs.profile else None)
        assert not mine._state.adding and mine._state.db == "default"
    with CaptureQueriesContext(connection) as queries:
        assert [seat.label for seat in Seat.of(table.pk)] == [seat.label for seat in orm]
    assert len(queries) == 1  # the profiles come with the seats


def test_the_locked_match_is_the_querysets_match(table):
    turns.play(match_id=table.pk, seat=0, action={"type": "memorised"}, version=table.version)
    with transaction.atomic():
        compiled = turns.locked(table.pk)
    orm = Match.objects.get(pk=table.pk)
    assert fields(compiled) == fields(orm)
    assert compiled.state == orm.state and compiled.version == table.version + 1
    assert compiled.deadline == orm.deadline and compiled.time_limit == timedelta(hours=1)


def test_an_id_beyond_the_databases_integers_finds_nothing(table, client, mia):
    assert Seat.of(TOO_BIG) == [] and Seat.of(-TOO_BIG - 1) == []
    with transaction.atomic(), pytest.raises(Match.DoesNotExist):
        turns.locked(TOO_BIG)
    client.force_login(mia)
    answer = client.post(f"/matches/{TOO_BIG}/move/", {"seat": "0", "version": "0", "action": "{}"})
    assert answer.status_code == 404


def test_a_tables_match_is_the_orms_with_its_record_and_rematch(table, duel):
    finished = turns.resign(match_id=duel.pk, seat=0)
    Match.objects.filter(pk=table.pk).update(rematch_of=finished)
    compiled, seats = tables.load(table.pk)
    orm = Match.objects.select_related("game_record", "rematch_of").get(pk=table.pk)
    assert fields(compiled) == fields(orm) and [fields(s) for s in seats] == [fields(s) for s in Seat.of(table.pk)]
    assert fields(compiled.rematch_of) == fields(orm.rematch_of)
    mine = tables.load(duel.pk)[0]
    assert fields(mine.game_record) == fields(Match.objects.get(pk=duel.pk).game_record)
    with CaptureQueriesContext(connection) as captured:
        assert mine.game_record.pk and compiled.rematch_of.pk  # filled by the one query, as select_related does
    assert not captured.captured_queries
    with pytest.raises(Match.DoesNotExist):
        tables.load(TOO_BIG)


def test_a_moves_update_writes_what_save_would(table, duel):
    """turns._save: the fields a move changes, None included, read back as the ORM wrote them."""
    finished = turns.resign(match_id=duel.pk, seat=0)
    Match.objects.filter(pk=duel.pk).update(game_record=None)  # its record moves to the table (one match each)
    table.state, table.version, table.status = {"round": 2, "name": "Ada's \u732b", "none": None}, 7, Match.FINISHED
    table.finished_at, table.time_up, table.game_record_id = finished.finished_at, True, finished.game_record_id
    turns._save(table)
    again = Match.objects.get(pk=table.pk)
    assert fields(again) == fields(table)
    table.finished_at, table.status, table.game_record_id = None, Match.PLAYING, None
    turns._save(table)
    assert fields(Match.objects.get(pk=table.pk)) == fields(table)


def test_an_update_sets_only_its_fields(table):
    before = fields(Match.objects.get(pk=table.pk))
    assert update_row(Match, table.pk, version=3) == 1
    assert fields(Match.objects.get(pk=table.pk)) == before | {"version": 3}


def test_a_moves_insert_writes_what_create_would(table):
    """turns._record: the row a move adds, read back, is the row `Move.objects.create` adds (the match's own
    moves have no seat; an action keeps its nesting and its words)."""
    action = {"type": "swap", "cards": [[0, 1], [1, 2]], "note": "Ada's \u732b", "none": None}
    for seat, seq in [(0, 90), (None, 91)]:
        table.version = seq
        turns._record(table, seat, action)
        made = Move.objects.create(match=table, seq=seq + 10, seat=seat, action=action)
        mine, theirs = Move.objects.get(match=table, seq=seq), Move.objects.get(pk=made.pk)
        assert {**fields(mine), "id": 0, "seq": 0, "created_at": 0} == {**fields(theirs), "id": 0, "seq": 0,
                                                                          "created_at": 0}
        assert abs(mine.created_at - theirs.created_at) < timedelta(seconds=5) and mine.created_at.tzinfo


def test_an_insert_sets_every_field_but_the_id(table):
    with pytest.raises(TypeError, match="every concrete field"):
        insert_row(Move, match_id=table.pk, seq=1, seat=0, action={})


def test_compiled_once_for_every_connection(table, monkeypatch):
    """Under ASGI each request runs on a thread, with a connection object of its own: none compiles again."""
    from django.db import connections

    from games import models

    Seat.of(table.pk)
    compiled = []
    monkeypatch.setattr(models._SEATS_OF, "_compile", lambda *args: compiled.append(args))
    found = []

    def elsewhere():
        try:
            found.append([seat.label for seat in Seat.of(table.pk)])
        finally:
            connections.close_all()

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert found == [[seat.label for seat in Seat.of(table.pk)]] and compiled == []
