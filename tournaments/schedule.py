"""An event's schedule: when each round starts, how long it lasts, and what overlaps. Pure Python.

OP Guide, "The Tournament Organiser": the event listing names the schedule; "Side Events",
One Rule: "Don't schedule anything overlapping a round" of the main tournament. A round
occupies the half-open interval [start, start + its minutes): round one also gets the
event's first-round extra time (OP Guide: Round Length). Half-open, so a side-event round
that starts the minute a main round ends does not overlap it — the OP Guide's "after the
final round, while standings are calculated" slot is exactly that.

The stored form is a JSON list, one entry per scheduled round, ordered by round number:
`[{"round": 1, "starts_at": "2026-03-14T09:30:00+00:00"}, ...]` — times in ISO 8601 with
their UTC offset, always written in UTC so a stored schedule reads the same everywhere.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

# A sanity bound: far beyond any event, and clear of datetime's limits once a round's
# minutes are added.
YEARS = (1970, 2999)


class ScheduleError(ValueError):
    """A schedule that cannot be stored; the message names the entry at fault."""


@dataclass(frozen=True, slots=True)
class RoundSlot:
    """One round's place in the day: its number and the interval it occupies."""

    number: int
    starts_at: dt.datetime
    ends_at: dt.datetime

    def overlaps(self, other: RoundSlot) -> bool:
        """Half-open intervals: touching ends do not overlap."""
        return self.starts_at < other.ends_at and other.starts_at < self.ends_at


def _start(raw: Any, where: str) -> dt.datetime:
    if isinstance(raw, dt.datetime):
        value = raw
    elif isinstance(raw, str):
        try:
            value = dt.datetime.fromisoformat(raw)
        except ValueError:
            raise ScheduleError(
                f"{where}: starts_at must be a date and time (ISO 8601), got {raw!r}."
            ) from None
    else:
        raise ScheduleError(f"{where}: starts_at must be a date and time (ISO 8601), got {raw!r}.")
    if value.tzinfo is None or value.utcoffset() is None:
        raise ScheduleError(f"{where}: starts_at needs its UTC offset (e.g. 2026-03-14T09:30:00+00:00).")
    if not YEARS[0] <= value.year <= YEARS[1]:
        raise ScheduleError(f"{where}: starts_at must be between the years {YEARS[0]} and {YEARS[1]}.")
    return value.astimezone(dt.UTC)


def parse_schedule(raw: Any, *, planned_rounds: int | None = None) -> list[tuple[int, dt.datetime]]:
    """The schedule as (round number, start in UTC) pairs, in round order; strict.

    Every entry is `{"round": N, "starts_at": TIME}` and nothing else; a round is listed
    once, from 1 up to the planned round count (when given), and each round starts after
    the one before it. Not every round needs a time (a TO may announce only day one).
    """
    if not isinstance(raw, list):
        raise ScheduleError("The schedule must be a list of rounds, each with its start time.")
    entries: list[tuple[int, dt.datetime]] = []
    for position, item in enumerate(raw):
        where = f"schedule[{position}]"
        if not isinstance(item, dict) or set(item) != {"round", "starts_at"}:
            raise ScheduleError(f'{where} must be {{"round": N, "starts_at": TIME}} and nothing else.')
        number = item["round"]
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise ScheduleError(f"{where}: round must be a round number (1 or more), got {number!r}.")
        if planned_rounds is not None and number > planned_rounds:
            raise ScheduleError(f"Round {number} is scheduled, but the event plans {planned_rounds} rounds.")
        entries.append((number, _start(item["starts_at"], where)))
    numbers = [n for n, _ in entries]
    if len(set(numbers)) != len(numbers):
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        raise ScheduleError(f"Round {twice[0]} is scheduled twice.")
    entries.sort()
    for (before, earlier), (after, later) in itertools.pairwise(entries):
        if later <= earlier:
            raise ScheduleError(f"Round {after} must start after round {before}.")
    return entries


def schedule_json(entries: Iterable[tuple[int, dt.datetime]]) -> list[dict[str, Any]]:
    """The stored form: round order, times in UTC, ISO 8601."""
    return [
        {"round": number, "starts_at": start.astimezone(dt.UTC).isoformat()}
        for number, start in sorted(entries)
    ]


def round_slots(
    entries: Sequence[tuple[int, dt.datetime]], *, round_minutes: int, first_round_extra_minutes: int = 0
) -> list[RoundSlot]:
    """Each scheduled round's interval: the round length, plus round one's extra time."""
    slots = []
    for number, start in entries:
        minutes = round_minutes + (first_round_extra_minutes if number == 1 else 0)
        slots.append(RoundSlot(number, start, start + dt.timedelta(minutes=minutes)))
    return slots


def overlapping_rounds(
    slots: Sequence[RoundSlot], others: Sequence[RoundSlot]
) -> list[tuple[RoundSlot, RoundSlot]]:
    """Every pair (one of `slots`, one of `others`) that overlaps, in round order."""
    return [(mine, theirs) for mine in slots for theirs in others if mine.overlaps(theirs)]


def consecutive_overlap(slots: Sequence[RoundSlot]) -> tuple[RoundSlot, RoundSlot] | None:
    """The first round that starts before the round scheduled ahead of it has ended."""
    for before, after in itertools.pairwise(slots):
        if after.starts_at < before.ends_at:
            return before, after
    return None
