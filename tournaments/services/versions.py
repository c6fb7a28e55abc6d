"""The event version: one counter that moves whenever something a page shows changes.

Every service that changes visible state (results, rounds, players, rosters, settings,
staff, penalties, findings) calls `event_touch` as its last write, inside its own
transaction, so the bump commits with the change or not at all. Pages derive their ETag
and their cache keys from it (tournaments.conditional), which is why a missed call shows
stale pages: tests/web/test_conditional.py calls each kind of service and checks the bump.

The UPDATE takes the event row's lock until commit; calling it last keeps that window
short and the lock order (game, round, then event) the same in every service.
"""

from __future__ import annotations

from django.db.models import F

from tournaments.models import Event


def event_touch(event: Event | int) -> None:
    """Bump the event's version (one UPDATE; the in-memory object is left as it was)."""
    pk = event if isinstance(event, int) else event.pk
    Event.objects.filter(pk=pk).update(version=F("version") + 1)
