"""URL converters: `<id:...>` is a row's id, digits that fit the databases' 64-bit integers (at most 18 of them).

A longer number is no page at all (404; for a websocket, no route: refused), rather than an id the database
cannot take: SQLite raises on an integer beyond 64 bits, and the ORM's own lookups through a foreign key do not
guard against it.
"""
from django.urls import register_converter


class RowId:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(int(value))


register_converter(RowId, "id")
