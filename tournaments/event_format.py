"""The roster deadline's default and when rosters lock (OP Guide: Army Rosters). Pure Python.

The round count a game suggests for a field size is its own rule (`GameSystem.suggested_rounds`).
"""

from __future__ import annotations

import datetime as dt

ROSTER_DEADLINE_BEFORE = dt.timedelta(days=7)  # OP Guide: rosters one week before the event


ROSTER_DEADLINE_NEAR = dt.timedelta(hours=48)  # when the TO is told the deadline is close


def default_roster_deadline(starts_on: dt.date, tz: dt.tzinfo, *, now: dt.datetime) -> dt.datetime | None:
    """The deadline an event gets when the TO sets none; never one already past.

    OP Guide: Army Rosters — rosters are due one week before the event: midnight at the
    start of that day. An event created within the week gets midnight before its first day
    instead (the latest a roster can be checked before play); one that has already begun
    gets none, and the TO sets it.
    """
    for day in (starts_on - ROSTER_DEADLINE_BEFORE, starts_on):
        deadline = dt.datetime.combine(day, dt.time(0, 0), tzinfo=tz)
        if deadline > now:
            return deadline
    return None


def roster_lock(*, deadline: dt.datetime | None, now: dt.datetime, round_one_paired: bool) -> str | None:
    """Why players may no longer submit, change or withdraw their own rosters, as the
    refusal's code, or None while they may.

    OP Guide: Army Rosters — rosters are fixed before play. They lock at the roster deadline
    ("deadline-passed") and, whatever the deadline says, once round 1 is paired
    ("play-begun"): an event created on its first day has no deadline left to default to,
    and a deadline set after the first pairing would let a player change the army being
    played. Locked rosters are what "hidden until the roster deadline" publishes; judges
    and the TO may still correct them.
    """
    if deadline is not None and now >= deadline:
        return "deadline-passed"
    if round_one_paired:
        return "play-begun"
    return None


def roster_deadline_warning(deadline: dt.datetime | None, *, now: dt.datetime) -> str | None:
    """What the TO should hear about the roster deadline: passed, or within two days."""
    if deadline is None:
        return None
    if deadline <= now:
        return (
            "The roster deadline has passed: players can no longer submit or change rosters "
            "(judges and the TO still can). Move it in Settings if that is not intended."
        )
    left = deadline - now
    if left <= ROSTER_DEADLINE_NEAR:
        hours = round(left.total_seconds() / 3600)
        when = f"{hours} hour{'s' if hours != 1 else ''}" if hours else "less than an hour"
        return f"The roster deadline is in {when}: remind players who have not submitted."
    return None
