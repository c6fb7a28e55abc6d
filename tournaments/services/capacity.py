"""The registration cap's counting and the waitlist's offers (docs/waitlist.md): the part
the entry services need (tournaments.services.players checks the cap and frees seats), kept
apart from the waitlist's own actions (tournaments.services.waitlist) so neither imports the
other in a circle.

The cap counts entrants: players, a team game's teams (each one Player row, docs/teams.md),
or a team tournament's teams (docs/team-matches.md). A seat offered to a waiting person
counts as taken until the offer is accepted, declined or lapses.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from tournaments.models import Event, EventStatus, Player, Squad, WaitlistEntry, WaitlistState
from tournaments.notifications import mail_after_commit
from tournaments.services.audit import audit
from tournaments.services.versions import event_touch


def lock_event(event: Event) -> Event:
    """The event's row, locked for the transaction: sign-ups and freed seats take turns."""
    return Event.objects.select_for_update().get(pk=event.pk)


def entrants(event: Event) -> int:
    """Entrants still in the event (dropped and disqualified ones freed their seat)."""
    if event.is_team_tournament:
        rows = Squad.objects.filter(event=event)
    else:
        rows = Player.objects.filter(event=event)  # type: ignore[assignment]
    return rows.filter(dropped_after_round__isnull=True, disqualified_after_round__isnull=True).count()


def seats_free(event: Event) -> int | None:
    """Seats nobody holds or has been offered; None without a cap."""
    if event.capacity is None:
        return None
    offered = WaitlistEntry.objects.filter(event=event, state=WaitlistState.OFFERED).count()
    return max(0, event.capacity - entrants(event) - offered)


def event_is_full(event: Event) -> bool:
    """Full: no seat free, or people already waiting (a newcomer never jumps the queue)."""
    free = seats_free(event)
    if free is None:
        return False
    return free == 0 or WaitlistEntry.objects.filter(event=event, state=WaitlistState.WAITING).exists()


def expire_lapsed(event: Event) -> int:
    """Offers whose time ran out: expired (audited). The caller offers their seats on."""
    now = timezone.now()
    lapsed = list(
        WaitlistEntry.objects.filter(event=event, state=WaitlistState.OFFERED, offer_expires_at__lte=now)
    )
    for entry in lapsed:
        entry.state = WaitlistState.EXPIRED
        entry.save(update_fields=["state"])
        audit(event=event, actor=None, action="waitlist-offer-expired", subject=entry.name)
    return len(lapsed)


def offer(event: Event, entry: WaitlistEntry, *, by: AbstractBaseUser | None) -> None:
    now = timezone.now()
    entry.state = WaitlistState.OFFERED
    entry.offered_at = now
    entry.offer_expires_at = now + dt.timedelta(hours=event.waitlist_accept_hours)
    entry.save(update_fields=["state", "offered_at", "offer_expires_at"])
    audit(event=event, actor=by, action="waitlist-offered", subject=entry.name)
    mail_after_commit("tournaments.send_waitlist_offer", entry_id=entry.pk)


def offer_free_seats(event: Event) -> int:
    """Offer each free seat to the next waiting person; how many offers went out. Called
    under the event's lock (`lock_event`) by every action that can free a seat. Nothing is
    offered once the event is under way: its field is fixed by then."""
    if event.status in (EventStatus.RUNNING, EventStatus.FINISHED):
        return 0
    expire_lapsed(event)
    free = seats_free(event)
    waiting = WaitlistEntry.objects.filter(event=event, state=WaitlistState.WAITING).order_by(
        "position", "id"
    )
    offered = 0
    for entry in waiting:
        if free is not None and offered >= free:
            break
        offer(event, entry, by=None)
        offered += 1
    if offered:
        event_touch(event)
    return offered
