"""Querysets whose SQL is compiled once per process, for the pages every table loads.

Django compiles a queryset into SQL afresh on every evaluation, and for a query that
joins a few tables (a player's games with their round, table and both players) that
compiling costs more than the database does: measured with `make bench`
(docs/performance.md), 1.4 ms of CPU to build the SQL of a player's games against 0.1 ms
to run it on SQLite. A page a phone loads at every round's end runs a handful of such
queries whose shape never changes; only the ids in them do.

`Prepared` takes a function that builds the queryset from its arguments (ints and
strings: ids, slugs), compiles it once per database connection with stand-in values, and
from then on runs that SQL with the real values and turns the rows into model instances
the way the ORM's own iterator does (`select_related` objects and annotations included).
The function's arguments must be the only things that vary: compiling it twice with
different stand-ins must give the same SQL and the same other parameters, which is
checked, so a queryset that reads the clock (or anything else) fails at once instead of
running stale.

What it does not take: `prefetch_related` (a second query of its own), `values()` and
other iterables than model instances, composite primary keys, a database other than the
default one.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Model, QuerySet
from django.db.models import query as django_query
from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError

M = TypeVar("M", bound=Model)
Arg = int | str

# Stand-ins no real argument takes: negative ids and strings with a NUL in them.
_INT_STANDINS = (
    (-7_301_000_001, -7_301_000_002, -7_301_000_003, -7_301_000_004),
    (-7_302_000_001, -7_302_000_002, -7_302_000_003, -7_302_000_004),
)
_STR_STANDINS = (
    ("\x00prepared-a1", "\x00prepared-a2", "\x00prepared-a3", "\x00prepared-a4"),
    ("\x00prepared-b1", "\x00prepared-b2", "\x00prepared-b3", "\x00prepared-b4"),
)


# The ORM's own maker of `select_related` objects from a row (not in django-stubs).
_related_populators: Callable[..., list[Any]] = django_query.get_related_populators  # type: ignore[attr-defined]


class PreparedQueryError(TypeError):
    """The queryset cannot be compiled once and reused (see the module's docstring)."""


@dataclass(frozen=True)
class _Plan:
    """One queryset shape compiled on one connection."""

    sql: str
    # Per parameter: the index of the argument it takes, or None for a constant.
    slots: tuple[int | None, ...]
    constants: tuple[Any, ...]
    compiler: SQLCompiler
    init_list: tuple[str, ...]
    start: int
    end: int
    populators: tuple[Any, ...]
    annotations: tuple[tuple[str, int], ...]
    # Rows locked with SELECT ... FOR UPDATE: only inside a transaction, as Django requires.
    locking: bool
    # The backend's and the fields' conversions of each column read, by column.
    converters: dict[int, tuple[list[Any], Any]]

    def params(self, args: Sequence[Arg]) -> list[Any]:
        return [
            constant if slot is None else args[slot]
            for slot, constant in zip(self.slots, self.constants, strict=True)
        ]


class Prepared(Generic[M]):
    """`build(*args)`'s rows, from SQL compiled once per connection: `Prepared(build)(7)`
    gives what `list(build(7))` gives."""

    def __init__(self, build: Callable[..., QuerySet[M]], *kinds: type[int] | type[str]) -> None:
        if len(kinds) > len(_INT_STANDINS[0]):
            raise PreparedQueryError(f"at most {len(_INT_STANDINS[0])} arguments")
        self.build = build
        self.kinds = kinds
        self._plans: weakref.WeakKeyDictionary[BaseDatabaseWrapper, _Plan] = weakref.WeakKeyDictionary()

    def __call__(self, *args: Arg) -> list[M]:
        if len(args) != len(self.kinds) or not all(
            isinstance(a, k) for a, k in zip(args, self.kinds, strict=True)
        ):
            raise PreparedQueryError(f"arguments {args!r} do not match {self.kinds!r}")
        connection = connections[DEFAULT_DB_ALIAS]
        plan = self._plans.get(connection)
        if plan is None:
            plan = self._plans[connection] = self._compile(connection)
        if plan.locking and not connection.in_atomic_block:
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, plan.params(args))
            rows = cursor.fetchall()
        return self._instances(plan, rows)

    def _standins(self, which: int) -> tuple[Arg, ...]:
        return tuple(
            _INT_STANDINS[which][n] if kind is int else _STR_STANDINS[which][n]
            for n, kind in enumerate(self.kinds)
        )

    def _compiled(self, standins: tuple[Arg, ...]) -> tuple[SQLCompiler, str, tuple[Any, ...]]:
        queryset: Any = self.build(*standins)  # read through its private parts below
        if queryset._prefetch_related_lookups or queryset._iterable_class is not django_query.ModelIterable:
            raise PreparedQueryError("only model instances, without prefetch_related")
        if queryset.db != DEFAULT_DB_ALIAS:
            raise PreparedQueryError("only the default database")
        compiler = queryset.query.get_compiler(using=DEFAULT_DB_ALIAS)
        sql, params = compiler.as_sql()
        return compiler, sql, tuple(params)

    def _compile(self, connection: BaseDatabaseWrapper) -> _Plan:
        first, second = self._standins(0), self._standins(1)
        compiler, sql, params = self._compiled(first)
        _, sql_again, params_again = self._compiled(second)
        slots = tuple(first.index(p) if p in first else None for p in params)
        again = tuple(second.index(p) if p in second else None for p in params_again)
        constants = tuple(None if s is not None else p for s, p in zip(slots, params, strict=True))
        constants_again = tuple(
            None if s is not None else p for s, p in zip(again, params_again, strict=True)
        )
        if set(range(len(first))) - {s for s in slots if s is not None}:
            raise PreparedQueryError("an argument does not reach the SQL as it was given")
        if sql != sql_again or slots != again or constants != constants_again:
            raise PreparedQueryError("the queryset varies with more than its arguments")
        columns = [s[0] for s in compiler.select[: compiler.col_count]]
        if compiler.has_composite_fields(columns):
            raise PreparedQueryError("no composite primary keys")
        info = compiler.klass_info
        assert info is not None
        fields = info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        return _Plan(
            sql=sql,
            slots=slots,
            constants=constants,
            compiler=compiler,
            init_list=tuple(f[0].target.attname for f in compiler.select[start:end]),
            start=start,
            end=end,
            populators=tuple(_related_populators(info, compiler.select, DEFAULT_DB_ALIAS)),
            annotations=tuple(compiler.annotation_col_map.items()),
            converters=compiler.get_converters(columns),
            locking=compiler.query.select_for_update,
        )

    def _instances(self, plan: _Plan, rows: list[tuple[Any, ...]]) -> list[M]:
        """What `ModelIterable` makes of the rows (django/db/models/query.py), without the
        known related objects a related manager adds: a prepared query starts from a model's
        manager, never from a relation."""
        model: type[M] = plan.compiler.klass_info["model"]
        instances = []
        converted = plan.compiler.apply_converters(rows, plan.converters) if plan.converters else rows
        for row in converted:
            obj = model.from_db(DEFAULT_DB_ALIAS, list(plan.init_list), row[plan.start : plan.end])
            for populator in plan.populators:
                populator.populate(row, obj)
            for name, position in plan.annotations:
                setattr(obj, name, row[position])
            instances.append(obj)
        return instances
