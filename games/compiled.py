"""The statements every move makes, compiled once per database: the ORM writes their SQL, a move runs it.

Django compiles a queryset's SQL again each time it runs it. For the statements of every move (the match read
locked, its seats with their profiles, the match's UPDATE) that compiling took several times longer than running
the SQL itself (py-spy under `benchmarks/load.py`, docs/live-matches.md). A `Compiled` read keeps what the ORM's
compiler made of its queryset (the SQL, the columns, their converters, the related objects it fills) and builds
the same model instances the queryset would, from the same rows. What is kept depends on the database and its
kind, not on one connection (under ASGI each request has a connection object of its own): the converters are
the backend's and the fields' own functions, each called with the connection that ran the query. The queryset
is written as usual, with placeholders for the parameters that change; tests compare every object with the
ORM's own (tests/games/test_compiled.py). A `CompiledUpdate` does the same for the UPDATE of a few fields of one
row, its values prepared by their fields as `QuerySet.update` prepares them, and a `CompiledInsert` for the INSERT
of one row (the move's own), as `QuerySet.create` prepares them.
"""
from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connections, router
from django.db.models.query import get_related_populators
from django.db.models.sql import InsertQuery, UpdateQuery

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


class CompiledUpdate(_PerDatabase):
    """`run(pk, **values)` sets the fields of `placeholders` (a value of each field's type, never None: a None would
    compile to "= NULL") on the row `pk`, as `QuerySet.filter(pk=pk).update(**values)` would."""

    def __init__(self, model, placeholders: dict):
        super().__init__(model)
        self.placeholders = placeholders

    def run(self, pk: int, **values) -> int:
        if values.keys() != self.placeholders.keys():
            raise TypeError(f"an update sets exactly {sorted(self.placeholders)}")
        alias = router.db_for_write(self.model)
        connection = connections[alias]
        sql, fields = self._plan(alias, connection)
        params = [field.get_db_prep_save(values[name], connection=connection) for name, field in fields]
        with connection.cursor() as cursor:
            cursor.execute(sql, [*params, pk])
            return cursor.rowcount

    def _compile(self, alias: str, connection) -> tuple:
        query = self.model.objects.filter(pk=-1).query.chain(UpdateQuery)
        query.add_update_values(self.placeholders)
        sql, params = query.get_compiler(using=alias).as_sql()
        fields = [(field.name, field) for field, _, _ in query.values]
        if len(params) != len(fields) + 1 or params[-1] != -1 or sql.count("%s") != len(params):
            raise ValueError(f"the compiled update {sql!r} does not take one parameter per field and the pk")
        return sql, fields


class CompiledInsert(_PerDatabase):
    """`run(**values)` inserts one row with a value for each of `names` (every concrete field but the primary key,
    given by attname: "match_id"), as `Model.objects.create(**values)` would, without reading back its id."""

    def __init__(self, model, names: tuple):
        super().__init__(model)
        self.names = names

    def run(self, **values) -> None:
        if values.keys() != set(self.names):
            raise TypeError(f"an insert sets exactly {sorted(self.names)}")
        alias = router.db_for_write(self.model)
        connection = connections[alias]
        sql, fields = self._plan(alias, connection)
        with connection.cursor() as cursor:
            cursor.execute(sql, [field.get_db_prep_save(values[field.attname], connection=connection)
                                 for field in fields])

    def _compile(self, alias: str, connection) -> tuple:
        by_attname = {field.attname: field for field in self.model._meta.concrete_fields if not field.primary_key}
        if set(by_attname) != set(self.names):
            raise ValueError(f"an insert of {self.model.__name__} takes every concrete field but the primary key")
        fields = [by_attname[name] for name in self.names]
        query = InsertQuery(self.model)
        query.insert_values(fields, [self.model()])
        statements = query.get_compiler(using=alias).as_sql()
        if len(statements) != 1 or statements[0][0].count("%s") != len(fields):
            raise ValueError(f"the compiled insert {statements!r} does not take one parameter per field")
        return statements[0][0], fields
