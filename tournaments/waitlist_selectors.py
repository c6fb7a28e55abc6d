"""Reads of the registration cap and its waitlist (docs/waitlist.md)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils import timezone

from tournaments.models import WAITLIST_ACTIVE, Event, WaitlistEntry, WaitlistState
from tournaments.prepared_queries import Prepared
from tournaments.services.capacity import entrants, event_is_full, seats_free


@dataclass(frozen=True)
class Capacity:
    """The cap as pages and the API show it: None fields without a cap."""

    capacity: int | None
    entrants: int
    seats_free: int | None
    full: bool
    waiting: int


def capacity_of(event: Event) -> Capacity:
    """Without a cap nothing is counted (no query): no page shows a count then."""
    if event.capacity is None:
        return Capacity(capacity=None, entrants=0, seats_free=None, full=False, waiting=0)
    return Capacity(
        capacity=event.capacity,
        entrants=entrants(event),
        seats_free=seats_free(event),
        full=event_is_full(event),
        waiting=WaitlistEntry.objects.filter(event=event, state=WaitlistState.WAITING).count(),
    )


@dataclass(frozen=True)
class WaitlistRow:
    entry: WaitlistEntry
    place: int | None  # among those waiting; None for an offered seat


def waitlist_rows(event: Event) -> list[WaitlistRow]:
    """The TO's view: offered seats first, then those waiting in order."""
    rows = list(
        WaitlistEntry.objects.filter(event=event, state__in=WAITLIST_ACTIVE)
        .select_related("user")
        .order_by("position", "id")
    )
    offered = [WaitlistRow(e, None) for e in rows if e.state == WaitlistState.OFFERED]
    waiting = [e for e in rows if e.state == WaitlistState.WAITING]
    return offered + [WaitlistRow(e, n) for n, e in enumerate(waiting, start=1)]


def my_entry(event: Event, user: AbstractBaseUser | AnonymousUser) -> WaitlistRow | None:
    """The caller's active entry and their place, or None."""
    if not user.is_authenticated:
        return None
    entry = WaitlistEntry.objects.filter(event=event, user_id=user.pk, state__in=WAITLIST_ACTIVE).first()
    if entry is None:
        return None
    place = None
    if entry.state == WaitlistState.WAITING:
        ahead = WaitlistEntry.objects.filter(
            event=event, state=WaitlistState.WAITING, position__lt=entry.position
        ).count()
        place = ahead + 1
    return WaitlistRow(entry, place)


def my_active_entries(user: AbstractBaseUser) -> list[WaitlistEntry]:
    """The user's active entries across events, with their events (one query)."""
    return _ACTIVE_ENTRIES(user.pk)


# Read on every visit to My events: compiled once (tournaments.prepared_queries).
_ACTIVE_ENTRIES: Prepared[WaitlistEntry] = Prepared(
    lambda user_id: WaitlistEntry.objects.filter(user_id=user_id, state__in=WAITLIST_ACTIVE).select_related(
        "event"
    ),
    int,
)


def lapsed_offer_events(entries: list[WaitlistEntry]) -> list[Event]:
    """The events among `entries` where the user's offered seat has lapsed: My events
    passes them on first (docs/waitlist.md, "Offers")."""
    now = timezone.now()
    return [
        entry.event
        for entry in entries
        if entry.state == WaitlistState.OFFERED
        and entry.offer_expires_at is not None
        and entry.offer_expires_at <= now
    ]


def my_waitlist(entries: list[WaitlistEntry], user: AbstractBaseUser) -> list[WaitlistRow]:
    """The rows of My events' waitlist for the user's active `entries`."""
    rows = [my_entry(e.event, user) for e in entries]
    return [row for row in rows if row is not None]
