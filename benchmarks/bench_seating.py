"""Seating a round at its tables: our certified sparse assignment against SciPy's solvers.

The seating (pairings/engine/tables.py) is a rectangular assignment, games to tables, whose
cost matrix is mostly structure. Ours solves it on a sparse candidate set with a
Jonker-Volgenant written in Python (pairings/engine/assignment.py) and proves the answer
optimal for the whole matrix from its dual values. SciPy has two compiled, maintained
solvers for the same problem:

- `scipy.sparse.csgraph.min_weight_full_bipartite_matching` (LAPJVsp) on the same sparse
  candidates: it returns the assignment but no dual values, so nothing certifies it for
  the full matrix; its answer is checked here against the full cost;
- `scipy.optimize.linear_sum_assignment` (LAPJV) on the full matrix, built with NumPy: exact
  by construction, at the price of the whole matrix.

The inputs are captured from real pairings of benchmarks/bench_pairing.py's generated
events (the seating of the timed round). Each solver's CPU time is the median of five
runs with its spread; the total cost of its seating is compared with ours (the optimum).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np
from scipy.optimize import linear_sum_assignment
from scipy.sparse import csr_array
from scipy.sparse.csgraph import min_weight_full_bipartite_matching

from benchmarks.bench_pairing import generate
from pairings.engine import pair_round, request_from_event
from pairings.engine import tables as seating
from pairings.engine.model import Entrant, TableSpec

SIZES = ((512, 6), (4096, 8))
REPEATS = 5

Seating = tuple[Mapping[str, Entrant], Sequence[tuple[str, str]], Sequence[TableSpec]]


def _captured(players: int, rounds: int) -> Seating:
    """The arguments of the timed round's `seat_columns` call."""
    found: list[Seating] = []
    original = seating.seat_columns

    def spy(entrants: Any, games: Any, tables: Any) -> list[int]:
        found.append((entrants, list(games), list(tables)))
        return original(entrants, games, tables)

    seating.seat_columns = spy
    try:
        pair_round(request_from_event(generate(players, rounds), seed=99))
    finally:
        seating.seat_columns = original
    return found[-1]


def _dense_costs(
    entrants: Mapping[str, Entrant], games: Sequence[tuple[str, str]], tables: Sequence[TableSpec]
) -> Any:
    """The full cost matrix of tables.seat_columns, with NumPy (int64 holds every layer)."""
    rows, cols = len(games), len(tables)
    cosmetic_total = rows * max(rows, cols)
    layout_unit = cosmetic_total + 1
    layout_total = 2 * rows * layout_unit
    repeat_unit = layout_total + cosmetic_total + 1
    column = {t.number: c for c, t in enumerate(tables)}
    layout_index = {layout: i for i, layout in enumerate(sorted({t.layout for t in tables if t.layout}))}
    table_layout = np.array([layout_index.get(t.layout, -1) for t in tables])
    repeats = np.zeros((rows, cols), dtype=np.int64)
    layouts = np.zeros((rows, max(len(layout_index), 1)), dtype=np.int64)
    for r, pair in enumerate(games):
        for player in pair:
            for number in entrants[player].tables:
                if number in column:
                    repeats[r, column[number]] += 1
            for layout in entrants[player].layouts:
                if layout in layout_index:
                    layouts[r, layout_index[layout]] += 1
    distance = np.abs(np.arange(rows)[:, None] - np.arange(cols)[None, :])
    layout_part = np.where(table_layout[None, :] >= 0, layouts[:, np.maximum(table_layout, 0)], 0)
    return repeat_unit * repeats + layout_unit * layout_part + distance


def _total(costs: Any, columns: Sequence[int]) -> int:
    return int(sum(int(costs[r, c]) for r, c in enumerate(columns)))


def _ours(case: Seating) -> list[int]:
    return seating.seat_columns(*case)


def _candidate_graph(case: Seating) -> Any:
    """Our initial candidates (built as tables.py builds them) as SciPy's sparse matrix."""
    entrants, games, tables = case
    dense = _dense_costs(entrants, games, tables)
    rows, cols = dense.shape
    column = {t.number: c for c, t in enumerate(tables)}
    by_layout: dict[str, list[int]] = {}
    for c, t in enumerate(tables):
        by_layout.setdefault(t.layout, []).append(c)
    r_idx: list[int] = []
    c_idx: list[int] = []
    for r, pair in enumerate(games):
        wanted = {r}
        for player in pair:
            wanted.update(column[n] for n in entrants[player].tables if n in column)
        for cs in by_layout.values():
            k = int(np.searchsorted(cs, r))
            wanted.update(cs[max(k - seating.NEAREST, 0) : k + seating.NEAREST])
        for c in sorted(wanted):
            r_idx.append(r)
            c_idx.append(c)
    # Zero is "no edge" in a sparse matrix: every cost is shifted up by one.
    weights = np.array([dense[r, c] + 1 for r, c in zip(r_idx, c_idx, strict=True)], dtype=np.float64)
    return csr_array((weights, (r_idx, c_idx)), shape=(rows, cols))


def _lapjvsp(graph: Any) -> list[int]:
    """SciPy's sparse solver alone, on the candidate graph built beforehand (untimed)."""
    _rows, matched = min_weight_full_bipartite_matching(graph)
    return [int(c) for c in matched]


def _lsa(case: Seating) -> list[int]:
    dense = _dense_costs(*case)
    _rows, matched = linear_sum_assignment(dense)
    return [int(c) for c in matched]


def _cpu(work: Callable[[], object]) -> list[float]:
    work()
    runs = []
    for _ in range(REPEATS):
        start = time.process_time()
        work()
        runs.append(time.process_time() - start)
    return runs


def run() -> None:
    for players, rounds in SIZES:
        case = _captured(players, rounds)
        costs = _dense_costs(*case)
        best = _total(costs, _ours(case))
        print(
            f"seating {len(case[1])} games at {len(case[2])} tables ({players} players, round {rounds + 1}):"
        )
        graph = _candidate_graph(case)
        solvers: tuple[tuple[str, Callable[[], list[int]]], ...] = (
            ("ours: candidates, solve, certificate", partial(_ours, case)),
            ("SciPy LAPJVsp: the solve alone", partial(_lapjvsp, graph)),
            ("SciPy LAPJV: NumPy matrix and solve", partial(_lsa, case)),
        )
        for label, solver in solvers:
            runs = _cpu(solver)
            total = _total(costs, solver())
            verdict = "optimal" if total == best else f"{total - best:+d} over the optimum"
            ms = [r * 1000 for r in runs]
            print(
                f"  {label:<40} {statistics.median(ms):8.1f} ms CPU ({min(ms):.1f}-{max(ms):.1f}); {verdict}",
                flush=True,
            )
