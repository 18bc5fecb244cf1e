"""The statements every move makes, compiled once per database: the ORM writes their SQL, a move runs it.

Django compiles a queryset's SQL again each time it runs it. For the statements of every move (the match read
locked, its seats with their profiles, the match's UPDATE) that compiling took several times longer than running
the SQL itself (py-spy under `benchmarks/load.py`, docs/live-matches.md). A `Compiled` read keeps what the ORM's
compiler made of its queryset (the SQL, the columns, their converters, the related objects it fills) and builds
the same model instances the queryset would, from the same rows. What is kept depends on the database and its
kind, not on one connection (under ASGI each request has a connection object of its own): the converters are
the backend's and the fields' own functions, each called with the connection that ran the query. The queryset
is written as usual, with placeholders for the parameters that change; tests compare every object with the
ORM's own (tests/games/test_compiled.py). It reads what the compiler made through Django internals
(`get_related_populators`, the compiler's `klass_info`): one of the few patches this site keeps, because it buys
more than 10% of a move's CPU (docs/internals.md); that test fails when an upgrade changes them.

A move's two writes need no internals: `update_row` and `insert_row` write plain SQL from the models' public meta
API, each value prepared by its own field, as the ORM would (measured: no slower than compiling them once).
"""
from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connections, router
from django.db.models.query import get_related_populators

BIGINT = (-(2**63), 2**63 - 1)


class _PerDatabase:
    """What a statement compiles to, kept per database alias and kind of database."""

    def __init__(self, model):
        self.model = model
        self._by_database: dict[tuple, tuple] = {}
        self._lock = threading.Lock()

    def _plan(self, alias: str, connection) -> tuple:
        plan = self._by_database.get((alias, connection.vendor))
        if plan is None:
            plan = self._compile(alias, connection)
            with self._lock:
                self._by_database[(alias, connection.vendor)] = plan
        return plan

    def _compile(self, alias: str, connection) -> tuple:
        raise NotImplementedError


class Compiled(_PerDatabase):
    """`make(*placeholders)` gives the queryset; `objects(*params)` runs it with `params` in their place."""

    def __init__(self, model, make: Callable, placeholders: tuple):
        super().__init__(model)
        self.make, self.placeholders = make, placeholders

    def objects(self, *params) -> list:
        """The model instances of the queryset with `params` for its placeholders. A number beyond the database's
        64-bit integers matches nothing, as in the ORM's own lookups (an id in a URL may be any length)."""
        if any(type(param) is int and not BIGINT[0] <= param <= BIGINT[1] for param in params):
            return []
        alias = router.db_for_read(self.model)
        connection = connections[alias]
        sql, converters, init_list, start, end, populators = self._plan(alias, connection)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        found = []
        for row in rows:
            if converters:
                row = list(row)
                for position, (functions, expression) in converters:
                    value = row[position]
                    for function in functions:
                        value = function(value, expression, connection)
                    row[position] = value
            instance = self.model.from_db(alias, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, instance)
            found.append(instance)
        return found

    def _compile(self, alias: str, connection) -> tuple:
        compiler = self.make(*self.placeholders).query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        if tuple(params) != tuple(self.placeholders):
            raise ValueError(f"the compiled query's parameters {params!r} are not its placeholders")
        select, klass_info = compiler.select, compiler.klass_info
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        init_list = [column[0].target.attname for column in select[start:end]]
        converters = list(compiler.get_converters([column[0] for column in select[:compiler.col_count]]).items())
        return sql, converters, init_list, start, end, get_related_populators(klass_info, select, alias)


def update_row(model, pk, **values) -> int:
    """UPDATE one row of `model`, setting the fields named in `values` (by field name), as `QuerySet.update` would:
    plain SQL from the model's public meta API, each value prepared by its own field (`get_db_prep_save`). Django
    compiles an UPDATE through its query compiler every time; this writes it directly (a move's one UPDATE)."""
    connection = connections[router.db_for_write(model)]
    quote, fields = connection.ops.quote_name, [model._meta.get_field(name) for name in values]
    sql = (f"UPDATE {quote(model._meta.db_table)} SET {', '.join(f'{quote(f.column)} = %s' for f in fields)} "
           f"WHERE {quote(model._meta.pk.column)} = %s")
    params = [field.get_db_prep_save(values[field.name], connection=connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, pk])
        return cursor.rowcount


def insert_row(model, **values) -> None:
    """INSERT one row of `model` with a value for every concrete field but the primary key (given by attname:
    "match_id"), as `Model.objects.create(**values)` would, without reading its id back: plain SQL as
    `update_row`'s (a move's one INSERT)."""
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    if {field.attname for field in fields} != values.keys():
        raise TypeError(f"an insert of {model.__name__} takes every concrete field but the primary key")
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    sql = (f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
           f"VALUES ({', '.join(['%s'] * len(fields))})")
    with connection.cursor() as cursor:
        cursor.execute(sql, [field.get_db_prep_save(values[field.attname], connection=connection)
                             for field in fields])
