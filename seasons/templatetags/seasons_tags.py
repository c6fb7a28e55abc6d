"""Tags the event core's templates load to show what the seasons app knows (the event core
lives below this app and cannot import it): the public profiles of an event's players, and
the series an event belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

from seasons.models import Profile, SeriesEvent
from tournaments.models import Event, EventStatus, RosterPublication
from tournaments.selectors import roster_lock, rosters_public

register = template.Library()


@register.simple_tag
def public_profiles(event: Event) -> dict[str, str]:
    """The usernames of the event's players who show their profile, by event/1 id (one query)."""
    shown = Profile.objects.filter(public=True, user__entries__event=event).values_list(
        "user__entries__external_id", "user__username"
    )
    return dict(shown)


@register.filter
def lookup(mapping: Mapping[str, Any], key: str) -> Any:
    return mapping.get(key) if isinstance(mapping, Mapping) else None


@register.inclusion_tag("seasons/_event_series.html")
def event_series(event: Event) -> dict[str, Any]:
    """The event page's line naming its series, if it is in one."""
    entry = SeriesEvent.objects.filter(event=event).select_related("series").first()
    return {"series": entry.series if entry is not None else None, "event": event}


@register.inclusion_tag("seasons/_factions_link.html")
def factions_link(event: Event, section: str = "") -> dict[str, Any]:
    """The event nav's link to its faction statistics, once its rosters are public
    (docs/faction-stats.md): before, the page would only say they are not."""
    return {"event": event, "shown": _rosters_shown(event), "current": section == "factions"}


def _rosters_shown(event: Event) -> bool:
    """`rosters_public` without a query on every page of the event: round 1 counts as paired
    once the event runs (pairing it starts the event), so the rounds are not asked after."""
    if event.roster_publication == RosterPublication.AFTER_DEADLINE:
        started = event.status in (EventStatus.RUNNING, EventStatus.FINISHED)
        return roster_lock(event, round_one_paired=started) is not None
    return rosters_public(event)
