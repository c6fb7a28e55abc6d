"""The schedule arithmetic (tournaments.schedule): round intervals and the overlap rule.

OP Guide, Side Events (One Rule): nothing is scheduled overlapping a round of the main event;
a round is the half-open interval [start, start + its minutes), so touching is allowed.
"""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.schedule import (
    RoundSlot,
    ScheduleError,
    consecutive_overlap,
    overlapping_rounds,
    parse_schedule,
    round_slots,
    schedule_json,
)

T0 = dt.datetime(2026, 3, 14, 9, 0, tzinfo=dt.UTC)


def slot(number: int, start_minutes: int, minutes: int) -> RoundSlot:
    start = T0 + dt.timedelta(minutes=start_minutes)
    return RoundSlot(number, start, start + dt.timedelta(minutes=minutes))


def test_touching_rounds_do_not_overlap_either_way():
    main = slot(1, 0, 150)
    after = slot(1, 150, 60)
    before = slot(1, -60, 60)
    assert not main.overlaps(after)
    assert not after.overlaps(main)
    assert not main.overlaps(before)
    assert not before.overlaps(main)


@pytest.mark.parametrize(
    ("start", "minutes"),
    [(149, 60), (-59, 60), (10, 10), (-30, 300), (0, 150)],
    ids=["ends-late", "starts-early", "inside", "around", "same"],
)
def test_overlapping_rounds_by_one_minute_or_more(start, minutes):
    assert slot(1, 0, 150).overlaps(slot(1, start, minutes))


minutes = st.integers(min_value=-2000, max_value=2000)
lengths = st.integers(min_value=1, max_value=600)


@given(minutes, lengths, minutes, lengths)
def test_overlap_is_symmetric_and_means_a_shared_minute(a_start, a_len, b_start, b_len):
    a, b = slot(1, a_start, a_len), slot(2, b_start, b_len)
    assert a.overlaps(b) == b.overlaps(a)
    shared = max(0, min(a_start + a_len, b_start + b_len) - max(a_start, b_start))
    assert a.overlaps(b) == (shared > 0)


def test_round_one_gets_the_extra_minutes():
    entries = [(1, T0), (2, T0 + dt.timedelta(hours=3))]
    one, two = round_slots(entries, round_minutes=150, first_round_extra_minutes=15)
    assert one.ends_at - one.starts_at == dt.timedelta(minutes=165)
    assert two.ends_at - two.starts_at == dt.timedelta(minutes=150)


def test_overlapping_rounds_names_every_pair():
    side = [slot(1, 140, 60), slot(2, 400, 60)]
    main = [slot(1, 0, 150), slot(2, 180, 150)]
    assert [(s.number, m.number) for s, m in overlapping_rounds(side, main)] == [(1, 1), (1, 2)]


def test_consecutive_rounds_of_one_event_may_not_overlap():
    assert consecutive_overlap([slot(1, 0, 150), slot(2, 150, 150)]) is None
    clash = consecutive_overlap([slot(1, 0, 150), slot(2, 120, 150)])
    assert clash is not None
    assert clash[1].number == 2


def test_parse_stores_utc_in_round_order():
    plus_one = dt.timezone(dt.timedelta(hours=1))
    raw = [
        {"round": 2, "starts_at": "2026-03-14T14:00:00+01:00"},
        {"round": 1, "starts_at": dt.datetime(2026, 3, 14, 10, 0, tzinfo=plus_one)},
    ]
    stored = schedule_json(parse_schedule(raw))
    assert stored == [
        {"round": 1, "starts_at": "2026-03-14T09:00:00+00:00"},
        {"round": 2, "starts_at": "2026-03-14T13:00:00+00:00"},
    ]
    assert schedule_json(parse_schedule(stored)) == stored  # stable: export, import, export


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"round": 1}, "must be a list"),
        ([{"round": 1}], "nothing else"),
        ([{"round": 1, "starts_at": "2026-03-14T09:00:00+00:00", "note": "x"}], "nothing else"),
        ([{"round": 0, "starts_at": "2026-03-14T09:00:00+00:00"}], "round number"),
        ([{"round": True, "starts_at": "2026-03-14T09:00:00+00:00"}], "round number"),
        ([{"round": 1, "starts_at": "soon"}], "ISO 8601"),
        ([{"round": 1, "starts_at": 20260314}], "ISO 8601"),
        ([{"round": 1, "starts_at": "2026-03-14T09:00:00"}], "UTC offset"),
        ([{"round": 1, "starts_at": "0001-01-01T00:00:00+05:00"}], "between"),
        (
            [
                {"round": 1, "starts_at": "2026-03-14T09:00:00+00:00"},
                {"round": 1, "starts_at": "2026-03-14T13:00:00+00:00"},
            ],
            "scheduled twice",
        ),
        (
            [
                {"round": 1, "starts_at": "2026-03-14T13:00:00+00:00"},
                {"round": 2, "starts_at": "2026-03-14T09:00:00+00:00"},
            ],
            "must start after round 1",
        ),
    ],
)
def test_parse_is_strict(raw, message):
    with pytest.raises(ScheduleError, match=message):
        parse_schedule(raw)


def test_a_round_beyond_the_planned_count_is_refused():
    with pytest.raises(ScheduleError, match="plans 3 rounds"):
        parse_schedule([{"round": 4, "starts_at": "2026-03-14T09:00:00+00:00"}], planned_rounds=3)
