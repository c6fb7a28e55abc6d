"""`{% awards_panel event %}`: the event page's awards, drawn by this app (the event page
belongs to tournaments, below it, and loads the panel by tag rather than importing)."""

from __future__ import annotations

from typing import Any

from django import template

from awards import selectors
from awards.models import AwardKind
from tournaments.access import EventAccess
from tournaments.models import Event

register = template.Library()


@register.inclusion_tag("awards/_panel.html")
def awards_panel(event: Event, access: EventAccess | None = None) -> dict[str, Any]:
    """Who runs the awards is shown to the event's people only, like its staff list. One
    query: the awards with their programme (an event without awards shows nothing)."""
    awards, programme = selectors.awards_with_programme(event)
    return {
        "event": event,
        "programme": programme,
        "show_owner": access is not None and bool(access.roles),
        "awards": awards,
        "published": programme is not None and programme.published_at is not None,
        "sportsman": any(a.kind == AwardKind.BEST_SPORTSMAN for a in awards),
    }
