"""The registration cap and its waitlist (docs/waitlist.md).

A sign-up beyond `Event.capacity` joins the waitlist in order. A freed seat (a withdrawal
before the event starts, the TO dropping a player, the TO raising the cap, an offer that
lapsed or was declined) is offered to the next waiting person, who is mailed and has
`Event.waitlist_accept_hours` to accept. Expiry is lazy: `waitlist_refresh` runs whenever
the list or a waiting person's page is read and before every waitlist action, so no
periodic job is needed and nothing waits on a clock.

Every write locks the event row first (`lock_event`), the same lock self-service joining
takes, so two sign-ups for the last seat are decided one after the other.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from tournaments.errors import ServiceError
from tournaments.models import (
    WAITLIST_ACTIVE,
    Event,
    EventStatus,
    Player,
    WaitlistEntry,
    WaitlistState,
)
from tournaments.services.audit import audit
from tournaments.services.capacity import event_is_full, expire_lapsed, lock_event, offer, offer_free_seats
from tournaments.services.players import (
    PLAYER_NAME_LENGTH,
    join_code_matches,
    player_register,
    registration_closed_reason,
)
from tournaments.services.versions import event_touch


def _active(event: Event, user: AbstractBaseUser) -> WaitlistEntry | None:
    return WaitlistEntry.objects.filter(event=event, user_id=user.pk, state__in=WAITLIST_ACTIVE).first()


@transaction.atomic
def waitlist_join(
    *, event: Event, user: AbstractBaseUser, join_code: str, name: str = "", email: str = ""
) -> WaitlistEntry:
    """Join a full event's waitlist through its registration link. Only when the event is
    full: a free seat is taken by joining (tournaments.services.players.player_join)."""
    if not join_code_matches(event, join_code):
        raise ServiceError(
            "This registration link is not valid for the event.", code="bad-join-code", field="join_code"
        )
    closed = registration_closed_reason(event)
    if closed is not None:
        raise ServiceError(closed, code="registration-closed")
    if event.is_team_tournament:
        raise ServiceError(
            f"{event.name} is a team tournament: its waitlist takes no teams. Ask the TO.",
            code="waitlist-team-tournament",
        )
    event = lock_event(event)
    expire_lapsed(event)
    if Player.objects.filter(event=event, user_id=user.pk).exists():
        raise ServiceError("You are already registered for this event.", code="already-registered")
    if _active(event, user) is not None:
        raise ServiceError("You are already on this event's waitlist.", code="already-waitlisted")
    if not event_is_full(event):
        raise ServiceError(
            "The event has a free seat: register instead of joining the waitlist.", code="event-not-full"
        )
    full_name = user.get_full_name() if hasattr(user, "get_full_name") else ""
    chosen = (name.strip() or full_name.strip() or user.get_username())[:PLAYER_NAME_LENGTH]
    last = WaitlistEntry.objects.filter(event=event).aggregate(n=Max("position"))["n"] or 0
    entry = WaitlistEntry.objects.create(
        event=event,
        user_id=user.pk,
        name=chosen,
        email=email or getattr(user, "email", "") or "",
        position=last + 1,
    )
    audit(event=event, actor=user, action="waitlist-joined", subject=chosen)
    event_touch(event)
    return entry


def waitlist_has_lapsed(event: Event) -> bool:
    """Whether a lazy refresh has anything to do (a cheap read before taking the lock)."""
    return WaitlistEntry.objects.filter(
        event=event, state=WaitlistState.OFFERED, offer_expires_at__lte=timezone.now()
    ).exists()


def waitlist_refresh(*, event: Event) -> None:
    """Expire lapsed offers and pass their seats on: the lazy expiry every read and action
    of the waitlist runs first (docs/waitlist.md, "Offers"). One cheap read when nothing
    has lapsed, so a page that calls it costs no transaction."""
    if waitlist_has_lapsed(event):
        _refresh(event)


@transaction.atomic
def _refresh(event: Event) -> None:
    event = lock_event(event)
    if expire_lapsed(event):
        offer_free_seats(event)
        event_touch(event)


@transaction.atomic
def waitlist_accept(*, entry: WaitlistEntry, user: AbstractBaseUser) -> Player:
    """Take the offered seat: the waiting person becomes a Player, like any entrant."""
    event = lock_event(entry.event)
    entry = WaitlistEntry.objects.select_for_update().get(pk=entry.pk)
    if entry.user_id != user.pk:
        raise ServiceError("This is not your place on the waitlist.", code="not-your-entry")
    lapsed = entry.offer_expires_at is not None and entry.offer_expires_at <= timezone.now()
    if entry.state == WaitlistState.EXPIRED or (entry.state == WaitlistState.OFFERED and lapsed):
        raise ServiceError(
            "The time to accept this seat has passed: it was offered to the next person.",
            code="offer-expired",
        )
    if entry.state != WaitlistState.OFFERED:
        raise ServiceError("No seat has been offered to you yet.", code="no-offer")
    if event.status in (EventStatus.RUNNING, EventStatus.FINISHED):
        raise ServiceError("The event has started: its field is fixed.", code="registration-closed")
    player = player_register(
        event=event, name=entry.name, user=user, email=entry.email, by=user, seat_offered=True
    )
    entry.state = WaitlistState.ACCEPTED
    entry.player = player
    entry.save(update_fields=["state", "player"])
    audit(event=event, actor=user, action="waitlist-accepted", subject=entry.name)
    return player


@transaction.atomic
def waitlist_withdraw(*, entry: WaitlistEntry, by: AbstractBaseUser) -> WaitlistEntry:
    """Leave the waitlist (or decline an offer; the TO may remove anyone): a declined offer's
    seat goes to the next person at once."""
    event = lock_event(entry.event)
    entry = WaitlistEntry.objects.select_for_update().get(pk=entry.pk)
    if entry.state not in WAITLIST_ACTIVE:
        raise ServiceError(f"{entry.name} is no longer on the waitlist.", code="not-waitlisted")
    was_offered = entry.state == WaitlistState.OFFERED
    entry.state = WaitlistState.WITHDRAWN
    entry.save(update_fields=["state"])
    audit(event=event, actor=by, action="waitlist-withdrawn", subject=entry.name)
    if was_offered:
        offer_free_seats(event)
    event_touch(event)
    return entry


@transaction.atomic
def waitlist_move(*, entry: WaitlistEntry, place: int, by: AbstractBaseUser) -> WaitlistEntry:
    """The TO puts a waiting person at `place` (1 = next); the others keep their order."""
    event = lock_event(entry.event)
    waiting = list(
        WaitlistEntry.objects.select_for_update()
        .filter(event=event, state=WaitlistState.WAITING)
        .order_by("position", "id")
    )
    moving = next((e for e in waiting if e.pk == entry.pk), None)
    if moving is None:
        raise ServiceError(f"{entry.name} is not waiting: only waiting places move.", code="not-waitlisted")
    if not 1 <= place <= len(waiting):
        raise ServiceError(
            f"A place on the waitlist is from 1 to {len(waiting)}.", code="waitlist-place", field="place"
        )
    old = waiting.index(moving) + 1
    waiting.remove(moving)
    waiting.insert(place - 1, moving)
    # Positions after every entry ever listed, so the new order never ties an old one.
    base = WaitlistEntry.objects.filter(event=event).aggregate(n=Max("position"))["n"] or 0
    for n, row in enumerate(waiting, start=base + 1):
        row.position = n
        row.save(update_fields=["position"])
    audit(
        event=event, actor=by, action="waitlist-moved", subject=moving.name, data={"from": old, "to": place}
    )
    event_touch(event)
    return moving


@transaction.atomic
def waitlist_offer(*, entry: WaitlistEntry, by: AbstractBaseUser) -> WaitlistEntry:
    """The TO offers a seat to this waiting person now, out of order and even over the cap
    (the TO may always add entrants, as on the players page)."""
    event = lock_event(entry.event)
    entry = WaitlistEntry.objects.select_for_update().get(pk=entry.pk)
    if entry.state != WaitlistState.WAITING:
        raise ServiceError(f"{entry.name} is not waiting.", code="not-waitlisted")
    if event.status in (EventStatus.RUNNING, EventStatus.FINISHED):
        raise ServiceError("The event has started: its field is fixed.", code="registration-closed")
    offer(event, entry, by=by)
    event_touch(event)
    return entry
