"""The three reads every page of an event makes before anything else, compiled once.

`access_event` runs on every request to an event's pages and API: the event by its slug,
the caller's staff roles there and their entry. Django compiles a query afresh on each
call, and for these three that compiling cost more than everything else the access check
does (measured with `make bench`, docs/performance.md: 0.46 ms, 0.51 ms and 0.22 ms of CPU
against 0.23 ms, 0.13 ms and 0.02 ms for the same rows read with SQL made once per
process). Their shape never changes, so the event and the entry are prepared queries
(tournaments.prepared_queries) and the roles, one column, are SQL built once from the
model's own table and column names.
"""

from __future__ import annotations

from functools import cache

from django.db import connection
from django.db.models import Field

from tournaments.models import Event, Player, StaffRole
from tournaments.prepared_queries import Prepared

# The slug is unique, and a user plays an event once: at most one row each.
_EVENT: Prepared[Event] = Prepared(lambda slug: Event.objects.filter(slug=slug).order_by("pk")[:1], str)
_ENTRY: Prepared[Player] = Prepared(
    lambda event_id, user_id: Player.objects.filter(event_id=event_id, user_id=user_id).order_by("pk")[:1],
    int,
    int,
)


def event_by_slug(slug: str) -> Event | None:
    return _EVENT.first(slug)


def entry_of(event_id: int, user_id: int) -> Player | None:
    """The caller's entry in the event: at most one (a user plays an event once)."""
    return _ENTRY.first(event_id, user_id)


def staff_roles_of(event_id: int, user_id: int) -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute(_roles_sql(), [event_id, user_id])
        return {role for (role,) in cursor.fetchall()}


@cache
def _roles_sql() -> str:
    quote = connection.ops.quote_name
    role, event, user = (quote(_column(name)) for name in ("role", "event", "user"))
    return f"SELECT {role} FROM {quote(StaffRole._meta.db_table)} WHERE {event} = %s AND {user} = %s"


def _column(name: str) -> str:
    field = StaffRole._meta.get_field(name)
    assert isinstance(field, Field), name
    return str(field.column)
