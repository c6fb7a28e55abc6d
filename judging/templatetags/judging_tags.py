"""Template filters of the judging pages."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django import template
from django.utils import timezone

from rules_engine.registry import UnknownGameSystem, get_system

register = template.Library()

CLOCK_STATES = {
    "not-started": "Not started",
    "running": "Running",
    "paused": "Paused",
    "last-fifteen": "Closing minutes",  # the game system's own words come with the snapshot
    "time-called": "Time: dice down",
    "round-closed": "Round closed",
}


@register.filter
def hms(seconds: int | None) -> str:
    """Seconds as 2:30:00 or 14:59 (a round clock's digits)."""
    total = max(int(seconds or 0), 0)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@register.filter
def game_templates(game_system: str, part: str) -> list[str]:
    """Where a judging page finds a game system's `part`: `templates/games/<package>/`, then
    the generic `templates/games/_default/` (`{% include slug|game_templates:"part" %}`)."""
    try:
        return get_system(game_system).template_names(part)
    except UnknownGameSystem:
        return [f"games/_default/{part}.html"]


@register.filter
def clock_state(snapshot: Mapping[str, Any]) -> str:
    """A clock snapshot's state in words; the closing period as its game system words it."""
    state = str(snapshot.get("state", ""))
    closing = snapshot.get("closing")
    if state == "last-fifteen" and closing:
        return str(closing["text"])
    return CLOCK_STATES.get(state, state)


@register.filter
def draft_step(step: str, game_system: str) -> str:
    """A stored draft step ("roster-selection") as the sentence the system's draft page shows."""
    try:
        rules = get_system(game_system).pregame.draft
    except UnknownGameSystem:
        return step
    return rules.step_text(step) if rules is not None else step


@register.filter
def ms_clock(milliseconds: int | None) -> str:
    """A chess clock pool (ms) as 1:12:30 or 4:05, rounded up: it shows 0:00 only at zero."""
    whole = -(-max(int(milliseconds or 0), 0) // 1000)
    return hms(whole)


@register.filter
def moment(value: str | dt.datetime | None) -> dt.datetime | None:
    """A stored moment (an ISO 8601 string, as the chess clock's waiting state keeps it, or a
    datetime) in the active time zone: the event's, which its pages activate
    (tournaments.event_time). Slicing the ISO string showed UTC beside times in the
    venue's zone; `|time:"H:i:s"` then formats it like every other time."""
    if not value:
        return None
    moment = dt.datetime.fromisoformat(value) if isinstance(value, str) else value
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, dt.UTC)
    return timezone.localtime(moment)
