"""Test data: a pairing's games played out with random results, for the benchmarks and tests.

One place for what `benchmarks/bench_joint.py`, `tests/pairings/helpers.simulate` and the
joint-seating tests each did to build a field's history through the engine itself: a win
either way 45 % of the time each, a draw 10 %, the bye 3 MP.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, MutableMapping
from dataclasses import replace

from pairings.engine import Entrant
from standings.records import PairedGame


def record_random_results(
    field: MutableMapping[str, Entrant], games: Iterable[PairedGame], rng: random.Random
) -> None:
    """Add each game to its players' records in `field`, the result drawn from `rng`."""
    for game in games:
        if game.is_bye:
            e = field[game.players[0]]
            field[e.id] = replace(e, mp=e.mp + 3, byes=e.byes + 1)
            continue
        a, b = (field[p] for p in game.players)
        roll = rng.random()
        gain = (3, 0) if roll < 0.45 else (0, 3) if roll < 0.9 else (1, 1)
        table = game.table
        assert table is not None, "the engine seats every game"
        field[a.id] = replace(a, mp=a.mp + gain[0], opponents=a.opponents | {b.id}, tables=a.tables | {table})
        field[b.id] = replace(b, mp=b.mp + gain[1], opponents=b.opponents | {a.id}, tables=b.tables | {table})
