"""`{% announcements_panel event %}`: the event page's announcements in force, drawn by this
app (the event page belongs to tournaments, below it, and loads the panel by tag rather
than importing; docs/architecture.md, "Hooks for the layers above"). It sits in the event
page's facts, rendered once per event version (tournaments.views.public.event_sheet)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.models import Event
from venue.selectors import active_announcements

register = template.Library()


@register.inclusion_tag("venue/_announcements.html")
def announcements_panel(event: Event) -> dict[str, Any]:
    """One query. Posting or withdrawing one moves the event's version, so the event page's
    ETag (tournaments.conditional) changes with it."""
    return {"announcements": active_announcements(event)}
