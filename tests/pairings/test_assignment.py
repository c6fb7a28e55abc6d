"""The seating solver (pairings/engine/assignment.py and tables.seat_columns) against scipy.

The engine seats games with its own exact, integer, sparse assignment solver (no numpy,
so the `pair` command does not pay for scipy's start-up). Here every seating it returns
must cost exactly what scipy's `linear_sum_assignment` finds on the dense matrix of the
same layered costs, over many random fields: few and many tables, layouts or none,
table numbers with gaps, histories from none to every table.
"""

from __future__ import annotations

import random

import pytest
from scipy.optimize import linear_sum_assignment

from pairings.engine.assignment import AssignmentError, min_cost_assignment
from pairings.engine.model import Entrant, TableSpec
from pairings.engine.tables import seat_columns


def _field(seed: int) -> tuple[dict[str, Entrant], list[tuple[str, str]], list[TableSpec]]:
    rng = random.Random(seed)
    rows = rng.randint(1, 24)
    cols = rows + rng.choice([0, 0, 1, 3, 8])
    layouts = ["", *[f"Map {i}" for i in range(rng.randint(0, 5))]]
    numbers = sorted(rng.sample(range(1, 3 * cols + 1), cols))
    tables = [TableSpec(n, rng.choice(layouts)) for n in numbers]
    played = rng.randint(0, cols)
    entrants: dict[str, Entrant] = {}
    games = []
    for r in range(rows):
        pair = (f"a{r}", f"b{r}")
        for pid in pair:
            history = rng.sample(tables, rng.randint(0, played))
            entrants[pid] = Entrant(
                pid,
                tables=frozenset(t.number for t in history),
                layouts=frozenset(t.layout for t in history if t.layout),
            )
        games.append(pair)
    return entrants, games, tables


def _dense_cost(entrants, games, tables) -> list[list[int]]:
    """The layered cost of docs/pairing.md, restated: repeats, then layouts, then |r - c|."""
    rows, cols = len(games), len(tables)
    cosmetic = rows * max(rows, cols)
    layout_unit = cosmetic + 1
    repeat_unit = 2 * rows * layout_unit + cosmetic + 1
    return [
        [
            sum(
                repeat_unit * (t.number in entrants[p].tables)
                + layout_unit * (bool(t.layout) and t.layout in entrants[p].layouts)
                for p in pair
            )
            + abs(r - c)
            for c, t in enumerate(tables)
        ]
        for r, pair in enumerate(games)
    ]


@pytest.mark.parametrize("seed", range(150))
def test_seating_costs_exactly_what_scipy_finds(seed):
    entrants, games, tables = _field(seed)
    cost = _dense_cost(entrants, games, tables)
    rows, cols = linear_sum_assignment(cost)
    best = sum(cost[r][c] for r, c in zip(rows, cols, strict=True))
    columns = seat_columns(entrants, games, tables)
    assert len(set(columns)) == len(games)
    assert sum(cost[r][c] for r, c in enumerate(columns)) == best


def test_costs_stay_exact_past_float_precision():
    # Weights above 2**53, where float64 (and so scipy) can no longer tell them apart.
    big = 1 << 60
    candidates = [{0: big + 1, 1: big + 2}, {0: big + 1, 1: big + 3}]
    assert min_cost_assignment(2, candidates, lambda u, v, adj: []) == [1, 0]


def test_pricing_adds_the_edges_the_duals_reject():
    # Row 0 starts with only its costly column; the cheap one is found by pricing.
    full = [[5, 1], [1, 5]]
    calls = []

    def pricing(u, v, adjacency):
        calls.append(1)
        return [
            (r, c, full[r][c])
            for r in range(2)
            for c in range(2)
            if c not in adjacency[r] and full[r][c] - u[r] - v[c] < 0
        ]

    assert min_cost_assignment(2, [{0: 5}, {1: 5}], pricing) == [1, 0]
    assert len(calls) >= 2


def test_no_complete_assignment_is_a_clear_error():
    with pytest.raises(AssignmentError):
        min_cost_assignment(2, [{0: 1}, {0: 1}], lambda u, v, adj: [])


def _sparse_problem(seed: int, most: int | None = None) -> tuple[int, int, int, list[dict[int, int]]]:
    """Rows, columns, the largest cost and each row's candidates (its own index and up to
    `most` more, all columns by default): arbitrary costs, many ties among the small ones."""
    rng = random.Random(seed)
    rows = rng.randint(1, 30)
    cols = rows + rng.choice([0, 0, 2, 6])
    top = rng.choice([1, 3, 10, 1000])
    candidates = []
    for r in range(rows):
        row = {r: rng.randint(0, top)}
        for c in rng.sample(range(cols), rng.randint(0, cols if most is None else min(cols, most))):
            row[c] = rng.randint(0, top)
        candidates.append(row)
    return rows, cols, top, candidates


@pytest.mark.parametrize("seed", range(200))
def test_any_sparse_problem_is_solved_to_scipys_optimum(seed):
    """The solver alone on arbitrary sparse costs (not only seating's layers), many ties included:
    its search settles nothing beyond the nearest free column, which must never cost optimality."""
    rows, cols, top, candidates = _sparse_problem(seed)
    missing = 10 * top * (rows + 1) + 1  # dearer than any complete assignment on candidates
    dense = [[row.get(c, missing) for c in range(cols)] for row in candidates]
    r_ind, c_ind = linear_sum_assignment(dense)
    best = sum(dense[r][c] for r, c in zip(r_ind, c_ind, strict=True))
    columns = min_cost_assignment(cols, candidates, lambda u, v, adjacency: [])
    assert len(set(columns)) == rows
    assert all(c in candidates[r] for r, c in enumerate(columns))
    assert sum(candidates[r][c] for r, c in enumerate(columns)) == best


@pytest.mark.parametrize("seed", range(200))
def test_row_reduction_keeps_every_dual_invariant(seed):
    """After the augmenting row reduction (JV 1987), whatever it placed or left free, the duals
    are what the shortest paths and the certificate rely on: feasible on every candidate,
    tight on every chosen edge, v <= 0, v == 0 on every free column; and the placement is
    a partial assignment (one row per column)."""
    from pairings.engine.assignment import _augmenting_row_reduction

    rows, cols, _, adjacency = _sparse_problem(seed, most=5)
    u = [min(row.values()) for row in adjacency]
    v = [0] * cols
    row_of, col_of = [-1] * cols, [-1] * rows
    free = list(range(rows))  # nothing placed yet: the reduction does all of it
    left = _augmenting_row_reduction(adjacency, u, v, row_of, col_of, free)
    assert sorted(left) == [r for r in range(rows) if col_of[r] < 0]
    for r, row in enumerate(adjacency):
        assert all(u[r] + v[c] <= w for c, w in row.items())
        if col_of[r] >= 0:
            assert row_of[col_of[r]] == r
            assert u[r] + v[col_of[r]] == row[col_of[r]]
    assert all(x <= 0 for x in v)
    assert all(v[c] == 0 for c in range(cols) if row_of[c] < 0)
    assert all(row_of[c] < 0 or col_of[row_of[c]] == c for c in range(cols))
