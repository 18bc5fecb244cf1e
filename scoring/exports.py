"""Record downloads that stream: JSON records (design/records.md) and CSV, in constant memory, whatever their size.

The bytes are those of `transfer.to_json` and `transfer.to_csv` over the same records (tests/scoring/
test_exports.py compares them): a JSON array is written one record at a time, each as json.dumps would indent it
inside the array. Records are read in chunks, oldest first: a player's through their own seats (scoring/
newest.py), the whole history (or one game's) by keyset over the (played_at, id) index. CSV's header names every
breakdown column before the first row, from the columns kept as records come and go (scoring/csv_columns.py), so
no record is read for it: the whole history's (or a game's) every column of its games; a player's, those of the
games they have records of (one indexed read of their own seats, which also orders their records: their keys are
held while the export streams, about a hundred bytes a record, the only memory that grows with it). A player's
CSV may so name a column of their games that none of their own records fills (left empty in every row): what
to_csv names from reading them all, plus those.
"""
from __future__ import annotations

import csv
import io
import json
from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db.models import Q
from django.http import StreamingHttpResponse

from scoring import csv_columns, transfer
from scoring.csv_safety import safe_cell
from scoring.models import GameRecord, Participant, PlayerProfile

CHUNK = 200  # records read at once
PIECE = 64 * 1024  # characters sent at once to an ASGI server


def record_ids(*, player: PlayerProfile | None = None, game: str | None = None) -> Iterator[list[int]]:
    """The ids of the records transfer.records_of would give (oldest first), in chunks of CHUNK."""
    if player is not None:
        keys, _games = _players_keys(player, game)
        yield from _chunked(keys)
        return
    records = transfer.records_of(game=game).prefetch_related(None).order_by("played_at", "id")
    after = None
    while True:
        page = records.filter(Q(played_at__gte=after[0]) & (Q(played_at__gt=after[0]) | Q(pk__gt=after[1]))
                              ) if after else records
        keys = list(page.values_list("played_at", "id")[:CHUNK])
        if not keys:
            return
        yield [record_id for _played_at, record_id in keys]
        after = keys[-1]


def _players_keys(player: PlayerProfile, game: str | None) -> tuple[list[tuple], set[str]]:
    """The (played_at, id) of the player's exported records, oldest first, and the games they are of: one read of
    the player's own seats through their profile index (a few dozen bytes a record, no record's body)."""
    seats = Participant.objects.filter(profile=player, game_record__unfinished=False)
    if game:
        seats = seats.filter(game_record__game=game)
    found = {(played_at, record_id, record_game) for record_id, played_at, record_game in
             seats.order_by().values_list("game_record_id", "game_record__played_at", "game_record__game")}
    keys = sorted({(played_at, record_id) for played_at, record_id, _game in found})
    return keys, {record_game for _played_at, _id, record_game in found}


def _chunked(keys: list[tuple]) -> Iterator[list[int]]:
    for start in range(0, len(keys), CHUNK):
        yield [record_id for _played_at, record_id in keys[start:start + CHUNK]]


def _records(ids: list[int], *, seats: bool) -> list[GameRecord]:
    found = GameRecord.objects.filter(pk__in=ids).select_related("night")  # transfer.exported names its night
    if seats:
        found = found.prefetch_related("participants__profile")
    by_id = {record.pk: record for record in found}
    return [by_id[record_id] for record_id in ids if record_id in by_id]


def json_pieces(chunks: Iterator[list[int]]) -> Iterator[str]:
    """transfer.to_json of the records, a record at a time (each as transfer.exported writes it: with its location,
    duration, notes and game night)."""
    first = True
    for ids in chunks:
        for game_record in _records(ids, seats=False):
            dumped = json.dumps(transfer.exported(game_record), indent=2, ensure_ascii=False)
            yield ("[\n  " if first else ",\n  ") + dumped.replace("\n", "\n  ")
            first = False
    yield "[]\n" if first else "\n]\n"


def csv_pieces(chunks, header: list[str]) -> Iterator[str]:
    """transfer.to_csv of the records, the header first, then a chunk of rows at a time."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([safe_cell(column) for column in header])
    yield out.getvalue()
    for ids in chunks:
        out.seek(0)
        out.truncate()
        for row in transfer.csv_rows(_records(ids, seats=True))[1]:
            writer.writerow([safe_cell(transfer._cell(row.get(column))) for column in header])
        yield out.getvalue()


def pieces(*, player: PlayerProfile | None = None, game: str | None = None, as_csv: bool = False) -> Iterator[str]:
    """The export of these records, JSON or CSV, as a stream of text."""
    if not as_csv:
        yield from json_pieces(record_ids(player=player, game=game))
        return
    if player is None:  # the whole history's (or a game's) header: its games' kept columns, at once
        yield from csv_pieces(record_ids(game=game), csv_columns.header(game))
        return
    keys, games = _players_keys(player, game)  # the player's games name their header's columns (kept, at once)
    yield from csv_pieces(_chunked(keys), csv_columns.header(games=games) if games else transfer.CSV_COLUMNS)


async def _in_pieces(text: Iterator[str]) -> AsyncIterator[str]:
    """A sync stream (it reads the database) served to an ASGI server: about PIECE characters per thread hop."""
    def gather():
        got, size = [], 0
        for part in text:
            got.append(part)
            size += len(part)
            if size >= PIECE:
                break
        return "".join(got)

    while piece := await sync_to_async(gather)():
        yield piece


def download(request, text: Iterator[str], filename: str, content_type: str) -> StreamingHttpResponse:
    """A streamed attachment. Under ASGI Django would gather a sync stream into a list first: it gets an async one."""
    stream = _in_pieces(text) if isinstance(request, ASGIRequest) else (part.encode() for part in text)
    response = StreamingHttpResponse(stream, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
