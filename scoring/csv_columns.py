"""The breakdown columns of each game's exported records, kept as records come and go: a CSV's header at once.

A CSV export names every breakdown column of its records in its header (scoring/transfer.py's csv_rows), so a
stream of the whole history (`export_records --csv`) would read every record before its first byte: two minutes
at a million matches. Instead each game's columns are kept with the number of exported records (every record but
an unfinished one, transfer.records_of) that have them: signals on GameRecord see each record saved, corrected or
deleted, in the same transaction. A player's export takes the columns of the games they have records of (a column
none of their own records has is then named and left empty). `rebuild_summaries` computes these again, and its
`--check` compares (scoring/summaries.py).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.db.models import F
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from scoring.models import BreakdownColumn, GameRecord

BATCH = 2000


def columns_of(game: str, record) -> dict[str, tuple]:
    """A record's breakdown columns over its seats, each with its place in the game's order (as csv_rows names
    them: the seat's entry of result.breakdown, flattened by transfer)."""
    from scoring.transfer import _flat_with_order

    result = record.get("result") if isinstance(record, dict) else None
    breakdown = result.get("breakdown") if isinstance(result, dict) else None
    seats = record.get("seats") if isinstance(record, dict) else None
    if not isinstance(breakdown, list) or not isinstance(seats, list):
        return {}
    columns = {}
    for seat in seats:
        index = seat.get("seat") if isinstance(seat, dict) else None
        if isinstance(index, int) and 0 <= index < len(breakdown) and isinstance(breakdown[index], dict):
            for column, (_value, place) in _flat_with_order(breakdown[index], game).items():
                columns.setdefault(column, place)
    return columns


def _exported(game: str, unfinished: bool, record) -> tuple[str, dict]:
    return game, ({} if unfinished else columns_of(game, record))


def _move(game: str, columns: dict[str, tuple], delta: int) -> None:
    for column, place in columns.items():
        kept = BreakdownColumn.objects.filter(game=game, column=column)
        if not kept.update(records=F("records") + delta):
            BreakdownColumn.objects.get_or_create(game=game, column=column, defaults={"place": place})
            kept.update(records=F("records") + delta)


@receiver(pre_save, sender=GameRecord)
def _before_save(sender, instance: GameRecord, raw=False, update_fields=None, **kwargs):
    instance._columns = None
    if raw or instance.pk is None or (update_fields is not None
                                      and not {"game", "unfinished", "record"} & set(update_fields)):
        return
    before = GameRecord.objects.filter(pk=instance.pk).values("game", "unfinished", "record").first()
    if before is not None:
        instance._columns = _exported(before["game"], before["unfinished"], before["record"])


@receiver(post_save, sender=GameRecord)
def _after_save(sender, instance: GameRecord, raw=False, update_fields=None, **kwargs):
    if raw or (update_fields is not None and not {"game", "unfinished", "record"} & set(update_fields)):
        return
    before = getattr(instance, "_columns", None) or (instance.game, {})
    after = _exported(instance.game, instance.unfinished, instance.record)
    if before[0] == after[0]:
        _move(after[0], {c: p for c, p in before[1].items() if c not in after[1]}, -1)
        _move(after[0], {c: p for c, p in after[1].items() if c not in before[1]}, +1)
    else:
        _move(*before, -1)
        _move(*after, +1)


@receiver(post_delete, sender=GameRecord)
def _after_delete(sender, instance: GameRecord, **kwargs):
    _move(*_exported(instance.game, instance.unfinished, instance.record), -1)


def computed(game: str | None = None) -> dict[tuple[str, str], tuple[int, tuple]]:
    """{(game, column): (records, place)} as the history says: one pass over the exported records' breakdowns."""
    records = GameRecord.objects.filter(unfinished=False)
    if game is not None:
        records = records.filter(game=game)
    counts: Counter = Counter()
    places = {}
    rows = records.order_by().values_list("game", "record__result__breakdown", "record__seats")
    for row_game, breakdown, seats in rows.iterator(chunk_size=BATCH):
        for column, place in columns_of(row_game, {"result": {"breakdown": breakdown}, "seats": seats}).items():
            counts[(row_game, column)] += 1
            places.setdefault((row_game, column), place)
    return {key: (count, places[key]) for key, count in counts.items()}


def rebuild() -> int:
    BreakdownColumn.objects.all().delete()
    return len(BreakdownColumn.objects.bulk_create(
        (BreakdownColumn(game=game, column=column, place=place, records=records)
         for (game, column), (records, place) in computed().items()), batch_size=BATCH))


def differences() -> list[str]:
    kept = {(c.game, c.column): c.records for c in BreakdownColumn.objects.all() if c.records}
    found = {key: records for key, (records, _place) in computed().items()}
    return [f"column {column} of {game}: kept in {kept.get((game, column), 0)} records, "
            f"found in {found.get((game, column), 0)}"
            for game, column in sorted(set(kept) | set(found)) if kept.get((game, column)) != found.get((game, column))]


def _as_place(value):
    """A place as transfer gives it (tuples), from its JSON (lists)."""
    return tuple(_as_place(item) for item in value) if isinstance(value, list) else value


def header(game: str | None = None, *, games: Iterable[str] | None = None) -> list[str]:
    """The CSV header of the exported records of the whole history (or of one game, or of these `games`), from the
    kept columns (one query): the fixed columns, then each breakdown column in its place (transfer.column_place),
    as transfer.csv_rows would find them by reading every record."""
    from scoring.transfer import CSV_COLUMNS, column_place

    kept = BreakdownColumn.objects.filter(records__gt=0)
    if game is not None:
        kept = kept.filter(game=game)
    if games is not None:
        kept = kept.filter(game__in=sorted(games))
    places: dict[str, tuple] = {}
    for row_game, column, place in kept.values_list("game", "column", "place"):
        place = column_place(row_game, _as_place(place))
        places[column] = min(places[column], place) if column in places else place
    return CSV_COLUMNS + sorted((c for c in places if c not in CSV_COLUMNS), key=lambda c: places[c])
