"""The three reads every page of an event makes before anything else, in SQL written once.

`access_event` runs on every request to an event's pages and API: the event by its slug,
the caller's staff roles there and their entry. Django compiles a query afresh on each
call, and for these three that compiling cost more than everything else the access check
does (measured with `make bench`, docs/performance.md: 0.46 ms, 0.51 ms and 0.22 ms of CPU
against 0.23 ms, 0.13 ms and 0.02 ms for the same rows read with SQL made once per
process). Their shape never changes, so the SQL is built once from the models' own table
and column names and the rows become model instances through `Model.from_db`, exactly
as the ORM makes them.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Field, Model

from tournaments.models import Event, Player, StaffRole

M = TypeVar("M", bound=Model)


@cache
def _select(model: type[Model], where: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """`SELECT <every concrete column> FROM <table> WHERE <field> = %s AND ... ORDER BY
    <the model's ordering>, <pk>` and the attribute names in column order (what `from_db`
    takes): the first row is the one `.filter(...).first()` would give."""
    quote = connection.ops.quote_name
    fields = model._meta.concrete_fields
    columns = ", ".join(quote(f.column) for f in fields)
    conditions = " AND ".join(f"{quote(_column(model, name))} = %s" for name in where)
    ordering = [*(str(name) for name in model._meta.ordering or ()), "pk"]
    order = ", ".join(
        quote(_column(model, name.lstrip("-"))) + (" DESC" if name.startswith("-") else "")
        for name in ordering
    )
    sql = f"SELECT {columns} FROM {quote(model._meta.db_table)} WHERE {conditions} ORDER BY {order}"
    return sql, tuple(f.attname for f in fields)


def _one(model: type[M], where: tuple[str, ...], params: list[int | str]) -> M | None:
    sql, names = _select(model, where)
    with connection.cursor() as cursor:
        cursor.execute(f"{sql} LIMIT 1", params)
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for index, converters in _converters(model, connection.vendor):
        column = _columns(model)[index]
        for convert in converters:
            values[index] = convert(values[index], column, connection)
    return model.from_db(connection.alias, list(names), values)


@cache
def _columns(model: type[Model]) -> tuple[Any, ...]:
    return tuple(field.get_col(model._meta.db_table) for field in model._meta.concrete_fields)


@cache
def _converters(model: type[Model], vendor: str) -> tuple[tuple[int, tuple[Any, ...]], ...]:
    """What the ORM's compiler applies to each column read (the backend's conversions, then
    the field's own `from_db_value`), for the columns that have any."""
    found = []
    for index, column in enumerate(_columns(model)):
        converters = [*connection.ops.get_db_converters(column), *column.get_db_converters(connection)]
        if converters:
            found.append((index, tuple(converters)))
    return tuple(found)


def event_by_slug(slug: str) -> Event | None:
    return _one(Event, ("slug",), [slug])


def entry_of(event_id: int, user_id: int) -> Player | None:
    """The caller's entry in the event: at most one (a user plays an event once)."""
    return _one(Player, ("event", "user"), [event_id, user_id])


def staff_roles_of(event_id: int, user_id: int) -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute(_roles_sql(), [event_id, user_id])
        return {role for (role,) in cursor.fetchall()}


@cache
def _roles_sql() -> str:
    quote = connection.ops.quote_name
    role, event, user = (quote(_column(StaffRole, name)) for name in ("role", "event", "user"))
    return f"SELECT {role} FROM {quote(StaffRole._meta.db_table)} WHERE {event} = %s AND {user} = %s"


def _column(model: type[Model], name: str) -> str:
    field = model._meta.pk if name == "pk" else model._meta.get_field(name)
    assert isinstance(field, Field), name
    return str(field.column)
