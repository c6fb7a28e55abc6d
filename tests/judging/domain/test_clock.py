"""The round clock with fixed datetimes: no sleeping, no real time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judging.domain.clock import (
    ClockError,
    ClockState,
    Milestone,
    Pause,
    RoundClock,
    call_time,
    current_call,
    draft_overrun,
    elapsed,
    ends_at,
    milestone_schedule,
    milestones,
    new_clock,
    next_milestone,
    pause,
    remaining,
    resume,
    snapshot,
    start,
    state,
    time_called_at,
)
from rules_engine.pregame import GENERIC_CALLS, Anchor, ClockCall, ClockRules, ClosingPeriod
from rules_engine.systems.starcraft_tmg.round_clock import CLOCK as STARCRAFT

T0 = datetime(2026, 5, 2, 10, 0, tzinfo=UTC)


def m(minutes: float) -> timedelta:
    return timedelta(minutes=minutes)


def hm(h: int, mins: float = 0, secs: int = 0) -> timedelta:
    return timedelta(hours=h, minutes=mins, seconds=secs)


RUNNING = start(new_clock(rules=STARCRAFT), T0)


def call_at(clock: RoundClock, now: datetime) -> Milestone:
    call = current_call(clock, now)
    assert call is not None
    return call


def test_guide_schedule_for_a_standard_round():
    schedule = milestone_schedule(rules=STARCRAFT)
    # OP Guide: Milestone Announcements, row by row (elapsed, remaining, call).
    assert [(s.at, s.remaining, s.call) for s in schedule] == [
        (hm(0), hm(2, 30), "Round begins, draft now"),
        (hm(0, 15), hm(2, 15), "Drafts should be complete"),
        (hm(0, 45), hm(1, 45), "45 minutes gone"),
        (hm(1, 15), hm(1, 15), "Halfway"),
        (hm(2), hm(0, 30), "30 minutes remaining"),
        (hm(2, 15), hm(0, 15), "15 minutes, do not begin a new Battle Round"),
        (hm(2, 25), hm(0, 5), "5 minutes"),
    ]


def test_round_one_extra_fifteen_minutes_shift_the_calls_about_the_end():
    schedule = milestone_schedule(m(165), STARCRAFT)
    assert [s.at for s in schedule] == [m(0), m(15), m(45), m(82.5), m(135), m(150), m(160)]
    assert [s.remaining for s in schedule] == [m(165), m(150), m(120), m(82.5), m(30), m(15), m(5)]


def test_not_started():
    clock = new_clock(rules=STARCRAFT)
    assert state(clock, T0) is ClockState.NOT_STARTED
    assert elapsed(clock, T0) == timedelta(0)
    assert remaining(clock, T0) == hm(2, 30)
    assert current_call(clock, T0) is None
    upcoming = next_milestone(clock, T0)
    assert upcoming is not None
    assert upcoming.milestone.key == "round-begins"
    assert upcoming.due_at is None
    assert snapshot(clock, T0) == {
        "state": "not-started",
        "elapsed_seconds": 0,
        "remaining_seconds": 9000,
        "total_seconds": 9000,
        "server_now": "2026-05-02T10:00:00+00:00",
        "started_at": None,
        "ends_at": None,
        "current_call": None,
        "closing": {"seconds": 900, "text": "Last 15 minutes: do not begin a new Battle Round"},
        "next_call": {"key": "round-begins", "call": "Round begins, draft now", "seconds_to_go": 0},
    }


def test_a_round_without_interruptions():
    assert state(RUNNING, T0) is ClockState.RUNNING
    assert call_at(RUNNING, T0).call == "Round begins, draft now"
    assert snapshot(RUNNING, T0 + m(10)) == {
        "state": "running",
        "elapsed_seconds": 600,
        "remaining_seconds": 8400,
        "total_seconds": 9000,
        "server_now": "2026-05-02T10:10:00+00:00",
        "started_at": "2026-05-02T10:00:00+00:00",
        "ends_at": "2026-05-02T12:30:00+00:00",
        "current_call": {"key": "round-begins", "call": "Round begins, draft now"},
        "closing": {"seconds": 900, "text": "Last 15 minutes: do not begin a new Battle Round"},
        "next_call": {"key": "drafts-complete", "call": "Drafts should be complete", "seconds_to_go": 300},
    }
    assert call_at(RUNNING, T0 + hm(1, 15)).call == "Halfway"
    assert call_at(RUNNING, T0 + hm(1, 14)).call == "45 minutes gone"
    assert remaining(RUNNING, T0 + hm(1, 15)) == hm(1, 15)


def test_last_fifteen_and_reaching_zero():
    assert state(RUNNING, T0 + hm(2, 14, 59)) is ClockState.RUNNING
    assert state(RUNNING, T0 + hm(2, 15)) is ClockState.LAST_FIFTEEN  # no new Battle Round
    assert call_at(RUNNING, T0 + hm(2, 15)).key == "15-minutes-remaining"
    assert call_at(RUNNING, T0 + hm(2, 29)).call == "5 minutes"
    assert state(RUNNING, T0 + hm(2, 30)) is ClockState.TIME_CALLED
    later = T0 + hm(3)
    assert elapsed(RUNNING, later) == hm(2, 30)  # the clock stops at zero
    assert remaining(RUNNING, later) == timedelta(0)
    assert ends_at(RUNNING, later) == T0 + hm(2, 30)
    assert call_at(RUNNING, later).call == "Time: dice down"
    assert next_milestone(RUNNING, later) is None
    assert all(s.reached for s in milestones(RUNNING, later))


def test_a_pause_in_the_middle():
    clock = resume(pause(RUNNING, T0 + m(30)), T0 + m(40))
    assert clock.pauses == (Pause(T0 + m(30), T0 + m(40)),)
    during = T0 + m(35)
    assert state(clock, during) is ClockState.PAUSED
    assert elapsed(clock, during) == m(30)
    after = T0 + hm(1)
    assert state(clock, after) is ClockState.RUNNING
    assert elapsed(clock, after) == m(50)
    assert remaining(clock, after) == m(100)
    assert ends_at(clock, after) == T0 + hm(2, 40)  # ten minutes later than without the pause


def test_while_paused_the_end_is_unknown():
    clock = pause(RUNNING, T0 + m(30))
    snap = snapshot(clock, T0 + m(50))
    assert snap["state"] == "paused"
    assert snap["elapsed_seconds"] == 1800
    assert snap["remaining_seconds"] == 7200
    assert snap["ends_at"] is None
    assert snap["next_call"] == {"key": "45-minutes-gone", "call": "45 minutes gone", "seconds_to_go": 900}


def test_a_pause_across_a_milestone_delays_it():
    clock = pause(RUNNING, T0 + m(40))
    paused_view = {s.milestone.key: s for s in milestones(clock, T0 + m(50))}
    assert paused_view["45-minutes-gone"].reached is False
    assert paused_view["45-minutes-gone"].due_at is None  # nobody knows when play resumes
    assert paused_view["drafts-complete"].due_at == T0 + m(15)
    clock = resume(clock, T0 + m(55))
    assert call_at(clock, T0 + m(59)).key == "drafts-complete"
    assert call_at(clock, T0 + m(60)).key == "45-minutes-gone"
    by_key = {s.milestone.key: s for s in milestones(clock, T0 + m(60))}
    assert by_key["45-minutes-gone"].due_at == T0 + m(60)
    assert by_key["halfway"].due_at == T0 + hm(1, 30)
    assert by_key["halfway"].reached is False


def test_calling_time_early():
    clock = call_time(RUNNING, T0 + hm(1))
    assert state(clock, T0 + m(59)) is ClockState.RUNNING  # the facts before the call still read right
    assert state(clock, T0 + hm(1)) is ClockState.TIME_CALLED
    later = T0 + hm(2)
    assert elapsed(clock, later) == hm(1)
    assert remaining(clock, later) == hm(1, 30)
    assert ends_at(clock, later) == T0 + hm(1)
    assert [s.milestone.key for s in milestones(clock, later) if s.reached] == [
        "round-begins",
        "drafts-complete",
        "45-minutes-gone",
    ]
    assert all(s.due_at is None for s in milestones(clock, later) if not s.reached)
    assert next_milestone(clock, later) is None
    snap = snapshot(clock, later)
    assert snap["state"] == "time-called"
    assert snap["current_call"] == {"key": "time", "call": "Time: dice down"}
    assert snap["next_call"] is None
    assert snap["ends_at"] == "2026-05-02T11:00:00+00:00"


def test_calling_time_while_paused():
    clock = call_time(pause(RUNNING, T0 + m(20)), T0 + m(30))
    assert elapsed(clock, T0 + hm(1)) == m(20)
    assert state(clock, T0 + hm(1)) is ClockState.TIME_CALLED
    assert ends_at(clock, T0 + hm(1)) == T0 + m(30)
    with pytest.raises(ClockError, match="Time has been called; the round clock cannot be resumed"):
        resume(clock, T0 + m(40))


def test_extra_minutes_for_round_one():
    clock = start(new_clock(extra=m(15), rules=STARCRAFT), T0)
    assert clock.total == m(165)
    assert state(clock, T0 + hm(2, 29)) is ClockState.RUNNING
    assert state(clock, T0 + hm(2, 30)) is ClockState.LAST_FIFTEEN
    assert call_at(clock, T0 + hm(1, 22)).key == "45-minutes-gone"
    assert call_at(clock, T0 + hm(1, 22, 30)).key == "halfway"
    assert call_at(clock, T0 + hm(2, 15)).call == "30 minutes remaining"
    assert ends_at(clock, T0) == T0 + hm(2, 45)
    assert state(clock, T0 + hm(2, 45)) is ClockState.TIME_CALLED


def test_overrun_of_the_draft():
    deadline = m(15)
    assert draft_overrun(RUNNING, T0 + timedelta(minutes=14, seconds=59), deadline) is False
    assert draft_overrun(RUNNING, T0 + m(15), deadline) is True
    clock = resume(pause(RUNNING, T0 + m(5)), T0 + m(10))
    assert draft_overrun(clock, T0 + m(15), deadline) is False  # only 10 minutes on the round clock
    assert draft_overrun(clock, T0 + m(20), deadline) is True
    assert draft_overrun(new_clock(), T0 + hm(1), deadline) is False


def test_a_clock_without_rules_of_its_own_makes_the_generic_calls_and_forbids_nothing():
    clock = start(new_clock(m(120)), T0)
    assert [(s.key, s.at) for s in milestone_schedule(m(120))] == [
        ("round-begins", m(0)),
        ("halfway", m(60)),
        ("30-minutes-remaining", m(90)),
        ("15-minutes-remaining", m(105)),
        ("5-minutes-remaining", m(115)),
    ]
    assert state(clock, T0 + m(110)) is ClockState.RUNNING  # no closing period
    assert snapshot(clock, T0 + m(110))["closing"] is None
    assert "Battle Round" not in " ".join(c.call for c in GENERIC_CALLS)


def test_each_system_brings_its_own_calls_and_closing_period():
    rules = ClockRules(
        round_minutes=60,
        calls=(ClockCall("go", "Go", Anchor.START), ClockCall("last", "Last orders", Anchor.END, 10)),
        closing=ClosingPeriod(10, "Last 10 minutes: no new turn"),
    )
    clock = start(new_clock(rules=rules), T0)
    assert clock.total == m(60)
    assert [(s.key, s.at, s.remaining) for s in milestone_schedule(rules=rules)] == [
        ("go", m(0), m(60)),
        ("last", m(50), m(10)),
    ]
    assert state(clock, T0 + m(49)) is ClockState.RUNNING
    assert state(clock, T0 + m(50)) is ClockState.LAST_FIFTEEN
    assert call_at(clock, T0 + m(50)).call == "Last orders"
    assert snapshot(clock, T0)["closing"] == {"seconds": 600, "text": "Last 10 minutes: no new turn"}


@pytest.mark.parametrize(
    ("operation", "message"),
    [
        (lambda: start(RUNNING, T0), "already started"),
        (lambda: pause(new_clock(), T0), "has not started, so it cannot be paused"),
        (lambda: call_time(new_clock(), T0), "has not started, so it cannot be called"),
        (lambda: pause(pause(RUNNING, T0 + m(1)), T0 + m(2)), "already paused"),
        (lambda: resume(RUNNING, T0 + m(1)), "not paused"),
        (lambda: call_time(call_time(RUNNING, T0 + m(1)), T0 + m(2)), "already been called"),
        (
            lambda: pause(call_time(RUNNING, T0 + m(1)), T0 + m(2)),
            "Time has been called; the round clock cannot",
        ),
        (lambda: pause(RUNNING, T0 + hm(3)), "has run out"),
        (lambda: pause(RUNNING, T0 - m(1)), "Pauses must follow the start"),
        (lambda: resume(pause(RUNNING, T0 + m(10)), T0 + m(5)), "each ending after it began"),
        (
            lambda: call_time(resume(pause(RUNNING, T0 + m(10)), T0 + m(20)), T0 + m(15)),
            "before the clock's last",
        ),
        (lambda: start(new_clock(), datetime(2026, 5, 2, 10, 0)), "must carry a timezone"),
        (lambda: pause(RUNNING, datetime(2026, 5, 2, 10, 30)), "must carry a timezone"),
        (lambda: RoundClock(pauses=(Pause(T0),)), "has not started cannot be paused"),
        (
            lambda: RoundClock(started_at=T0, pauses=(Pause(T0 + m(1)), Pause(T0 + m(2)))),
            "Only the last pause",
        ),
        (lambda: new_clock(m(0)), "positive time"),
        (lambda: new_clock(extra=m(-1)), "cannot be negative"),
    ],
)
def test_clock_errors(operation, message):
    with pytest.raises(ClockError, match=message):
        operation()


@st.composite
def paused_clocks(draw):
    """A started clock with a few pauses (the last possibly still open), plus the moments they span."""
    clock = RUNNING
    t = T0
    for _ in range(draw(st.integers(0, 4))):
        t += m(draw(st.integers(1, 40)))
        if remaining(clock, t) <= timedelta(0):
            break
        clock = pause(clock, t)
        t += m(draw(st.integers(0, 30)))
        if draw(st.booleans()):
            clock = resume(clock, t)
        else:
            break
    if draw(st.booleans()) and clock.called_at is None:
        t += m(draw(st.integers(0, 60)))
        clock = call_time(clock, t)
    return clock


@given(clock=paused_clocks(), a=st.integers(0, 400), b=st.integers(0, 400))
def test_elapsed_never_runs_backwards_nor_faster_than_the_wall(clock, a, b):
    early, late = sorted((T0 + m(a), T0 + m(b)))
    assert timedelta(0) <= elapsed(clock, late) - elapsed(clock, early) <= late - early
    assert elapsed(clock, late) + remaining(clock, late) == clock.total
    snap = snapshot(clock, late)
    assert snap["elapsed_seconds"] + snap["remaining_seconds"] == snap["total_seconds"]
    if snap["state"] in ("running", "last-fifteen"):
        # A running clock ends exactly `remaining` after now, so a page can count down locally.
        assert ends_at(clock, late) == late + remaining(clock, late)
    if snap["state"] == "paused":
        assert snap["ends_at"] is None
    reached = [s.reached for s in milestones(clock, late)]
    assert reached == sorted(reached, reverse=True)  # calls are made in order


def test_time_called_at_is_the_call_or_the_end_whichever_came_first():
    """When Time Is Called: the moment the tables' chess clocks freeze."""
    assert time_called_at(RUNNING, T0 + hm(2)) is None  # still running
    assert time_called_at(new_clock(), T0) is None  # never started
    assert time_called_at(RUNNING, T0 + hm(3)) == T0 + hm(2, 30)  # reached its end, nobody called
    called = call_time(RUNNING, T0 + hm(1))
    assert time_called_at(called, T0 + m(59)) is None  # read before the call: not yet
    assert time_called_at(called, T0 + hm(2)) == T0 + hm(1)
    assert time_called_at(call_time(pause(RUNNING, T0 + m(20)), T0 + m(30)), T0 + hm(1)) == T0 + m(30)
