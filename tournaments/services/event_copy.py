"""Copy an event: a new draft event with the same set-up, for the next one of a series of
events run the same way (docs/features.md, "Copying an event").

What is copied is the set-up a TO announces before anyone registers: every event setting
(services.events.EDITABLE_FIELDS: the format, the top cut, a team game's or a team
tournament's settings, the listing and its accessibility information), the tables with
their layouts, the TO's scoring bands and bye, the supplied data pack, and whatever the
apps above copy through their hooks (the hobby awards offered: tournaments.copy_hooks).
The dates are the TO's anew, and the schedule keeps its shape: every round start time, the
roster deadline and the accommodations date move by the days between the old and the new
start, at the same time of day on the venue's clock (tournaments.event_time).

Nothing about the people or the play is copied: no players, teams, rosters, rounds, games,
penalties or ballots; no staff but the copying TO (a judge agrees to each event); no side
events, no series membership, no audit log. A side event is not copied: it exists only
beside its main event, so the TO adds one to the new main event instead.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from tournaments.bridges.record import SCORING
from tournaments.copy_hooks import copy_hooks
from tournaments.errors import ServiceError
from tournaments.event_time import event_zone
from tournaments.models import Event, EventPack, RosterPublication, StaffRole, StaffRoleKind, Table
from tournaments.schedule import parse_schedule, schedule_json
from tournaments.services.audit import audit
from tournaments.services.events import EDITABLE_FIELDS, event_create

# Settings taken anew or cleared rather than copied: the name and dates are the TO's, the
# schedule and roster deadline are shifted, and the date rosters were published on (or are
# to be published on) belongs to the old event.
_NOT_COPIED_AS_IS = ("name", "starts_on", "ends_on", "schedule", "roster_deadline", "rosters_published_at")
COPIED_FIELDS = tuple(key for key in EDITABLE_FIELDS if key not in _NOT_COPIED_AS_IS)

# What a copy never carries over, as the TO's message and docs/features.md say it.
NOT_COPIED = (
    "players, teams and their rosters",
    "rounds, games and results",
    "staff other than you",
    "side events",
    "series membership",
    "penalties, conduct reports and the audit log",
)


@dataclass(frozen=True)
class EventCopy:
    """The new event, and what was copied into it (short phrases for the TO's message)."""

    event: Event
    copied: tuple[str, ...]
    # Settings copied as they were, or cleared, that a TO will want to look at again.
    to_check: tuple[str, ...] = ()
    not_copied: tuple[str, ...] = NOT_COPIED


def _shift(moment: dt.datetime, days: int, zone: zoneinfo.ZoneInfo) -> dt.datetime:
    """`moment` `days` later at the same time of day on the venue's clock (a change of
    daylight saving time between the two dates keeps the wall time, not the hours)."""
    local = moment.astimezone(zone)
    return dt.datetime.combine(local.date() + dt.timedelta(days=days), local.time(), tzinfo=zone)


def _first_day(event: Event, zone: zoneinfo.ZoneInfo) -> dt.date | None:
    """The day the old event's schedule is measured from: its start date, or, without one,
    the day of its first scheduled round."""
    if event.starts_on is not None:
        return event.starts_on
    entries = parse_schedule(event.schedule) if event.schedule else []
    return entries[0][1].astimezone(zone).date() if entries else None


def _dated_fields(event: Event, starts_on: dt.date, ends_on: dt.date | None) -> dict[str, Any]:
    """The new event's dates and the schedule's shape moved to them."""
    zone = event_zone(event)
    if ends_on is None and event.starts_on is not None and event.ends_on is not None:
        ends_on = starts_on + (event.ends_on - event.starts_on)  # as many days as before
    fields: dict[str, Any] = {"starts_on": starts_on, "ends_on": ends_on}
    first = _first_day(event, zone)
    if first is None:
        # Nothing to measure a shift from: the new event gets the default deadline
        # (services.events), and no accommodations date beyond the default either.
        fields["accommodations_by"] = None
        return fields
    days = (starts_on - first).days
    entries = parse_schedule(event.schedule) if event.schedule else []
    fields["schedule"] = schedule_json((number, _shift(start, days, zone)) for number, start in entries)
    if event.roster_deadline is not None:
        deadline = _shift(event.roster_deadline, days, zone)
        # A deadline already past would lock the new event's rosters before anyone
        # registers: leave it to the default instead (never one already past).
        fields["roster_deadline"] = deadline if deadline > timezone.now() else None
    if event.accommodations_by is not None:
        fields["accommodations_by"] = event.accommodations_by + dt.timedelta(days=days)
    return fields


def _copy_tables(source: Event, copy: Event) -> int:
    tables = [Table(event=copy, number=t.number, layout=t.layout) for t in source.tables.order_by("number")]
    Table.objects.bulk_create(tables)
    return len(tables)


def _copy_pack(source: Event, copy: Event, by: AbstractBaseUser) -> EventPack | None:
    """The supplied pack, as checked when it was supplied: the copy plays the same game
    system, so the same document applies (its fingerprint says it is the same pack)."""
    pack = EventPack.objects.filter(event=source).first()
    if pack is None:
        return None
    return EventPack.objects.create(
        event=copy,
        document=pack.document,
        fingerprint=pack.fingerprint,
        filename=pack.filename,
        effective=pack.effective,
        source=pack.source,
        sample=pack.sample,
        uploaded_by_id=by.pk,
    )


@transaction.atomic
def event_copy(
    *,
    event: Event,
    by: AbstractBaseUser,
    name: str,
    starts_on: dt.date,
    ends_on: dt.date | None = None,
) -> EventCopy:
    """Copy `event` into a new draft event named `name` starting on `starts_on`, with `by`
    as its TO (docs/features.md, "Copying an event").

    `ends_on` empty: the copy lasts as many days as the original. Only the event's TO may
    copy it (`not-event-to`); a side event is not copied (`side-event-copy`). The new
    event is checked like any new one (services.events.event_create), and every part of
    the copy is one transaction: a refusal leaves nothing behind. Both events' audit logs
    record the copy ("event-copied").
    """
    if not StaffRole.objects.filter(event=event, user_id=by.pk, role=StaffRoleKind.TO).exists():
        raise ServiceError("Only the event's TO copies it.", code="not-event-to")
    if event.side_event_of_id is not None:
        raise ServiceError(
            "A side event is not copied on its own: copy its main event, then add the side event to the "
            "copy from its Side events page.",
            code="side-event-copy",
        )
    fields = {key: getattr(event, key) for key in COPIED_FIELDS}
    fields |= _dated_fields(event, starts_on, ends_on)
    copy = event_create(creator=by, name=name, **fields)
    copied = ["the settings"]
    if event.schedule:
        copied.append("the round start times, moved to the new dates")
    tables = _copy_tables(event, copy)
    if tables:
        copied.append(f"{tables} table{'s' if tables != 1 else ''} with their layouts")
    scoring = event.extra.get(SCORING) if isinstance(event.extra, dict) else None
    if scoring is not None:
        copy.extra = {**copy.extra, SCORING: scoring}
        copy.save(update_fields=["extra"])
        copied.append("the scoring bands and bye")
    pack = _copy_pack(event, copy, by)
    if pack is not None:
        copied.append(f"the data pack {pack.filename or pack.short_fingerprint}")
    for hook in copy_hooks():
        copied.extend(hook(source=event, copy=copy, by=by))
    to_check = []
    if event.roster_publication == RosterPublication.ON_DATE:
        to_check.append("the date rosters are published (cleared)")
    if event.rules_cutoff is not None:
        to_check.append("the rules cutoff (kept as it was)")
    audit(
        event=copy,
        actor=by,
        action="event-copied",
        subject=event.name,
        data={"copied_from": event.slug, "copied": "; ".join(copied)},
    )
    audit(event=event, actor=by, action="event-copied", subject=copy.name, data={"copy": copy.slug})
    return EventCopy(event=copy, copied=tuple(copied), to_check=tuple(to_check))
