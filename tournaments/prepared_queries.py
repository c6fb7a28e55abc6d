"""Querysets whose SQL is compiled once per process, for the pages every table loads.

Django compiles a queryset into SQL afresh on every evaluation, and for a query that
joins a few tables (a player's games with their round, table and both players) that
compiling costs more than the database does: measured with `make bench`
(docs/performance.md), 1.4 ms of CPU to build the SQL of a player's games against 0.1 ms
to run it on SQLite. A page a phone loads at every round's end runs a handful of such
queries whose shape never changes; only the ids in them do.

`Prepared` takes a function that builds the queryset from its arguments (ints and
strings: ids, slugs), compiles it once per process and backend with stand-in values, and
from then on runs that SQL with the real values and turns the rows into model instances
the way the ORM's own iterator does (`select_related` objects and annotations included).
The function's arguments must be the only things that vary: compiling it twice with
different stand-ins must give the same SQL and the same other parameters, which is
checked, so a queryset that reads the clock (or anything else) fails at once instead of
running stale.

`PreparedRows` does the same for a queryset ending in `values_list(...)`: tuples.

What neither takes: `prefetch_related` (a second query of its own), `values()`, flat or
named `values_list`, composite primary keys, a database other than the default one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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
    """One queryset shape compiled for one database backend.

    It is shared by every thread of the process, each running it on its own connection,
    so it keeps no compiler (which holds the connection it compiled on): a thread's
    connection is gone with the thread while the plan stays.
    """

    sql: str
    # Per parameter: the index of the argument it takes, or None for a constant.
    slots: tuple[int | None, ...]
    constants: tuple[Any, ...]
    # Rows locked with SELECT ... FOR UPDATE: only inside a transaction, as Django requires.
    locking: bool
    # The backend's and the fields' conversions of the columns that have any: (position,
    # converters, the column's expression), applied as the compiler applies them.
    converters: tuple[tuple[int, tuple[Any, ...], Any], ...]
    # How a row becomes a model instance (model instances only).
    instances: _Instances | None

    def params(self, args: Sequence[Arg]) -> list[Any]:
        return [
            constant if slot is None else args[slot]
            for slot, constant in zip(self.slots, self.constants, strict=True)
        ]

    def convert(self, rows: list[Any], connection: BaseDatabaseWrapper) -> list[Any]:
        """`SQLCompiler.apply_converters` on `connection`, the one that read the rows."""
        if not self.converters:
            return rows
        converted = []
        for row in rows:
            values = list(row)
            for position, converters, expression in self.converters:
                value = values[position]
                for converter in converters:
                    value = converter(value, expression, connection)
                values[position] = value
            converted.append(values)
        return converted


@dataclass(frozen=True)
class _Instances:
    """How a row becomes a model instance with its joined objects (`ModelIterable`'s steps)."""

    model: type[Model]
    init_list: tuple[str, ...]
    start: int
    end: int
    populators: tuple[Any, ...]
    annotations: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, compiler: SQLCompiler) -> _Instances:
        info = compiler.klass_info
        assert info is not None
        fields = info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        return cls(
            model=info["model"],
            init_list=tuple(f[0].target.attname for f in compiler.select[start:end]),
            start=start,
            end=end,
            populators=tuple(_related_populators(info, compiler.select, DEFAULT_DB_ALIAS)),
            annotations=tuple(compiler.annotation_col_map.items()),
        )

    def make(self, row: Sequence[Any]) -> Any:
        """What `ModelIterable` makes of a row (django/db/models/query.py), without the known
        related objects a related manager adds: a prepared query starts from a model's
        manager, never from a relation."""
        obj = self.model.from_db(DEFAULT_DB_ALIAS, list(self.init_list), row[self.start : self.end])
        for populator in self.populators:
            populator.populate(row, obj)
        for name, position in self.annotations:
            setattr(obj, name, row[position])
        return obj


class _Preparable:
    """What both kinds share: the arguments' check, compiling once per backend, running."""

    # The queryset's iterable class this kind takes.
    iterable: type[Any]

    def __init__(self, build: Callable[..., QuerySet[Any, Any]], *kinds: type[int] | type[str]) -> None:
        if len(kinds) > len(_INT_STANDINS[0]):
            raise PreparedQueryError(f"at most {len(_INT_STANDINS[0])} arguments")
        self.build = build
        self.kinds = kinds
        # By the backend's vendor: the SQL a backend writes is the same on each connection.
        self._plans: dict[str, _Plan] = {}

    def _run(self, args: tuple[Arg, ...]) -> tuple[_Plan, Iterable[Sequence[Any]]]:
        """The plan and the rows, each column converted as the ORM converts it."""
        if len(args) != len(self.kinds) or not all(
            isinstance(a, k) for a, k in zip(args, self.kinds, strict=True)
        ):
            raise PreparedQueryError(f"arguments {args!r} do not match {self.kinds!r}")
        connection = connections[DEFAULT_DB_ALIAS]
        plan = self._plans.get(connection.vendor)
        if plan is None:
            plan = self._plans[connection.vendor] = self._compile()
        if plan.locking and not connection.in_atomic_block:
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, plan.params(args))
            rows = cursor.fetchall()
        return plan, plan.convert(rows, connection)

    def _standins(self, which: int) -> tuple[Arg, ...]:
        return tuple(
            _INT_STANDINS[which][n] if kind is int else _STR_STANDINS[which][n]
            for n, kind in enumerate(self.kinds)
        )

    def _compiled(self, standins: tuple[Arg, ...]) -> tuple[SQLCompiler, str, tuple[Any, ...]]:
        queryset: Any = self.build(*standins)  # read through its private parts below
        if queryset._prefetch_related_lookups or queryset._iterable_class is not self.iterable:
            raise PreparedQueryError(f"only {self.iterable.__name__}, without prefetch_related")
        if queryset.db != DEFAULT_DB_ALIAS:
            raise PreparedQueryError("only the default database")
        compiler = queryset.query.get_compiler(using=DEFAULT_DB_ALIAS)
        sql, params = compiler.as_sql()
        return compiler, sql, tuple(params)

    def _compile(self) -> _Plan:
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
        # The backend's converters are the compiling connection's methods, which read only
        # settings; each is called with the connection that read the rows, as Django does.
        converters = tuple(
            (position, tuple(functions), expression)
            for position, (functions, expression) in compiler.get_converters(columns).items()
        )
        return _Plan(
            sql=sql,
            slots=slots,
            constants=constants,
            locking=compiler.query.select_for_update,
            converters=converters,
            instances=self._instances(compiler),
        )

    def _instances(self, compiler: SQLCompiler) -> _Instances | None:
        """How this kind makes its rows, checked against the compiled query."""
        raise NotImplementedError


class Prepared(_Preparable, Generic[M]):
    """`build(*args)`'s rows as model instances, from SQL compiled once per backend:
    `Prepared(build, int)(7)` gives what `list(build(7))` gives."""

    iterable = django_query.ModelIterable

    def __init__(self, build: Callable[..., QuerySet[M]], *kinds: type[int] | type[str]) -> None:
        super().__init__(build, *kinds)

    def __call__(self, *args: Arg) -> list[M]:
        plan, rows = self._run(args)
        assert plan.instances is not None
        return [plan.instances.make(row) for row in rows]

    def first(self, *args: Arg) -> M | None:
        """The first row, as `.first()` gives it on a queryset that orders its rows."""
        rows = self(*args)
        return rows[0] if rows else None

    def _instances(self, compiler: SQLCompiler) -> _Instances:
        return _Instances.of(compiler)


class PreparedRows(_Preparable):
    """`build(*args)`'s rows as tuples, for a queryset ending in `values_list(...)` (not flat,
    not named), from SQL compiled once per backend."""

    iterable = django_query.ValuesListIterable

    def __call__(self, *args: Arg) -> list[tuple[Any, ...]]:
        _, rows = self._run(args)
        return [tuple(row) for row in rows]

    def _instances(self, compiler: SQLCompiler) -> None:
        # With extra or annotated columns Django reorders a values_list's columns after
        # reading them (ValuesListIterable); these take the plain ones only.
        if compiler.query.extra_select or compiler.query.annotation_select:
            raise PreparedQueryError("values_list of fields only, without annotations")
