"""networkx as a second oracle on mid-size fields (20-60 players), where brute force is out of reach.

networkx solves the same layered weights on the complete graph with its own blossom
implementation in exact Python integers; the rustworkx run on the pruned candidate graph
must reach the same objective. Histories come from simulated Swiss rounds, with extra
random meetings mixed in so that some rematches are forced.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairings.engine import PairingRequest, TableSpec, pair_round
from pairings.engine.objective import matching_criteria
from pairings.engine.plan import plan_round
from pairings.engine.swiss import build_graph, match, rng_for
from tests.pairings.helpers import simulate


@st.composite
def mid_fields(draw: st.DrawFn) -> PairingRequest:
    n = draw(st.integers(20, 60))
    rounds = draw(st.integers(0, 6))
    seed = draw(st.integers(0, 10_000))
    field = simulate(n, rounds, seed=seed)
    extra = draw(st.sampled_from([0, 0, 3, 12]))
    rng = random.Random(seed)
    ids = [e.id for e in field]
    by_id = {e.id: e for e in field}
    for _ in range(extra * n // 4):
        a, b = rng.sample(ids, 2)
        by_id[a] = replace(by_id[a], opponents=by_id[a].opponents | {b})
        by_id[b] = replace(by_id[b], opponents=by_id[b].opponents | {a})
    if draw(st.booleans()):
        by_id.pop(ids[-1])  # an odd field: a bye
    return PairingRequest(
        rounds + 1,
        tuple(by_id.values()),
        tables=tuple(TableSpec(t) for t in range(1, n // 2 + 2)),
        seed=seed,
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_fields())
def test_rustworkx_on_the_pruned_graph_reaches_the_networkx_optimum(request: PairingRequest) -> None:
    fast = pair_round(replace(request, prune=True))
    reference = pair_round(replace(request, prune=False), solver="networkx")
    assert fast.report.pruned
    assert not reference.report.pruned
    assert fast.report.objective.matching == reference.report.objective.matching


def test_pruning_keeps_far_fewer_edges_on_a_large_field() -> None:
    field = simulate(300, 4, seed=5)
    plan = plan_round(PairingRequest(5, tuple(field)))
    complete = build_graph(plan, rng_for(0, 5, "pairing"), prune=False)
    pruned = build_graph(plan, rng_for(0, 5, "pairing"), prune=True)
    assert len(complete.edges) == 300 * 299 // 2
    assert len(pruned.edges) < len(complete.edges) // 5


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_fields())
def test_pruning_keeps_even_the_tie_break_optimum(request: PairingRequest) -> None:
    # The tie-break layer (sum of order gaps) is the potential in the pruning proof, so the
    # candidate graph holds a matching that is optimal on it too, not only on criteria 1-5.
    plan = plan_round(request)
    results = []
    for prune in (True, False):
        graph = build_graph(plan, rng_for(request.seed, request.number, "pairing"), prune=prune)
        position = {p: i for i, p in enumerate(graph.players)}
        result = match(plan, rng_for(request.seed, request.number, "pairing"), prune=prune)
        gaps = sum(abs(position[a] - position[b]) for a, b in result.pairs)
        results.append((matching_criteria(plan.entrants, result.pairs, result.bye), gaps))
    assert results[0] == results[1]
