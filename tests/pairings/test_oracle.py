"""The engine against the brute-force oracle on thousands of random small fields.

Random histories include dense ones (rematches forced), repeated byes, spare players and
table histories. The engine's objective must equal the oracle's optimum exactly, both on
the complete graph and on the pruned candidate graph the engine uses for large fields.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairings.engine import Overrides, PairingError, PairingRequest, pair_round
from tests.pairings.oracle import best_pairings, best_table_repeats, valid_pairings
from tests.pairings.strategies import fields

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_valid(request: PairingRequest, pairing_games: tuple[tuple[str, ...], ...]) -> None:
    """Criterion 1: each player placed once, a bye only when attendance is odd and no spare can play."""
    regulars = [e.id for e in request.entrants if not e.spare]
    spares = [e.id for e in request.entrants if e.spare]
    placed = [p for game in pairing_games for p in game]
    assert len(placed) == len(set(placed))
    assert set(regulars) <= set(placed)
    byes = [g for g in pairing_games if len(g) == 1]
    spares_in = [p for p in placed if p in spares]
    if len(regulars) % 2 == 0:
        assert not byes
        assert not spares_in
    elif spares:
        assert not byes
        assert len(spares_in) == 1
    else:
        assert len(byes) == 1


@SETTINGS
@given(fields())
def test_complete_graph_matches_the_oracle(request: PairingRequest) -> None:
    pairing = pair_round(request)
    check_valid(request, tuple(g.players for g in pairing.games))
    best, _ = best_pairings(request)
    assert pairing.report.objective.matching == best
    # Criterion 6: the seating of these games has no fewer repeats anywhere.
    entrants = {e.id: e for e in request.entrants}
    pairs = [(g.players[0], g.players[1]) for g in pairing.games if not g.is_bye]
    assert request.tables is not None
    assert pairing.report.objective.table_repeats == best_table_repeats(entrants, pairs, request.tables, {})


@SETTINGS
@given(fields())
def test_pruned_candidate_graph_matches_the_oracle(request: PairingRequest) -> None:
    pairing = pair_round(PairingRequest(**{**request.__dict__, "prune": True}))
    assert pairing.report.pruned
    best, _ = best_pairings(request)
    assert pairing.report.objective.matching == best


@st.composite
def fields_with_overrides(draw: st.DrawFn) -> PairingRequest:
    base = draw(fields(max_players=9, spares=False))
    ids = [e.id for e in base.entrants]
    shuffled = draw(st.permutations(ids))
    pair_count = draw(st.integers(0, len(ids) // 2 - 1)) if len(ids) >= 4 else 0
    pairs = tuple((shuffled[2 * i], shuffled[2 * i + 1]) for i in range(pair_count))
    rest = list(shuffled[2 * pair_count :])
    bye = rest.pop() if len(ids) % 2 and draw(st.booleans()) else None
    assert base.tables is not None
    numbers = [t.number for t in base.tables]
    held = draw(st.lists(st.sampled_from(rest), unique=True, max_size=3)) if rest else []
    tables = dict(zip(held, draw(st.permutations(numbers))[: len(held)], strict=False))
    overrides = Overrides(pairs=pairs, bye=bye, tables=tables)
    return PairingRequest(**{**base.__dict__, "overrides": overrides, "prune": draw(st.booleans())})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields_with_overrides())
def test_overrides_are_honoured_and_the_rest_is_optimal(request: PairingRequest) -> None:
    if not any(True for _ in valid_pairings(request)):
        # Fixed tables can leave a player with nobody to meet: the engine must say so.
        with pytest.raises(PairingError):
            pair_round(request)
        return
    pairing = pair_round(request)
    best, _ = best_pairings(request)
    assert pairing.report.objective.matching == best
    games = {frozenset(g.players) for g in pairing.games}
    assert all(frozenset(p) in games for p in request.overrides.pairs)
    if request.overrides.bye is not None:
        assert frozenset([request.overrides.bye]) in games
    seat = {p: g.table for g in pairing.games for p in g.players if not g.is_bye}
    for player, table in request.overrides.tables.items():
        assert player not in seat or seat[player] == table
    entrants = {e.id: e for e in request.entrants}
    pairs = [(g.players[0], g.players[1]) for g in pairing.games if not g.is_bye]
    assert request.tables is not None
    fixed = {p: t for p, t in request.overrides.tables.items() if p in seat}
    assert pairing.report.objective.table_repeats == best_table_repeats(
        entrants, pairs, request.tables, fixed
    )
