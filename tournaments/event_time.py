"""An event's clock: the venue's time zone, for everything the event shows or reads.

OP Guide: The Tournament Organiser — round start times, the roster deadline and the rules
cut-off are announced to players who travel to the venue, so they are the venue's times.
The site has one TIME_ZONE (the default); each event may name its own (`Event.time_zone`).
Pages activate it when they load the event (tournaments.access), sheets and mails while
they are rendered (`event_zone_active`), and the new-event and settings forms read the
times a TO types in it.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from django.conf import settings
from django.utils import timezone

from tournaments.models import Event


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA zone name the system knows, sorted (the settings form's choices)."""
    return tuple(sorted(zoneinfo.available_timezones()))


def is_zone(name: str) -> bool:
    return name in zone_names()


def zone_named(name: str | None) -> zoneinfo.ZoneInfo:
    """The zone called `name`, or the site's (TIME_ZONE) for an empty or unknown one."""
    if name and is_zone(name):
        return zoneinfo.ZoneInfo(name)
    return zoneinfo.ZoneInfo(settings.TIME_ZONE)


def event_zone(event: Event) -> zoneinfo.ZoneInfo:
    return zone_named(event.time_zone)


@contextmanager
def event_zone_active(event: Event) -> Iterator[zoneinfo.ZoneInfo]:
    """Within the block, Django shows and reads times in the event's zone (a sheet, a mail)."""
    zone = event_zone(event)
    with timezone.override(zone):
        yield zone


def in_zone(moment: dt.datetime, zone: dt.tzinfo) -> dt.datetime:
    """The same wall-clock time read in `zone`: a time a form parsed in the active zone,
    taken as the event's (a TO types the venue's times)."""
    return timezone.make_aware(timezone.make_naive(moment), zone)


def zone_label(event: Event) -> str:
    """ "Europe/Warsaw (UTC+01:00)" at the current moment (the offset moves with summer time)."""
    zone = event_zone(event)
    if zone.key == "UTC":
        return "UTC"
    offset = timezone.now().astimezone(zone).strftime("%z")
    return f"{zone.key} (UTC{offset[:3]}:{offset[3:]})"
