"""The weight layering: heavier total weight must mean a lexicographically better pairing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from pairings.engine import PairingError, PairingRequest
from pairings.engine.plan import plan_round
from pairings.engine.swiss import WEIGHT_LIMIT, build_graph, compute_layers, rng_for
from tests.pairings.oracle import criteria
from tests.pairings.strategies import fields


def perfect_matchings(nodes, weight):
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for k, other in enumerate(rest):
        if (first, other) in weight:
            for tail in perfect_matchings(rest[:k] + rest[k + 1 :], weight):
                yield [(first, other), *tail]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields(max_players=8))
def test_total_weight_orders_matchings_as_the_criteria_do(request: PairingRequest) -> None:
    plan = plan_round(request)
    graph = build_graph(plan, rng_for(request.seed, 1, "pairing"), prune=False)
    weight = {}
    for u, v, w in graph.edges:
        weight[(u, v)] = weight[(v, u)] = w
    scored = []
    for matching in perfect_matchings(list(range(graph.node_count)), weight):
        pairs, bye = [], None
        for u, v in matching:
            u, v = min(u, v), max(u, v)
            if v < len(graph.players):
                pairs.append((graph.players[u], graph.players[v]))
            elif v == graph.bye_node:
                bye = graph.players[u]
        total = sum(weight[e] for e in matching)
        assert 0 < total <= graph.layers.max_total <= WEIGHT_LIMIT
        scored.append((criteria(plan.entrants, tuple(pairs), bye), total))
    for better, w_better in scored:
        for worse, w_worse in scored:
            if better < worse:
                assert w_better > w_worse


def test_layer_units_are_one_more_than_everything_below():
    layers = compute_layers(games=3, phantoms=1, spread=6, bye_mp=9, bye_byes=2, bye=True, sitouts=0, tie=7)
    ties = 4 * 6  # four matching edges, each tie-break at most 6
    assert layers.tie == 7
    assert layers.mp_spread == ties + 1
    assert layers.bye_mp == 3 * 36 * layers.mp_spread + ties + 1
    assert layers.rematch == 9 * layers.bye_mp + 3 * 36 * layers.mp_spread + ties + 1
    assert layers.bye_byes == 3 * layers.rematch + 9 * layers.bye_mp + 3 * 36 * layers.mp_spread + ties + 1


def test_a_tie_break_that_cannot_fit_is_dropped_not_the_criteria():
    layers = compute_layers(
        games=2047, phantoms=1, spread=200, bye_mp=200, bye_byes=3, bye=True, sitouts=0, tie=2**20
    )
    assert layers.tie == 1
    assert layers.max_total <= WEIGHT_LIMIT


def test_weights_that_cannot_fit_are_a_clear_error():
    with pytest.raises(PairingError, match=r"too large to pair exactly.*2\*\*62"):
        compute_layers(
            games=100_000, phantoms=1, spread=10_000, bye_mp=10_000, bye_byes=50, bye=True, sitouts=0, tie=10
        )
