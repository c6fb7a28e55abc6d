"""Season points and series standings (docs/series.md), worked by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from season_points import (
    FIELD_SCALED,
    PLACING_TABLE,
    EventResult,
    Formula,
    SeasonError,
    event_points,
    series_standings,
)

TABLE = Formula(PLACING_TABLE, table=(10, 6, 4), participation=1)


def result(eid: str, *order: str) -> EventResult:
    return EventResult(
        eid, eid.title(), {p: i for i, p in enumerate(order, start=1)}, {p: p.title() for p in order}
    )


def test_a_placing_table_and_participation_points():
    assert event_points(result("a", "ann", "ben", "cy", "dee"), TABLE) == {
        "ann": 10,
        "ben": 6,
        "cy": 4,
        "dee": 1,
    }


def test_field_scaled_points_grow_with_the_field():
    scaled = Formula(FIELD_SCALED, base=100)
    small = event_points(result("s", "ann", "ben", "cy"), scaled)
    big = event_points(result("b", *[f"p{i}" for i in range(1, 9)]), scaled)
    # 100 x (3 - 1 + 1) / 3 = 100; (3 - 3 + 1) / 3 = 33.3 -> 33; in 8: last 100/8 = 12.5 -> 13.
    assert small == {"ann": 100, "ben": 67, "cy": 33}
    assert big["p1"] == 100
    assert big["p2"] == 88  # 87.5 rounds half up
    assert big["p8"] == 13


def test_shared_placings_earn_that_placings_points_each():
    tied = EventResult("t", "T", {"ann": 1, "ben": 2, "cy": 2, "dee": 4})
    assert event_points(tied, TABLE) == {"ann": 10, "ben": 6, "cy": 6, "dee": 1}


def test_series_standings_count_the_best_events_and_break_ties():
    best_two = Formula(PLACING_TABLE, table=(10, 6, 4), participation=1, best_of=2)
    events = [
        result("a", "ann", "ben", "cy"),
        result("b", "ben", "ann", "cy"),
        result("c", "cy", "dee", "ann"),
    ]
    standings = series_standings(events, best_two)
    rows = {row.player: row for row in standings.rows}
    assert rows["ann"].points == 16  # 10 + 6 counted; the 4 of event c dropped
    assert [e.counted for e in rows["ann"].entries] == [True, True, False]
    assert rows["ben"].points == 16  # 6 + 10
    assert rows["cy"].points == 14  # 10 + 4
    assert rows["dee"].points == 6
    # Ann and Ben: 16 each, 3 and 2 events: the regular first.
    assert [row.player for row in standings.rows] == ["ann", "ben", "cy", "dee"]
    assert [row.rank for row in standings.rows] == [1, 2, 3, 4]


def test_players_equal_on_everything_share_the_rank():
    standings = series_standings([result("a", "ann", "ben"), result("b", "ben", "ann")], TABLE)
    assert [(r.rank, r.name) for r in standings.rows] == [(1, "Ann"), (1, "Ben")]


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"kind": "elo"}, "unknown-formula"),
        ({"kind": PLACING_TABLE}, "bad-table"),
        ({"kind": PLACING_TABLE, "table": (3, 5)}, "bad-table"),
        ({"kind": FIELD_SCALED, "base": 0}, "bad-points"),
        ({"kind": FIELD_SCALED, "best_of": 0}, "bad-best-of"),
    ],
)
def test_a_bad_formula_is_refused_with_a_code(kwargs, code):
    with pytest.raises(SeasonError) as caught:
        Formula(**kwargs)
    assert caught.value.code == code


def test_bad_results_are_refused():
    with pytest.raises(SeasonError) as caught:
        event_points(EventResult("x", "X", {"ann": 3}), TABLE)
    assert caught.value.code == "bad-placing"
    with pytest.raises(SeasonError) as caught:
        series_standings([result("a", "ann"), result("a", "ben")], TABLE)
    assert caught.value.code == "event-twice"


@given(st.lists(st.permutations(["ann", "ben", "cy", "dee"]), min_size=1, max_size=6), st.integers(1, 4))
def test_counting_fewer_events_never_raises_a_total(orders, best):
    events = [result(f"e{i}", *order) for i, order in enumerate(orders)]
    every = {r.player: r.points for r in series_standings(events, TABLE).rows}
    some = {
        r.player: r.points
        for r in series_standings(
            events, Formula(PLACING_TABLE, table=TABLE.table, participation=1, best_of=best)
        ).rows
    }
    assert all(some[p] <= every[p] for p in every)
    assert series_standings(list(reversed(events)), TABLE).rows[0].points == max(every.values())
