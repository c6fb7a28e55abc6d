"""Template filters of the judging pages."""

from __future__ import annotations

from django import template

from judging.domain import draft as domain
from judging.presenters import STEP_TEXT

register = template.Library()

CLOCK_STATES = {
    "not-started": "Not started",
    "running": "Running",
    "paused": "Paused",
    "last-fifteen": "Last 15 minutes: do not begin a new Battle Round",
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
def clock_state(state: str) -> str:
    return CLOCK_STATES.get(state, state)


@register.filter
def draft_step(step: str) -> str:
    """A stored draft step ("roster-selection") as the sentence the draft page shows for it."""
    try:
        return STEP_TEXT[domain.Step(step)]
    except ValueError:
        return step
