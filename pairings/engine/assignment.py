"""An exact minimum-cost assignment on a sparse candidate set, with a dual certificate.

Seating a round is a rectangular assignment problem (games to tables, at least as many
tables as games). The cost matrix is dense, but almost every entry is one of a few
structured values, so the engine solves it on a sparse set of candidate edges and then
*proves* the answer optimal for the whole matrix: the shortest-augmenting-path method
(Hungarian / Jonker-Volgenant, as in Crouse 2016, the method behind scipy's
`linear_sum_assignment`) keeps dual values `u` (rows) and `v` (columns) with

    u[r] + v[c] <= cost(r, c) on every candidate edge, equality on the chosen ones,
    v[c] <= 0, and v[c] == 0 for every column left free.

If the caller's pricing finds no pair (r, c) outside the candidates with
`cost(r, c) - u[r] - v[c] < 0`, those duals are feasible for the full linear program,
whose value they equal, so the assignment is optimal for the full matrix (LP duality;
the assignment polytope is integral). Otherwise the violating pairs join the candidates
and the problem is solved again. Integers throughout: exact at any size, no numpy.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Sequence

# Pricing: given the duals, the pairs (row, column, cost) outside the candidates that
# violate them; an empty answer certifies optimality.
Pricing = Callable[[Sequence[int], Sequence[int], Sequence[dict[int, int]]], list[tuple[int, int, int]]]


class AssignmentError(ValueError):
    """No assignment of every row exists on the candidate edges."""


def _solve(columns: int, adjacency: Sequence[dict[int, int]]) -> tuple[list[int], list[int], list[int]]:
    """Sequential shortest augmenting paths; returns (column of each row, u, v)."""
    rows = len(adjacency)
    v = [0] * columns
    row_of: list[int] = [-1] * columns
    col_of: list[int] = [-1] * rows
    # Row reduction (v = 0, u[r] = the row's cheapest edge) keeps every reduced cost >= 0;
    # a row whose cheapest column is still free takes it at once, tight. Most rows do.
    u = [min(row.values()) for row in adjacency]
    pending = []
    for r, row in enumerate(adjacency):
        best = u[r]
        for c, w in row.items():
            if w == best and row_of[c] < 0:
                row_of[c] = r
                col_of[r] = c
                break
        else:
            pending.append(r)
    pending = _augmenting_row_reduction(adjacency, u, v, row_of, col_of, pending)
    push, pop = heapq.heappush, heapq.heappop
    for start in pending:
        final: dict[int, int] = {}
        dist: dict[int, int] = {}
        pred: dict[int, int] = {}
        heap: list[tuple[int, int]] = []
        reached_rows = [start]
        i, d_i = start, 0
        sink = -1
        # The least tentative distance to a free column: the path found ends no further.
        # A column further than that can never be settled before the sink, so it is not
        # recorded at all (ties are kept, so the path chosen among equals is unchanged).
        # Most columns a search meets are that far: a quarter off seating 4,096 players.
        bound = None
        while True:
            ui = u[i]
            for c, w in adjacency[i].items():
                nd = d_i + w - ui - v[c]
                if (bound is not None and nd > bound) or c in final:
                    continue
                if nd < dist.get(c, nd + 1):
                    dist[c] = nd
                    pred[c] = i
                    push(heap, (nd, c))
                    if row_of[c] < 0 and (bound is None or nd < bound):
                        bound = nd
            while heap:
                d, c = pop(heap)
                if c not in final and dist[c] == d:
                    break
            else:
                raise AssignmentError("no assignment places every row")
            final[c] = d
            if row_of[c] < 0:
                sink = c
                break
            i, d_i = row_of[c], d
            reached_rows.append(i)
        shortest = final[sink]
        u[start] += shortest
        for r in reached_rows[1:]:
            u[r] += shortest - final[col_of[r]]
        for c, d in final.items():
            v[c] -= shortest - d
        c = sink
        while True:
            r = pred[c]
            previous = col_of[r]
            row_of[c] = r
            col_of[r] = c
            if r == start:
                break
            c = previous
    return col_of, u, v


def _augmenting_row_reduction(
    adjacency: Sequence[dict[int, int]],
    u: list[int],
    v: list[int],
    row_of: list[int],
    col_of: list[int],
    free: list[int],
) -> list[int]:
    """Jonker and Volgenant's augmenting row reduction (Computing 38, 1987): the rows left
    free by the row reduction, placed cheaply; returns those still free.

    A free row takes the column of its least reduced cost `w - v[c]`, and that column's
    `v` drops until the row's second-least ties it, so the row's dual `u` is the
    second-least value and stays feasible. The row holding that column before (its dual
    is still feasible: `v` only fell) is freed and tried next. `v` only ever falls, and
    only on a column that is then taken, so every invariant the shortest paths and the
    certificate rely on holds (`u[r] + v[c] <= cost` on every candidate, equality on the
    chosen, `v <= 0`, `v == 0` on every free column) whenever this stops. Two passes with
    a bounded number of steps, as JV do; what is left goes to the shortest augmenting
    paths. Seating 4,096 players: 625 rows free after the row reduction, this places most
    of them for a fraction of what their paths cost.
    """
    for _ in range(2):
        queue = deque(free)
        free = []
        steps = 4 * len(queue) + 16
        while queue and steps:
            steps -= 1
            r = queue.popleft()
            first = second = None  # least and second-least reduced value over r's candidates
            j1 = j2 = -1
            for c, w in adjacency[r].items():
                h = w - v[c]
                if first is None or h < first:
                    second, j2 = first, j1
                    first, j1 = h, c
                elif second is None or h < second:
                    second, j2 = h, c
            if first is None:
                raise AssignmentError("a row has no candidate column")
            holder = row_of[j1]
            # How far the least column undercuts the second (0 on a tie or a lone candidate).
            gap = 0 if second is None else second - first
            if gap:
                v[j1] -= gap
            elif holder >= 0 and j2 >= 0:
                j1 = j2  # a tie: the second column costs this row no more than the first
                holder = row_of[j1]
            row_of[j1] = r
            col_of[r] = j1
            u[r] = adjacency[r][j1] - v[j1]
            if holder >= 0:
                col_of[holder] = -1
                if gap:
                    queue.appendleft(holder)
                else:
                    free.append(holder)
        free.extend(queue)
    return free


def min_cost_assignment(columns: int, candidates: Sequence[dict[int, int]], pricing: Pricing) -> list[int]:
    """The column of each row in an assignment of minimum total cost over the full matrix.

    `candidates[r]` maps column -> cost for the edges tried first; they must allow every
    row a column at once (for instance each row's own index). `pricing` names violated
    pairs outside the candidates; they join and the problem is solved again, until pricing
    finds none (the certificate). Each round strictly enlarges a finite candidate set, so
    the loop ends; in practice after one or two rounds.
    """
    adjacency = [dict(row) for row in candidates]
    while True:
        col_of, u, v = _solve(columns, adjacency)
        violated = pricing(u, v, adjacency)
        if not violated:
            return col_of
        for r, c, w in violated:
            if c in adjacency[r]:
                raise AssignmentError(f"pricing named the candidate edge ({r}, {c}); this is a bug")
            adjacency[r][c] = w
