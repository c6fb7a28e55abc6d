"""The round clock, computed from stored facts and the server's `now`.

A round lasts the event's round length (each game system states its default,
`rules_engine.pregame.ClockRules`), whatever stage the game has reached. Server time is the
truth: the clock is a function of when it started, when it was paused (for a serious
dispute), any extra minutes and whether the TO called time, never of ticks counted by a
browser. A page polls `snapshot` and counts down locally in between.

The calls a judge makes on the way, and what the last minutes of a round forbid, are the
game system's (`ClockRules.calls`, `.closing`). Each call is anchored as it reads: from the
start, at half the total, or counted back from the end, so extra minutes for round one move
"Halfway" and the calls counted from the end, not those counted from the start.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, NamedTuple

from rules_engine.pregame import DEFAULT_CLOCK, ClockRules

_ZERO = timedelta(0)


class ClockError(Exception):
    """A clock operation that does not fit the stored facts; the message says why."""


class ClockState(StrEnum):
    NOT_STARTED = "not-started"
    RUNNING = "running"
    PAUSED = "paused"
    # The system's closing period (`ClockRules.closing`), when its rules forbid something;
    # the value predates other systems and is kept for API clients.
    LAST_FIFTEEN = "last-fifteen"
    TIME_CALLED = "time-called"  # called by the TO, or the clock reached zero


class Pause(NamedTuple):
    started_at: datetime
    ended_at: datetime | None = None


@dataclass(frozen=True)
class RoundClock:
    length: timedelta = timedelta(minutes=DEFAULT_CLOCK.round_minutes)
    extra: timedelta = _ZERO
    started_at: datetime | None = None
    pauses: tuple[Pause, ...] = ()
    called_at: datetime | None = None
    rules: ClockRules = DEFAULT_CLOCK  # the game system's calls and closing period

    def __post_init__(self) -> None:
        # The facts come back from storage: refuse a history that could not have happened.
        if self.length <= _ZERO or self.extra < _ZERO:
            raise ClockError("A round lasts a positive time, and extra minutes cannot be negative.")
        moments = [self.started_at, self.called_at, *(t for p in self.pauses for t in p)]
        if any(t is not None and t.utcoffset() is None for t in moments):
            raise ClockError("Clock times must carry a timezone (server time in UTC).")
        if self.started_at is None and (self.pauses or self.called_at is not None):
            raise ClockError("A clock that has not started cannot be paused or called.")
        last = self.started_at
        for i, (begin, end) in enumerate(self.pauses):
            assert last is not None
            if begin < last or (end is not None and end < begin):
                raise ClockError("Pauses must follow the start and each other, each ending after it began.")
            if end is None and i != len(self.pauses) - 1:
                raise ClockError("Only the last pause can still be running.")
            last = end if end is not None else begin
        if self.called_at is not None and last is not None and self.called_at < last:
            raise ClockError("Time cannot be called before the clock's last start, pause or resume.")

    @property
    def total(self) -> timedelta:
        return self.length + self.extra


@dataclass(frozen=True)
class Milestone:
    key: str
    call: str
    at: timedelta  # elapsed round-clock time at which it is called
    remaining: timedelta  # round-clock time left at that moment


@dataclass(frozen=True)
class MilestoneStatus:
    milestone: Milestone
    reached: bool
    due_at: datetime | None  # when it was (or will be, if nobody pauses) reached; None if unknown


TIME_CALL = "Time: dice down"


# ---------------------------------------------------------------------------- transitions


def new_clock(
    length: timedelta | None = None, *, extra: timedelta = _ZERO, rules: ClockRules = DEFAULT_CLOCK
) -> RoundClock:
    """A clock not yet started; `length` defaults to the system's round length."""
    if length is None:
        length = timedelta(minutes=rules.round_minutes)
    return RoundClock(length=length, extra=extra, rules=rules)


def start(clock: RoundClock, at: datetime) -> RoundClock:
    _require_aware(at)
    if clock.started_at is not None:
        raise ClockError("The round clock has already started.")
    return replace(clock, started_at=at)


def pause(clock: RoundClock, at: datetime) -> RoundClock:
    """Stop the clock for a serious dispute (rules discussions do not stop it: OP Guide, Rules Disputes)."""
    _require_aware(at)
    _require_started(clock, "paused")
    if _open_pause(clock) is not None:
        raise ClockError("The round clock is already paused.")
    if clock.called_at is not None:
        raise ClockError("Time has been called; the round clock cannot be paused.")
    if remaining(clock, at) <= _ZERO:
        raise ClockError("The round clock has run out; there is nothing left to pause.")
    return replace(clock, pauses=(*clock.pauses, Pause(at)))


def resume(clock: RoundClock, at: datetime) -> RoundClock:
    _require_aware(at)
    pending = _open_pause(clock)
    if pending is None:
        raise ClockError("The round clock is not paused.")
    if clock.called_at is not None:
        raise ClockError("Time has been called; the round clock cannot be resumed.")
    return replace(clock, pauses=(*clock.pauses[:-1], Pause(pending.started_at, at)))


def call_time(clock: RoundClock, at: datetime) -> RoundClock:
    """The TO calls time: dice go down and the game state at this moment is scored."""
    _require_aware(at)
    _require_started(clock, "called")
    if clock.called_at is not None:
        raise ClockError("Time has already been called.")
    return replace(clock, called_at=at)


# ---------------------------------------------------------------------------- queries


def elapsed(clock: RoundClock, now: datetime) -> timedelta:
    """Round-clock time used so far: wall time since the start, less pauses, capped at the total."""
    if clock.started_at is None or now <= clock.started_at:
        return _ZERO
    end = min(now, clock.called_at) if clock.called_at is not None else now
    paused = _ZERO
    for begin, stop in clock.pauses:
        stop = end if stop is None else min(stop, end)
        if stop > begin:
            paused += stop - begin
    return min(max(end - clock.started_at - paused, _ZERO), clock.total)


def remaining(clock: RoundClock, now: datetime) -> timedelta:
    return clock.total - elapsed(clock, now)


def state(clock: RoundClock, now: datetime) -> ClockState:
    if clock.started_at is None or now < clock.started_at:
        return ClockState.NOT_STARTED
    if (clock.called_at is not None and now >= clock.called_at) or remaining(clock, now) <= _ZERO:
        return ClockState.TIME_CALLED
    if _open_pause_at(clock, now):
        return ClockState.PAUSED
    closing = clock.rules.closing
    if closing is not None and remaining(clock, now) <= timedelta(minutes=closing.minutes):
        return ClockState.LAST_FIFTEEN
    return ClockState.RUNNING


def ends_at(clock: RoundClock, now: datetime) -> datetime | None:
    """When the round ends (or ended); None before the start and while paused, since nobody knows."""
    clock = _as_of(clock, now)
    current = state(clock, now)
    if current is ClockState.NOT_STARTED:
        return None
    if current is ClockState.TIME_CALLED:
        zero = _wall_time_at(clock, clock.total)
        candidates = [t for t in (zero, clock.called_at) if t is not None]
        return min(candidates) if candidates else None
    if current is ClockState.PAUSED:
        return None
    return _wall_time_at(clock, clock.total)


def time_called_at(clock: RoundClock, now: datetime) -> datetime | None:
    """When the round's time was called, if it has been by `now`: the TO's call or the
    moment the clock reached its end, whichever came first (OP Guide: When Time Is Called).
    The tables' chess clocks freeze at this moment."""
    if state(clock, now) is not ClockState.TIME_CALLED:
        return None
    return ends_at(clock, now)


def draft_overrun(clock: RoundClock, now: datetime, deadline: timedelta) -> bool:
    """Whether `deadline` of round-clock time has passed (a pause early in the round does not
    count): a system's draft not finished by then is completed by a judge at random."""
    return clock.started_at is not None and elapsed(clock, now) >= deadline


# ---------------------------------------------------------------------------- milestones


def milestone_schedule(
    total: timedelta | None = None, rules: ClockRules = DEFAULT_CLOCK
) -> tuple[Milestone, ...]:
    """The system's calls for a round of `total` round-clock time (length plus any extra minutes)."""
    if total is None:
        total = timedelta(minutes=rules.round_minutes)
    offsets = [(c.key, c.call, c.offset(total)) for c in rules.calls]
    # A very short round simply loses the calls that do not fit.
    calls = [Milestone(key, call, at, total - at) for key, call, at in offsets if _ZERO <= at <= total]
    return tuple(sorted(calls, key=lambda m: m.at))


def milestones(clock: RoundClock, now: datetime) -> tuple[MilestoneStatus, ...]:
    clock = _as_of(clock, now)
    done = elapsed(clock, now)
    started = state(clock, now) is not ClockState.NOT_STARTED
    out = []
    for m in milestone_schedule(clock.total, clock.rules):
        reached = started and done >= m.at
        due = _wall_time_at(clock, m.at) if clock.started_at is not None else None
        if not reached and (state(clock, now) is ClockState.TIME_CALLED or _open_pause(clock) is not None):
            due = None  # never reached, or waiting on a resume nobody can predict
        out.append(MilestoneStatus(m, reached, due))
    return tuple(out)


def next_milestone(clock: RoundClock, now: datetime) -> MilestoneStatus | None:
    """The next call to make; None once time is called or every call has been made."""
    if state(clock, now) is ClockState.TIME_CALLED:
        return None
    return next((s for s in milestones(clock, now) if not s.reached), None)


def current_call(clock: RoundClock, now: datetime) -> Milestone | None:
    """The latest call made; once time is called, "Time: dice down" (OP Guide: When Time Is Called)."""
    if state(clock, now) is ClockState.TIME_CALLED:
        done = elapsed(clock, now)
        return Milestone("time", TIME_CALL, done, clock.total - done)
    reached = [s.milestone for s in milestones(clock, now) if s.reached]
    return reached[-1] if reached else None


# The call pushed to every player still playing (docs/push.md): the last 15 minutes, the
# moment players asked to hear of wherever they are in the hall.
PUSH_CALL_REMAINING = timedelta(minutes=15)
PUSH_CALL_KEY = "15-minutes-remaining"
PUSH_CALL_TEXT = "15 minutes remaining"


def push_call(clock: RoundClock) -> Milestone | None:
    """The last-15-minutes call as the game system words it (its own call counted 15
    minutes from the end, with whatever its rules add), else plainly; None for a round of
    15 minutes or less, where it would come before the start."""
    if clock.total <= PUSH_CALL_REMAINING:
        return None
    for m in milestone_schedule(clock.total, clock.rules):
        if m.remaining == PUSH_CALL_REMAINING:
            return m
    return Milestone(PUSH_CALL_KEY, PUSH_CALL_TEXT, clock.total - PUSH_CALL_REMAINING, PUSH_CALL_REMAINING)


def push_call_due_at(clock: RoundClock, now: datetime) -> datetime | None:
    """When the call falls due on the wall clock if nobody pauses (possibly already past);
    None while the clock is not running (not started, paused, time called) or has no call."""
    if push_call(clock) is None or state(clock, now) not in (ClockState.RUNNING, ClockState.LAST_FIFTEEN):
        return None
    end = ends_at(clock, now)
    return end - PUSH_CALL_REMAINING if end is not None else None


def push_call_due(clock: RoundClock, now: datetime, early: timedelta = timedelta(seconds=5)) -> bool:
    """Whether the call is to be made at `now`: the clock runs, and 15 minutes or less
    remain (a timer may fire up to `early` ahead of time). A clock paused, called or moved
    on by a pause since the call was scheduled is not due."""
    if push_call(clock) is None or state(clock, now) not in (ClockState.RUNNING, ClockState.LAST_FIFTEEN):
        return False
    left = remaining(clock, now)
    return _ZERO < left <= PUSH_CALL_REMAINING + early


def snapshot(clock: RoundClock, now: datetime) -> dict[str, Any]:
    """What a clock page needs; it counts down locally from `remaining_seconds` until the next poll."""
    used = int(elapsed(clock, now).total_seconds())
    current = current_call(clock, now)
    upcoming = next_milestone(clock, now)
    end = ends_at(clock, now)
    return {
        "state": state(clock, now).value,
        "elapsed_seconds": used,
        "remaining_seconds": int(clock.total.total_seconds()) - used,
        "total_seconds": int(clock.total.total_seconds()),
        "server_now": now.isoformat(),
        "started_at": clock.started_at.isoformat() if clock.started_at is not None else None,
        "ends_at": end.isoformat() if end is not None else None,
        "current_call": {"key": current.key, "call": current.call} if current is not None else None,
        # The system's closing period, so a page counting down locally shows it in time.
        "closing": (
            {"seconds": clock.rules.closing.minutes * 60, "text": clock.rules.closing.text}
            if clock.rules.closing is not None
            else None
        ),
        "next_call": (
            {
                "key": upcoming.milestone.key,
                "call": upcoming.milestone.call,
                "seconds_to_go": int(upcoming.milestone.at.total_seconds()) - used,
            }
            if upcoming is not None
            else None
        ),
    }


# ---------------------------------------------------------------------------- helpers


def _require_aware(at: datetime) -> None:
    if at.utcoffset() is None:
        raise ClockError("Clock times must carry a timezone (server time in UTC).")


def _require_started(clock: RoundClock, what: str) -> None:
    if clock.started_at is None:
        raise ClockError(f"The round clock has not started, so it cannot be {what}.")


def _open_pause(clock: RoundClock) -> Pause | None:
    if clock.pauses and clock.pauses[-1].ended_at is None:
        return clock.pauses[-1]
    return None


def _open_pause_at(clock: RoundClock, now: datetime) -> bool:
    return any(begin <= now and (stop is None or now < stop) for begin, stop in clock.pauses)


def _as_of(clock: RoundClock, now: datetime) -> RoundClock:
    """The facts as they stood at `now`: later pauses, resumes and calls had not happened yet."""
    return replace(
        clock,
        pauses=tuple(
            Pause(b, e if e is not None and e <= now else None) for b, e in clock.pauses if b <= now
        ),
        called_at=clock.called_at if clock.called_at is not None and clock.called_at <= now else None,
    )


def _wall_time_at(clock: RoundClock, offset: timedelta) -> datetime | None:
    """The wall time at which the clock shows `offset` elapsed, assuming no further pauses.

    None when the clock has not started, or is paused with no end recorded before reaching it.
    """
    if clock.started_at is None:
        return None
    t, done = clock.started_at, _ZERO
    for begin, stop in clock.pauses:
        if done + (begin - t) >= offset:
            break
        done += begin - t
        if stop is None:
            return None
        t = stop
    return t + (offset - done)
