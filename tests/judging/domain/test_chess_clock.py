"""The chess clock's pure core (OP Guide: Chess Clocks): the setup arithmetic, switching,
stale and doubled taps, the pause from a judge call to the ruling, running out of time and
the favour of the opponent's minutes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judging.domain import chess_clock as cc

T0 = datetime(2026, 5, 2, 10, 0, tzinfo=UTC)
MIN = 60_000  # ms


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def started(left_seconds: int = 125 * 60, seat: cc.Seat = "A") -> cc.ChessClock:
    return cc.start(
        cc.ChessClock(), T0, seat=seat, by="Alice", round_left_seconds=left_seconds, round_running=True
    )


# --- setup: Time Allocation and Setup -----------------------------------------------------


def test_the_guides_example_two_hours_left_gives_each_57_and_a_half_minutes():
    assert cc.setup_pools(120 * 60, round_running=True) == (57 * MIN + 30_000, 57 * MIN + 30_000)


@given(st.integers(min_value=301, max_value=10 * 3600))
def test_pools_are_equal_never_negative_and_add_up_to_the_time_left_less_five_minutes(left):
    one, two = cc.setup_pools(left, round_running=True)
    assert one == two
    assert one > 0
    assert two > 0
    assert one + two == left * 1000 - 5 * MIN


@given(st.integers(min_value=-3600, max_value=300))
def test_five_minutes_or_less_left_is_refused_clearly(left):
    with pytest.raises(cc.ChessClockError) as refused:
        cc.setup_pools(left, round_running=True)
    assert refused.value.code == "too-little-time"
    assert "5-minute buffer" in str(refused.value)


@given(st.integers(min_value=0, max_value=10 * 3600))
def test_a_round_clock_not_running_is_refused_whatever_is_left(left):
    with pytest.raises(cc.ChessClockError) as refused:
        cc.setup_pools(left, round_running=False)
    assert refused.value.code == "round-clock-not-running"


def test_starting_runs_the_starters_time_with_both_pools_set():
    clock = started(65 * 60)
    assert clock.status is cc.Status.RUNNING
    assert clock.last is not None
    assert clock.last.running == "A"
    assert cc.pools_at(clock, T0) == (30 * MIN, 30 * MIN)
    assert cc.pools_at(clock, at(90)) == (30 * MIN - 90_000, 30 * MIN)


def test_a_started_clock_cannot_be_started_again():
    with pytest.raises(cc.ChessClockError) as refused:
        cc.start(started(), at(1), seat="B", by="Bob", round_left_seconds=3000, round_running=True)
    assert refused.value.code == "already-started"


# --- absent opponent: tell a judge before you start counting ------------------------------


def test_an_absent_opponents_time_counts_only_from_the_judges_acknowledgement():
    asked = cc.request_absent_start(cc.ChessClock(), T0, seat="A", by="Alice")
    assert asked.status is cc.Status.AWAITING_JUDGE
    assert cc.pools_at(asked, at(600)) == (0, 0)  # nothing counts while the judge is told
    assert not cc.run_out(asked, at(600), "B")
    with pytest.raises(cc.ChessClockError) as again:
        cc.request_absent_start(asked, at(5), seat="A", by="Alice")
    assert again.value.code == "already-requested"
    told = cc.acknowledge(asked, at(120), by="judy (judge)", round_left_seconds=65 * 60, round_running=True)
    assert told.last is not None
    assert told.last.running == "B"
    assert told.last.seat is None
    assert cc.pools_at(told, at(180)) == (30 * MIN, 30 * MIN - 60_000)


def test_acknowledging_without_a_request_is_refused():
    with pytest.raises(cc.ChessClockError) as refused:
        cc.acknowledge(cc.ChessClock(), T0, by="judy", round_left_seconds=3000, round_running=True)
    assert refused.value.code == "no-request"


def test_the_opponent_arriving_starts_normally_over_a_pending_request():
    asked = cc.request_absent_start(cc.ChessClock(), T0, seat="A", by="Alice")
    clock = cc.start(asked, at(30), seat="B", by="Bob", round_left_seconds=3000, round_running=True)
    assert clock.status is cc.Status.RUNNING
    assert clock.last is not None
    assert clock.last.running == "B"


def test_the_asker_may_start_on_their_own_time_and_the_evidence_says_the_request_closed():
    asked = cc.request_absent_start(cc.ChessClock(), T0, seat="A", by="Alice")
    clock = cc.start(asked, at(30), seat="A", by="Alice", round_left_seconds=3000, round_running=True)
    assert clock.last is not None
    assert clock.last.running == "A"
    assert cc.entry_text(asked.last, clock.last) == cc.WITHDRAWN_TEXT
    assert cc.entry_text(None, started().entries[0]) == "Clock started"


# --- switching: Action Economy and Switching ----------------------------------------------


def test_a_switch_moves_the_running_time_to_the_other_player():
    clock = cc.switch(started(65 * 60), at(60), from_seat="A", seat="A", by="Alice", action_id="t1")
    assert clock.last is not None
    assert clock.last.running == "B"
    assert cc.pools_at(clock, at(100)) == (29 * MIN, 30 * MIN - 40_000)


def test_a_doubled_tap_is_recorded_once():
    once = cc.switch(started(), at(60), from_seat="A", seat="A", by="Alice", action_id="t1")
    twice = cc.switch(once, at(61), from_seat="A", seat="A", by="Alice", action_id="t1")
    assert twice == once


def test_a_stale_tap_from_the_side_not_running_is_refused_not_switched_back():
    once = cc.switch(started(), at(60), from_seat="A", seat="A", by="Alice", action_id="t1")
    with pytest.raises(cc.ChessClockError) as refused:
        cc.switch(once, at(61), from_seat="A", seat="B", by="Bob", action_id="t2")
    assert refused.value.code == "stale-switch"


def test_nothing_switches_before_the_start():
    with pytest.raises(cc.ChessClockError) as refused:
        cc.switch(cc.ChessClock(), T0, from_seat="A", seat="A", by="Alice", action_id="t")
    assert refused.value.code == "not-started"


@given(st.lists(st.tuples(st.integers(0, 400), st.booleans()), max_size=30))
def test_any_run_of_taps_never_adds_time_or_goes_below_zero(taps):
    """Whatever the taps (stale or not, doubled or not), pools only go down, by at most the
    time that passed, and never below zero."""
    clock = started(65 * 60)
    t = 0.0
    for n, (gap, stale) in enumerate(taps):
        t += gap
        last = clock.last
        assert last is not None
        side = last.running if not stale else cc.other(last.running or "A")
        before = sum(cc.pools_at(clock, at(t)))
        if stale:
            with pytest.raises(cc.ChessClockError, match="out of date"):
                cc.switch(clock, at(t), from_seat=side or "A", seat="A", by="x", action_id=str(n))
        else:
            clock = cc.switch(clock, at(t), from_seat=side or "A", seat="A", by="x", action_id=str(n))
        after = cc.pools_at(clock, at(t))
        assert min(after) >= 0
        assert sum(after) == before
    assert sum(cc.pools_at(clock, at(t))) >= 60 * MIN - int(t * 1000)
    assert all(a.at <= b.at for a, b in zip(clock.entries, clock.entries[1:], strict=False))


# --- pausing: only for a judge call --------------------------------------------------------


def test_a_judge_call_holds_both_pools_until_the_ruling_then_runs_for_the_same_player():
    clock = cc.switch(started(65 * 60), at(60), from_seat="A", seat="A", by="Alice", action_id="t1")
    called = cc.call_judge(clock, at(120), seat="A", by="Alice", action_id="c1")
    held = cc.pools_at(called, at(120))
    assert called.status is cc.Status.PAUSED
    assert cc.pools_at(called, at(900)) == held  # time is held from the call
    with pytest.raises(cc.ChessClockError) as paused:
        cc.switch(called, at(130), from_seat="B", seat="B", by="Bob", action_id="t2")
    assert paused.value.code == "paused"
    with pytest.raises(cc.ChessClockError) as blank:
        cc.rule(called, at(600), by="judy (judge)", text="   ")
    assert blank.value.code == "ruling-required"
    ruled = cc.rule(called, at(600), by="judy (judge)", text="Line of sight is blocked.")
    assert ruled.status is cc.Status.RUNNING
    assert ruled.last is not None
    assert ruled.last.running == "B"
    assert ruled.last.text == "Line of sight is blocked."
    assert cc.pools_at(ruled, at(610)) == (held[0], held[1] - 10_000)


def test_a_second_call_or_a_ruling_without_a_call_is_refused():
    called = cc.call_judge(started(), at(10), seat="B", by="Bob", action_id="c1")
    with pytest.raises(cc.ChessClockError) as again:
        cc.call_judge(called, at(11), seat="A", by="Alice", action_id="c2")
    assert again.value.code == "already-paused"
    assert cc.call_judge(called, at(12), seat="B", by="Bob", action_id="c1") == called  # same call, once
    with pytest.raises(cc.ChessClockError) as none:
        cc.rule(started(), at(10), by="judy", text="No dispute")
    assert none.value.code == "not-paused"


# --- Running Out of Time -----------------------------------------------------------------


def test_a_pool_stops_at_zero_and_the_player_has_run_out():
    clock = started(305)  # 2.5 s each
    assert cc.pools_at(clock, at(2)) == (500, 2500)
    assert not cc.run_out(clock, at(2), "A")
    assert cc.pools_at(clock, at(60)) == (0, 2500)
    assert cc.run_out(clock, at(60), "A")
    assert not cc.run_out(clock, at(60), "B")
    assert cc.zero_at(clock, T0) == at(2.5)


def test_the_opponent_may_lend_their_minutes_and_withdraw_them_at_any_moment():
    clock = started(5 * 60 + 120)  # a minute each
    out = at(61)
    assert cc.run_out(clock, out, "A")
    lent = cc.lend(clock, out, seat="B", by="Bob", on=True)
    assert not cc.run_out(lent, out, "A")  # playing on Bob's minutes
    assert cc.pools_at(lent, at(81)) == (0, 40_000)
    assert cc.lend(lent, at(81), seat="B", by="Bob", on=True) == lent  # already so: nothing new
    withdrawn = cc.lend(lent, at(81), seat="B", by="Bob", on=False)
    assert cc.run_out(withdrawn, at(90), "A")
    assert cc.pools_at(withdrawn, at(90)) == (0, 40_000)  # Bob's minutes are his again


def test_lent_minutes_run_out_too():
    clock = cc.lend(started(5 * 60 + 120), at(61), seat="B", by="Bob", on=True)
    assert cc.pools_at(clock, at(200)) == (0, 0)
    assert cc.run_out(clock, at(200), "A")


# --- the log: evidence and storage ---------------------------------------------------------


def test_the_log_round_trips_and_rebuilds_the_same_clock():
    clock = cc.switch(started(), at(60), from_seat="A", seat="A", by="Alice", action_id="t1")
    clock = cc.call_judge(clock, at(90), seat="B", by="Bob", action_id="c1")
    clock = cc.rule(clock, at(200), by="judy (judge)", text="Play on")
    assert cc.ChessClock.from_list(clock.to_list()) == clock


def test_a_corrupt_log_is_refused_with_a_clear_error():
    with pytest.raises(cc.ChessClockError):
        cc.ChessClock.from_list([{"kind": "switched"}])
    with pytest.raises(cc.ChessClockError):
        cc.ChessClock.from_list("nope")


def test_stretches_and_summary_give_each_players_time_used_per_turn():
    clock = cc.switch(started(65 * 60), at(60), from_seat="A", seat="A", by="Alice", action_id="t1")
    clock = cc.switch(clock, at(100), from_seat="B", seat="B", by="Bob", action_id="t2")
    clock = cc.call_judge(clock, at(130), seat="A", by="Alice", action_id="c1")
    clock = cc.rule(clock, at(400), by="judy (judge)", text="Play on")
    runs = cc.stretches(clock, at(410))
    assert [(s.seat, s.used_ms) for s in runs] == [("A", 60_000), ("B", 40_000), ("A", 30_000), ("A", 10_000)]
    assert runs[-1].ended_at is None
    a, b = cc.summary(clock, at(410))
    assert (a.used_ms, a.longest_ms, b.used_ms, b.stretches) == (100_000, 60_000, 40_000, 1)


def test_naive_times_and_time_going_backwards_are_refused():
    with pytest.raises(cc.ChessClockError):
        cc.start(cc.ChessClock(), datetime(2026, 5, 2, 10), seat="A", by="A", round_left_seconds=900,
                 round_running=True)  # fmt: skip
    with pytest.raises(cc.ChessClockError):
        cc.switch(started(), T0 - timedelta(seconds=1), from_seat="A", seat="A", by="A", action_id="x")


# --- When Time Is Called: the round's end freezes the chess clock ------------------------------


def test_time_called_freezes_the_running_pool_at_that_moment():
    clock = cc.switch(started(), at(60), from_seat="A", seat="A", by="Alice", action_id="t1")
    frozen = cc.call_time(clock, at(100))
    last = frozen.last
    assert last is not None
    assert last.kind is cc.Kind.TIME_CALLED
    assert last.by == cc.ROUND_CLOCK
    assert frozen.status is cc.Status.TIME_CALLED
    assert cc.pools_at(frozen, at(100)) == cc.pools_at(clock, at(100))
    # An hour later nothing has drained: B's pool stands where it was when time was called.
    assert cc.pools_at(frozen, at(3700)) == cc.pools_at(clock, at(100))
    snap = cc.snapshot(frozen, at(3700))
    assert snap["status"] == "time-called"
    assert snap["running"] is None
    assert snap["zero_at"] is None
    assert snap["time_called_at"] == at(100).isoformat()


def test_time_called_is_recorded_once_and_refuses_every_later_action():
    frozen = cc.call_time(started(), at(30))
    assert cc.call_time(frozen, at(40)) == frozen
    refused = [
        lambda: cc.switch(frozen, at(50), from_seat="A", seat="A", by="Alice", action_id="t9"),
        lambda: cc.call_judge(frozen, at(50), seat="B", by="Bob", action_id="j9"),
        lambda: cc.lend(frozen, at(50), seat="B", by="Bob", on=True),
        lambda: cc.rule(frozen, at(50), by="Judy", text="Fine"),
        lambda: cc.start(frozen, at(50), seat="A", by="Alice", round_left_seconds=3600, round_running=True),
    ]
    for action in refused:
        with pytest.raises(cc.ChessClockError) as err:
            action()
        assert err.value.code == "time-called"


def test_time_called_ends_a_pause_and_closes_a_request_nobody_answered():
    paused = cc.call_judge(started(), at(30), seat="B", by="Bob", action_id="j1")
    frozen = cc.call_time(paused, at(90))
    assert frozen.status is cc.Status.TIME_CALLED
    held = paused.last
    assert held is not None
    assert cc.pools_at(frozen, at(90)) == held.pools  # held since the call, frozen since
    asked = cc.request_absent_start(cc.ChessClock(), T0, seat="A", by="Alice")
    closed = cc.call_time(asked, at(10))
    assert closed.status is cc.Status.TIME_CALLED
    assert cc.call_time(cc.ChessClock(), at(10)) == cc.ChessClock()  # never started: nothing to freeze


def test_as_of_round_adds_the_same_entry_whenever_it_is_read():
    clock = started()
    assert cc.as_of_round(clock, None) == clock
    early = cc.as_of_round(clock, at(600))
    assert early == cc.call_time(clock, at(600))
    assert cc.as_of_round(early, at(600)) == early  # the stored entry is not added again
    # An entry recorded after the moment (a log kept before clocks froze) keeps time order.
    late = cc.switch(clock, at(700), from_seat="A", seat="A", by="Alice", action_id="t1")
    frozen = cc.as_of_round(late, at(600))
    assert frozen.last is not None
    assert frozen.last.at == at(700)
    assert cc.ChessClock.from_list(frozen.to_list()) == frozen


def test_a_stretch_ended_by_time_called_counts_only_the_time_before_it():
    frozen = cc.call_time(started(), at(120))
    (stretch,) = cc.stretches(frozen, at(4000))
    assert stretch.ended_by is cc.Kind.TIME_CALLED
    assert stretch.used_ms == 120_000
