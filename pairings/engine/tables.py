"""Seating the round's games at tables, after the matching.

Tables and Terrain: each table keeps its layout for the whole event, and "where the
pairing software allows, place each player on a different table each Swiss round". So
the assignment minimises, in order: players seated at a table they already played on
(criterion 6); players meeting a layout they already played on; and, cosmetically, how
far each game sits from its place in the standings order (top games on the lowest
numbered tables). The ranking of equal games is a seeded random order, which is also
what breaks the remaining ties.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Mapping, Sequence

from pairings.engine.assignment import min_cost_assignment
from pairings.engine.model import Entrant, TableSpec

# Initial candidates: for each game and layout, this many nearest tables of that layout on
# each side. Only speed depends on it; optimality is certified by pricing (assignment.py).
# With 1, a late round of a big event needed up to nine solves (each from scratch) before
# pricing certified it: 5 s at 4,096 players; with 3, one solve, 0.7 s.
NEAREST = 3


def game_order(
    entrants: Mapping[str, Entrant], pairs: Sequence[tuple[str, str]], rng: random.Random
) -> list[tuple[str, str]]:
    """Games from the top of the standings down: higher MP first, then the pair's lower MP."""
    keys = {pair: rng.random() for pair in sorted(pairs)}

    def rank(pair: tuple[str, str]) -> tuple[int, int, float]:
        a, b = entrants[pair[0]].mp, entrants[pair[1]].mp
        return (-max(a, b), -min(a, b), keys[pair])

    return sorted(pairs, key=rank)


def assign_tables(
    entrants: Mapping[str, Entrant],
    pairs: Sequence[tuple[str, str]],
    tables: Sequence[TableSpec],
    fixed: Mapping[str, int],
    rng: random.Random,
) -> dict[tuple[str, str], int]:
    """Each game's table; `fixed` holds tables the TO set for players (already validated)."""
    seats: dict[tuple[str, str], int] = {}
    for pair in pairs:
        for player in pair:
            if player in fixed:
                seats[pair] = fixed[player]
    taken = set(seats.values())
    games = game_order(entrants, [p for p in pairs if p not in seats], rng)
    free_tables = [t for t in sorted(tables, key=lambda t: t.number) if t.number not in taken]
    if not games:
        return seats
    columns = seat_columns(entrants, games, free_tables)
    for pair, c in zip(games, columns, strict=True):
        seats[pair] = free_tables[c].number
    return seats


def seat_columns(
    entrants: Mapping[str, Entrant], games: Sequence[tuple[str, str]], tables: Sequence[TableSpec]
) -> list[int]:
    """For each game (in standings order), the index of its table among `tables` (ascending).

    Cost of game r at table c, in integer layers (each unit above the most the lower
    layers can total, so the sum orders seatings exactly as the criteria do):
    `repeat_unit * (players who played on table c) + layout_unit * (players who played
    its layout) + |r - c|`. Python integers, so the costs are exact at every size.
    """
    rows, cols = len(games), len(tables)
    cosmetic_total = rows * max(rows, cols)
    layout_unit = cosmetic_total + 1
    layout_total = 2 * rows * layout_unit
    repeat_unit = layout_total + cosmetic_total + 1

    column = {t.number: c for c, t in enumerate(tables)}
    layout_of = [t.layout for t in tables]
    by_layout: dict[str, list[int]] = {}
    for c, t in enumerate(tables):
        by_layout.setdefault(t.layout, []).append(c)
    # For each game: its repeat count per table it would repeat on, and its layout count per layout.
    repeats: list[dict[int, int]] = []
    layouts: list[dict[str, int]] = []
    for pair in games:
        rep: dict[int, int] = {}
        lay: dict[str, int] = {}
        for player in pair:
            entrant = entrants[player]
            for number in entrant.tables:
                at = column.get(number)
                if at is not None:
                    rep[at] = rep.get(at, 0) + 1
            for layout in entrant.layouts:
                if layout and layout in by_layout:
                    lay[layout] = lay.get(layout, 0) + 1
        repeats.append(rep)
        layouts.append(lay)

    def cost(r: int, c: int) -> int:
        return (
            repeat_unit * repeats[r].get(c, 0)
            + layout_unit * (layouts[r].get(layout_of[c], 0) if layout_of[c] else 0)
            + abs(r - c)
        )

    candidates: list[dict[int, int]] = []
    for r in range(rows):
        row = {c: cost(r, c) for c in repeats[r]}
        row[r] = cost(r, r)  # every game its own index: a complete seating always exists
        lay = layouts[r]
        for layout, cs in by_layout.items():
            # Not a repeat table (those are in already): the layout part and the distance.
            base = layout_unit * lay.get(layout, 0) if layout else 0
            k = bisect_left(cs, r)
            for c in cs[max(k - NEAREST, 0) : k + NEAREST]:
                if c not in row:
                    row[c] = base + (r - c if r > c else c - r)
        candidates.append(row)

    def pricing(
        u: Sequence[int], v: Sequence[int], adjacency: Sequence[dict[int, int]]
    ) -> list[tuple[int, int, int]]:
        # A pair outside the candidates is never one of the game's repeat tables (those
        # are candidates), so its cost is `layout part + |r - c|` and its reduced cost
        # `layout part + |r - c| - v[c] - u[r]`. Per layout, `|r - c| - v[c]` is
        # `r + (-c - v[c])` to the left of r and `-r + (c - v[c])` to the right: prefix
        # minima of the first and suffix minima of the second give each row's cheapest
        # column of the layout on each side in O(log) instead of a scan of every table
        # within reach, which grew to millions of cost evaluations at 4,096 players. If
        # the cheapest is not negative, no column on that side is: the certificate is
        # the same. The cheapest violated pair per side joins the candidates; should it
        # already be one (a repeat table, whose true cost is higher), that side is
        # scanned in full.
        found: list[tuple[int, int, int]] = []
        sides = []
        for layout, cs in by_layout.items():
            left: list[tuple[int, int]] = []  # (min of -c - v[c] over cs[:i+1], its c)
            best = None
            for c in cs:
                key = -c - v[c]
                if best is None or key < best[0]:
                    best = (key, c)
                left.append(best)
            right: list[tuple[int, int]] = [(0, 0)] * len(cs)  # (min of c - v[c] over cs[i:], its c)
            best = None
            for i in range(len(cs) - 1, -1, -1):
                c = cs[i]
                key = c - v[c]
                if best is None or key <= best[0]:
                    best = (key, c)
                right[i] = best
            sides.append((layout, cs, left, right))
        for r in range(rows):
            have = adjacency[r]
            for layout, cs, left, right in sides:
                base = (layout_unit * layouts[r].get(layout, 0) if layout else 0) - u[r]
                k = bisect_left(cs, r)
                if k > 0 and base + r + left[k - 1][0] < 0:
                    c = left[k - 1][1]
                    if c not in have:
                        found.append((r, c, cost(r, c)))
                    else:
                        found.extend(_scan(r, cs[:k], have, base, v))
                if k < len(cs) and base - r + right[k][0] < 0:
                    c = right[k][1]
                    if c not in have:
                        found.append((r, c, cost(r, c)))
                    else:
                        found.extend(_scan(r, cs[k:], have, base, v))
        return found

    def _scan(
        r: int, cs: Sequence[int], have: dict[int, int], base: int, v: Sequence[int]
    ) -> list[tuple[int, int, int]]:
        """Every violated pair of row r among `cs` outside the candidates, the slow way."""
        return [(r, c, cost(r, c)) for c in cs if c not in have and base + abs(r - c) - v[c] < 0]

    return min_cost_assignment(cols, candidates, pricing)
