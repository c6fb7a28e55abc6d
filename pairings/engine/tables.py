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
from collections.abc import Mapping, Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

from pairings.engine.model import Entrant, TableSpec

# float64 holds integers exactly up to 2**53; the costs below are built to stay under it.
EXACT_LIMIT = 1 << 53


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
    rows, cols = len(games), len(free_tables)
    cosmetic_total = rows * max(rows, cols)
    layout_unit = cosmetic_total + 1
    layout_total = 2 * rows * layout_unit
    repeat_unit = layout_total + cosmetic_total + 1
    assert 2 * rows * repeat_unit + layout_total + cosmetic_total < EXACT_LIMIT, "table costs overflow"

    cost = np.abs(np.arange(rows, dtype=np.float64)[:, None] - np.arange(cols, dtype=np.float64)[None, :])
    column = {t.number: c for c, t in enumerate(free_tables)}
    by_layout: dict[str, list[int]] = {}
    for c, t in enumerate(free_tables):
        if t.layout:
            by_layout.setdefault(t.layout, []).append(c)
    layout_columns = {layout: np.array(cs, dtype=np.intp) for layout, cs in by_layout.items()}
    for r, pair in enumerate(games):
        for player in pair:
            entrant = entrants[player]
            for number in entrant.tables:
                col = column.get(number)
                if col is not None:
                    cost[r, col] += repeat_unit
            for layout in entrant.layouts:
                cs = layout_columns.get(layout)
                if cs is not None:
                    cost[r, cs] += layout_unit
    row_index, col_index = linear_sum_assignment(cost)
    for r, c in zip(row_index.tolist(), col_index.tolist(), strict=True):
        seats[games[r]] = free_tables[c].number
    return seats
