"""Values cached per event version through Django's cache framework.

Standings and the rendered public fragments (pairings, standings) are the same for every
caller until the event's version moves (tournaments.services.versions), so they are
computed once per version and shared by every worker: Redis when `REDIS_URL` is set,
local memory otherwise (config.settings CACHES). A new version is a new key, so nothing
is ever invalidated by hand; old keys expire (CACHE_TIMEOUT).

Read the event first, then compute: what is stored under version V is then at least as
new as V (never older), so no page is served stale. Only reads outside a service's
transaction may use this (a value computed from uncommitted rows must not be shared).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import connection

from tournaments.models import Event

T = TypeVar("T")


def event_stamp(event: Event, version: int | None = None) -> str:
    """The event's identity and version (its own, or the one given) as one token.

    The creation time is in it (and the database's name in the key) so a database that is
    recreated, with ids starting again at 1, never meets another's entries in a shared Redis.
    """
    created = int(event.created_at.timestamp() * 1_000_000) if event.created_at else 0
    return f"{event.pk}.{created}.{event.version if version is None else version}"


def _database() -> str:
    name = str(connection.settings_dict.get("NAME") or "")
    return hashlib.blake2b(name.encode(), digest_size=4).hexdigest()


def _in_a_write() -> bool:
    """Inside a transaction the rows read may not be committed: such values are never shared.

    A test case's own wrapping transaction does not count (Django marks those blocks, and
    uses the same mark to let `durable` atomics run inside tests).
    """
    return any(not getattr(block, "_from_testcase", False) for block in connection.atomic_blocks)


def version_key(event: Event, what: str, *parts: object) -> str:
    return ":".join(["ev", _database(), what, event_stamp(event), *map(str, parts)])


def cached_for_version(event: Event, what: str, parts: tuple[object, ...], compute: Callable[[], T]) -> T:
    """`compute()` once per event version (and `parts`); later calls read the cache."""
    if _in_a_write():
        return compute()
    key = version_key(event, what, *parts)
    value: T | None = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value)
    return value


def _unversioned_key(event: Event, what: str, *parts: object) -> str:
    unversioned = event_stamp(event).rsplit(".", 1)[0]
    return ":".join(["ev", _database(), what, unversioned, *map(str, parts)])


def claim_key(event: Event, what: str, *parts: object) -> str:
    """The key a process holds while it computes `what` for `event` (any version)."""
    return f"{_unversioned_key(event, what, *parts)}:claim"


# How long a claim to compute a fragment holds if its process dies before releasing it.
CLAIM_SECONDS = 10


def cached_or_latest(
    event: Event,
    what: str,
    parts: tuple[object, ...],
    compute: Callable[[], T],
    *,
    may_lag: bool = False,
) -> tuple[T, int]:
    """The value for the event's version, or the newest stored one while another process
    is computing it (or, for a caller that `may_lag`, one computed a moment ago); with the
    version the value belongs to.

    At the end of a round every result is a new version, often several a second, and
    every phone's next poll would otherwise compute the same standings at once. One
    process at a time computes a given fragment (a claim made with `cache.add`, atomic on
    Redis and in local memory); the others answer with the newest one stored, labelled with
    its own, older version (tournaments.conditional), so their callers ask again and get
    the new one a moment later. Nothing is ever labelled newer than it is.

    Even one process computing without a pause would keep a core busy while results
    arrive faster than a render takes; so a background poll (`may_lag`) is answered with
    the newest fragment stored if it was computed less than `LIVE_REFRESH_MS` ago: each
    fragment is computed at most about once in that time, and a phone sees a result that
    much later at most. A page opened or reloaded is never answered that way.
    """
    if _in_a_write():
        return compute(), event.version
    key = version_key(event, what, *parts)
    base = _unversioned_key(event, what, *parts)
    # (version, value, computed at): the shape changed with LIVE_REFRESH_MS, and so did the name.
    latest_key, claim_key = f"{base}:newest", f"{base}:claim"
    found = cache.get_many([key, latest_key] if may_lag else [key])
    if (value := found.get(key)) is not None:
        return value, event.version
    latest: tuple[int, T, float] | None = found.get(latest_key)
    if latest is not None and latest[0] < event.version and _recent(latest[2]):
        return latest[1], latest[0]
    if not cache.add(claim_key, 1, timeout=CLAIM_SECONDS):
        latest = cache.get(latest_key)
        if latest is not None and latest[0] < event.version:
            return latest[1], latest[0]
        return compute(), event.version  # nothing older to show: compute it here as well
    try:
        value = compute()
        cache.set(key, value)
        stored: tuple[int, T, float] | None = cache.get(latest_key)
        if stored is None or stored[0] < event.version:
            cache.set(latest_key, (event.version, value, time.time()))
    finally:
        cache.delete(claim_key)
    return value, event.version


def _recent(computed_at: float) -> bool:
    """Computed less than LIVE_REFRESH_MS ago (wall clock: shared by every process)."""
    return (time.time() - computed_at) * 1000 < settings.LIVE_REFRESH_MS
