"""Seating chosen together with the games (OP Guide, Tables and Terrain: each player on a
different table each round where possible).

Among the pairings optimal on criteria 1-5, the engine picks one whose best seating has
the fewest table repeats (docs/pairing.md, "Seating chosen with the games"). The oracle
(tests/pairings/oracle.py) enumerates every pairing optimal on 1-5 by branch and bound and
seats each with scipy's assignment solver: no engine code.
"""

from __future__ import annotations

import random

import pytest

from benchmarks.fields import record_random_results
from pairings.engine import Entrant, PairingRequest, TableSpec, pair_round
from tests.pairings.helpers import entrant
from tests.pairings.oracle import best_joint

# Round 5 of a community event: 15 regular players left after drops (p3, p5, p8, p9, p17
# are gone), the Head Judge steps in, and the 8 games fill every table, numbered 3-11
# with 6 missing. Seating the games chosen first costs one repeated table; a pairing
# equal on criteria 1-5 seats everyone on a new table.
HARD_ROUND = (
    entrant("p0", 9, met="p1 p16 p18 p8", tables="3 4 5 11"),
    entrant("p1", 9, met="p0 p12 p15 p7", tables="4 5 7 8"),
    entrant("p2", 6, met="p10 p12 p14 p16", tables="5 8 10 11"),
    entrant("p4", 4, met="p11 p13 p17 p18", tables="8 9 10 11"),
    entrant("p6", 7, met="p12 p13 p17 p7", tables="4 7 8 13"),
    entrant("p7", 3, met="p1 p11 p19 p6", tables="4 5 7 13"),
    entrant("p10", 6, met="p12 p16 p2 p9", tables="3 5 7 9"),
    entrant("p11", 6, met="p15 p18 p4 p7", tables="4 5 8 10"),
    entrant("p12", 1, met="p1 p10 p2 p6", tables="8 9 10 13"),
    entrant("p13", 3, met="p15 p19 p4 p6", tables="7 8 9 10"),
    entrant("p14", 3, met="HJ p18 p19 p2", tables="3 8 9 11"),
    entrant("p15", 12, met="p1 p11 p13 p17", tables="3 4 5 9"),
    entrant("p16", 6, met="p0 p10 p2 p3", tables="3 7 10 11"),
    entrant("p18", 9, met="p0 p11 p14 p4", tables="3 5 9 10"),
    entrant("p19", 0, met="p13 p14 p7 p9", tables="4 7 11 13"),
    entrant("HJ", 3, met="p14", tables="9", spare=True),
)
HARD_TABLES = tuple(TableSpec(n) for n in (3, 4, 5, 7, 8, 9, 10, 11))


def test_a_pairing_equal_on_the_matching_criteria_but_with_no_repeated_table_is_chosen():
    request = PairingRequest(5, HARD_ROUND, tables=HARD_TABLES, seed=5)
    pairing = pair_round(request)
    best, repeats = best_joint(request, HARD_TABLES)
    assert repeats == 0
    assert pairing.report.objective.matching == best
    assert pairing.report.objective.table_repeats == 0
    assert pairing.report.table_repeats == ()
    assert {g.table for g in pairing.games} == {t.number for t in HARD_TABLES}


def _small_event(seed: int) -> tuple[PairingRequest, tuple[TableSpec, ...]]:
    """13-22 players, drops, a playing Head Judge, table numbers with gaps, every table used."""
    rng = random.Random(seed)
    n = rng.randint(13, 22)
    field = {f"p{i}": Entrant(f"p{i}") for i in range(n)}
    field["HJ"] = Entrant("HJ", spare=True)
    numbers = sorted(rng.sample(range(1, 16), 11))
    rounds = rng.randint(2, 4)
    dropped: set[str] = set()
    for number in range(1, rounds + 2):
        active = [e for e in field.values() if e.id not in dropped]
        regulars = sum(1 for e in active if not e.spare)
        specs = tuple(TableSpec(t) for t in numbers[: (regulars + 1) // 2])
        request = PairingRequest(number, tuple(active), tables=specs, seed=number)
        if number == rounds + 1:
            return request, specs
        record_random_results(field, pair_round(request).games, rng)
        dropped |= {e.id for e in field.values() if not e.spare and rng.random() < 0.08}
    raise AssertionError("unreachable")


# Seeds whose oracle runs in well under a second (early rounds of big fields tie so widely
# that enumerating every optimal pairing takes minutes); 11, 44 and 54 were hard cases.
@pytest.mark.parametrize("seed", [1, 3, 11, 19, 28, 43, 44, 51, 54])
def test_small_events_match_the_oracle_on_every_criterion(seed):
    request, tables = _small_event(seed)
    best, repeats = best_joint(request, tables)
    objective = pair_round(request).report.objective
    assert objective.matching == best
    assert objective.table_repeats == repeats
