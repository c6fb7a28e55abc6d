"""The last-15-minutes call the players are pushed (docs/push.md), with fixed datetimes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from judging.domain.clock import (
    PUSH_CALL_TEXT,
    new_clock,
    pause,
    push_call,
    push_call_due,
    push_call_due_at,
    resume,
    start,
)
from rules_engine.pregame import Anchor, ClockCall, ClockRules

T0 = datetime(2026, 10, 3, 9, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)
OWN = ClockRules(
    round_minutes=120,
    calls=(
        ClockCall("halfway", "Halfway", Anchor.HALF),
        ClockCall("15-minutes-remaining", "15 minutes: finish the turn you are in", Anchor.END, 15),
    ),
)
NONE_AT_15 = ClockRules(
    round_minutes=120, calls=(ClockCall("5-minutes-remaining", "5 minutes", Anchor.END, 5),)
)


def test_a_system_that_words_the_call_is_followed_and_one_that_does_not_gets_the_plain_call():
    assert push_call(new_clock(rules=OWN)).call == "15 minutes: finish the turn you are in"  # type: ignore[union-attr]
    plain = push_call(new_clock(rules=NONE_AT_15))
    assert plain is not None
    assert (plain.call, plain.at, plain.remaining) == (PUSH_CALL_TEXT, 105 * MIN, 15 * MIN)


def test_extra_minutes_move_the_call_and_a_round_of_15_minutes_has_none():
    longer = push_call(new_clock(rules=OWN, extra=15 * MIN))
    assert longer is not None
    assert longer.at == 120 * MIN
    assert push_call(new_clock(15 * MIN, rules=OWN)) is None


def test_due_at_follows_pauses_and_is_unknown_while_paused():
    clock = start(new_clock(rules=OWN), T0)
    assert push_call_due_at(clock, T0) == T0 + 105 * MIN
    paused = pause(clock, T0 + 100 * MIN)
    assert push_call_due_at(paused, T0 + 101 * MIN) is None
    resumed = resume(paused, T0 + 110 * MIN)
    assert push_call_due_at(resumed, T0 + 110 * MIN) == T0 + 115 * MIN


def test_due_only_while_running_in_the_last_15_minutes():
    clock = start(new_clock(rules=OWN), T0)
    assert not push_call_due(clock, T0 + 104 * MIN)
    assert push_call_due(clock, T0 + 105 * MIN - timedelta(seconds=3))  # a timer a moment early
    assert push_call_due(clock, T0 + 110 * MIN)
    assert not push_call_due(clock, T0 + 121 * MIN)  # time is up
    assert not push_call_due(pause(clock, T0 + 106 * MIN), T0 + 107 * MIN)
    assert not push_call_due(new_clock(rules=OWN), T0)
