"""Exports stream: the same bytes as the whole document (transfer.to_json / to_csv), read a chunk at a time."""
import asyncio
import csv
import io
import json

import pytest
from asgiref.sync import sync_to_async
from django.core.management import call_command
from django.db import connection, connections
from django.test import AsyncClient
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import csv_columns, exports, summaries, transfer
from scoring.models import GameRecord
from tests.scoring.test_stats import play
from tests.scoring.test_transfer import finished_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(alice, bob, make_player):
    """Online matches of two games (Rat-a-Tat Cat of 2 and 3 rounds: its columns grow), table matches with names
    a spreadsheet would take for formulas, a match Alice is not in, and one of hers left unfinished."""
    finished_match(alice, guest=bob, options={"rounds": 2})
    finished_match(alice, game="cat_tower")
    finished_match(alice, guest=bob, options={"rounds": 3})
    for i in range(5):
        play("rat_hot", (alice, 30 + i, 1), ("=SUM(A1), \"Zoë\"", 20, 2))
    play("cat_tower", (make_player("carol"), 9, 1), (bob, 3, 2))
    GameRecord.objects.filter(pk=play("rat_hot", (alice, 1, 1), (bob, 0, 2)).pk).update(unfinished=True)


def streamed(**kwargs) -> str:
    return "".join(exports.pieces(**kwargs))


@pytest.mark.parametrize("chunk", [2, 200])
def test_streamed_exports_equal_the_whole_documents(history, alice, monkeypatch, chunk):
    monkeypatch.setattr(exports, "CHUNK", chunk)
    for which in [{}, {"player": alice.profile}, {"game": "rat_a_tat_cat"}, {"player": alice.profile, "game": "x"}]:
        records = transfer.records_of(**which)
        assert streamed(**which) == transfer.to_json(records), which
        assert streamed(**which, as_csv=True) == transfer.to_csv(records), which
    assert streamed(game="x") == "[]\n" == transfer.to_json([])


def test_the_first_piece_comes_before_the_rest_is_read(history, alice, monkeypatch):
    monkeypatch.setattr(exports, "CHUNK", 2)
    text = exports.pieces()
    with CaptureQueriesContext(connection) as captured:
        first = next(text)
    assert first.startswith("[\n  {") and len(captured) == 2  # one chunk's keys, its records
    with CaptureQueriesContext(connection) as captured:
        rest = "".join(text)
    assert len(captured) >= 5 and json.loads(first + rest) == [transfer.exported(r) for r in transfer.records_of()]


def test_a_players_download_streams_on_wsgi(client, history, alice):
    for name, whole in [("export_player", transfer.to_json), ("export_player_csv", transfer.to_csv)]:
        response = client.get(reverse(name, args=["alice"]))
        assert response.streaming and not response.is_async
        assert response.getvalue().decode() == whole(transfer.records_of(player=alice.profile))


@pytest.mark.django_db(transaction=True)  # the ASGI handler reads the database from a thread of its own
def test_a_players_download_streams_on_asgi(alice, bob):
    for i in range(3):
        play("rat_hot", (alice, 30 + i, 1), (bob, 20, 2))

    async def asgi():
        response = await AsyncClient().get(reverse("export_player_csv", args=["alice"]))
        assert response.streaming and response.is_async  # else Django would gather it into a list first
        text = b"".join([part async for part in response.streaming_content]).decode()
        await sync_to_async(connections.close_all)()  # the connection of the thread the stream read from
        return text

    assert asyncio.run(asgi()) == transfer.to_csv(transfer.records_of(player=alice.profile))


def test_the_command_streams_the_same_bytes(history, alice, tmp_path):
    out = io.StringIO()
    call_command("export_records", "--player", "alice", "--csv", stdout=out)
    assert out.getvalue() == transfer.to_csv(transfer.records_of(player=alice.profile))
    call_command("export_records", "-o", str(tmp_path / "all.json"), stderr=io.StringIO())
    assert (tmp_path / "all.json").read_text(encoding="utf-8") == transfer.to_json(transfer.records_of())


def test_the_whole_historys_csv_names_its_header_without_reading_the_records(history, monkeypatch):
    monkeypatch.setattr(exports, "CHUNK", 2)
    for game in (None, "rat_a_tat_cat"):
        text = exports.pieces(game=game, as_csv=True)
        with CaptureQueriesContext(connection) as captured:
            header = next(text)
        assert len(captured) == 1 and "scoring_breakdowncolumn" in captured[0]["sql"]  # kept (scoring/csv_columns.py)
        assert header + "".join(text) == transfer.to_csv(transfer.records_of(game=game))


def test_the_kept_columns_follow_the_records_that_come_and_go(alice, bob):
    finished_match(alice, guest=bob, options={"rounds": 2})
    finished_match(alice, guest=bob, options={"rounds": 3})
    longest = GameRecord.objects.filter(game="rat_a_tat_cat").order_by("-pk").first()
    assert csv_columns.header()[-4:] == ["round_1", "round_2", "round_3", "total"]
    longest.unfinished = True  # an unfinished play is not exported
    longest.save()
    assert csv_columns.header()[-3:] == ["round_1", "round_2", "total"] == transfer.csv_rows(
        transfer.records_of())[0][-3:]
    longest.unfinished = False
    longest.save()
    assert "round_3" in csv_columns.header()
    longest.delete()
    assert csv_columns.header()[-3:] == ["round_1", "round_2", "total"]
    assert summaries.differences() == []
    GameRecord.objects.all().delete()
    assert csv_columns.header() == transfer.CSV_COLUMNS


def test_a_players_csv_names_its_header_without_reading_the_records(history, alice, monkeypatch):
    monkeypatch.setattr(exports, "CHUNK", 2)
    records = transfer.records_of(player=alice.profile)
    text = exports.pieces(player=alice.profile, as_csv=True)
    with CaptureQueriesContext(connection) as captured:
        header = next(text)
    # The player's own seats (their records' dates and games, no record's body), then the kept columns.
    assert len(captured) == 2 and "scoring_breakdowncolumn" in captured[1]["sql"]
    assert all('"record"' not in query["sql"] for query in captured)
    chunks = []
    while True:
        with CaptureQueriesContext(connection) as captured:
            piece = next(text, None)
        if piece is None:
            break
        assert len(captured) <= 3  # a chunk's records, their seats, the seats' profiles: whatever the size
        chunks.append(piece)
    assert len(chunks) == (records.count() + 1) // 2 > 2
    assert header + "".join(chunks) == transfer.to_csv(records)  # the same bytes as the whole document
    assert "'=SUM(A1), \"\"Zoë\"\"" in "".join(chunks)  # a formula in a name is made inert (scoring/csv_safety.py)


def test_a_players_csv_download_is_a_stream_of_chunks(client, history, alice, monkeypatch):
    monkeypatch.setattr(exports, "CHUNK", 2)
    response = client.get(reverse("export_player_csv", args=["alice"]))
    stream = iter(response.streaming_content)
    with CaptureQueriesContext(connection) as captured:
        first = next(stream)
    assert first.decode().splitlines()[0].split(",")[:len(transfer.CSV_COLUMNS)] == transfer.CSV_COLUMNS
    assert len(captured) == 2  # the header, before any record is read
    with CaptureQueriesContext(connection) as captured:
        rest = b"".join(stream)
    assert (first + rest).decode() == transfer.to_csv(transfer.records_of(player=alice.profile))
    assert len(captured) == 3 * ((transfer.records_of(player=alice.profile).count() + 1) // 2)


def test_a_players_csv_names_the_columns_of_their_games_even_those_they_lack(alice, bob, make_player):
    carol = make_player("carol")
    finished_match(alice, guest=bob, options={"rounds": 2})
    finished_match(carol, guest=bob, options={"rounds": 3})  # round_3: bob's and carol's, not alice's
    text = streamed(player=alice.profile, as_csv=True)
    whole = transfer.to_csv(transfer.records_of(player=alice.profile))
    assert whole.splitlines()[0].endswith("round_1,round_2,total")
    assert text.splitlines()[0].endswith("round_1,round_2,round_3,total")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [row["round_3"] for row in rows] == ["", ""]
    assert [{k: v for k, v in row.items() if k != "round_3"} for row in rows] == list(
        csv.DictReader(io.StringIO(whole)))
    assert streamed(player=alice.profile, game="cat_tower", as_csv=True) == transfer.to_csv([])


def test_the_commands_csv_writes_its_header_before_reading_a_record(history, alice, monkeypatch):
    monkeypatch.setattr(exports, "CHUNK", 2)

    class Written(io.StringIO):
        """Standard output that notes how many queries had run at each write."""

        def __init__(self, captured):
            super().__init__()
            self.captured, self.at = captured, []

        def write(self, text):
            self.at.append((len(self.captured), text))
            return super().write(text)

    with CaptureQueriesContext(connection) as captured:
        out = Written(captured)
        call_command("export_records", "--player", "ALICE", "--csv", stdout=out)
    (queries_before_header, header), *rows = [(n, text) for n, text in out.at if text]
    assert header.startswith("date,game,source,match_id") and header.count("\n") == 1
    assert queries_before_header == 3  # the player by handle, the keys of their records, the kept columns
    assert len(rows) == (transfer.records_of(player=alice.profile).count() + 1) // 2  # a write per chunk
    assert [n for n, _text in rows] == sorted(n for n, _text in rows) and rows[-1][0] - rows[0][0] > 3
    assert out.getvalue() == transfer.to_csv(transfer.records_of(player=alice.profile))
