"""The benchmark's event generator (benchmarks/bench_pairing.py) makes valid histories.

It no longer runs the optimal pairer for each history round (that took minutes and
gigabytes at 16,384 players), so what the engine relied on must be checked here: the
history reads back as event/1, every active player plays once a round, nobody meets
anyone twice, nobody has two byes, no table holds two games in a round.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.bench_pairing import generate
from pairings.engine import pair_round, request_from_event
from standings.eventfile import event_to_json, parse_event


def _check(players: int, rounds: int, seed: int) -> None:
    event = generate(players, rounds, seed=seed)
    assert parse_event(event_to_json(event)) == event  # valid event/1, round trip intact
    assert len(event.rounds) == rounds
    ids = {p.id for p in event.players}
    assert len(ids) == players
    met: set[frozenset[str]] = set()
    byes: Counter[str] = Counter()
    tables = {t.number for t in event.tables}
    for round_ in event.rounds:
        seen = [p for g in round_.games for p in g.players]
        assert sorted(seen) == sorted(ids)  # everyone once
        used = [g.table for g in round_.games if not g.is_bye]
        assert len(used) == len(set(used))
        assert set(used) <= tables
        assert sum(g.is_bye for g in round_.games) == players % 2
        for game in round_.games:
            if game.is_bye:
                byes[game.players[0]] += 1
                continue
            pair = frozenset(game.players)
            assert len(pair) == 2
            assert pair not in met, f"rematch {sorted(pair)} in round {round_.number}"
            met.add(pair)
            assert game.vp is not None
    assert max(byes.values(), default=0) <= 1


@given(st.integers(4, 160), st.integers(1, 9), st.integers(0, 1000))
def test_generated_histories_are_valid_event_files_without_rematches(players, rounds, seed):
    if players < 4 * rounds:
        rounds = max(1, players // 4)
    _check(players, rounds, seed)


@pytest.mark.parametrize(("players", "rounds"), [(512, 6), (4097, 8)])
def test_large_histories_are_valid_too(players, rounds):
    _check(players, rounds, seed=1)


def test_the_engine_pairs_the_next_round_without_a_rematch():
    event = generate(200, 6, seed=3)
    pairing = pair_round(request_from_event(event, seed=1))
    assert pairing.report.objective.rematches == 0
    assert pairing.report.objective.bye_byes == 0


def test_a_history_that_cannot_exist_is_refused_clearly():
    with pytest.raises(ValueError, match="cannot have 9 rounds"):
        generate(5, 9)
