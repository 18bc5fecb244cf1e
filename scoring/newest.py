"""A player's records newest first, read from the player's own seats, never by walking the whole history.

Asked for "the latest 20 records of this player", a database may walk every record backwards by date until it
has met 20 of theirs (PostgreSQL did: 74,000 rows for a player of 330 matches in 100,000). Here the player's seats
are read whole through the seat's profile index (with each record's date, one row per seat), sorted here and
cut: the work grows with the player's own records only.
"""
from __future__ import annotations

from django.db.models import QuerySet


def newest_first(seats: QuerySet, *, limit: int | None = None, older_than: tuple | None = None,
                 newer_than: tuple | None = None) -> list[int]:
    """The ids of the seats' records, newest first (played_at, then id), at most `limit` of them, one per record.

    `older_than` / `newer_than`: a (played_at, id) place to start after, for keyset pages; with `newer_than` the
    `limit` records just newer than it are taken (still given newest first)."""
    keys = {(played_at, record_id) for record_id, played_at in
            seats.order_by().values_list("game_record_id", "game_record__played_at")}
    if older_than is not None:
        keys = {key for key in keys if key < older_than}
    if newer_than is not None:
        keys = sorted(key for key in keys if key > newer_than)[:limit]
        return [record_id for _played_at, record_id in sorted(keys, reverse=True)]
    return [record_id for _played_at, record_id in sorted(keys, reverse=True)[:limit]]
