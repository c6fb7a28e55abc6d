"""Hypothesis strategies for small random fields with arbitrary histories."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from pairings.engine import Entrant, PairingRequest, TableSpec


@st.composite
def fields(draw: st.DrawFn, *, max_players: int = 10, spares: bool = True) -> PairingRequest:
    n = draw(st.integers(2, max_players))
    ids = [f"p{i}" for i in range(n)]
    pairs = list(itertools.combinations(ids, 2))
    drawn = draw(st.sets(st.sampled_from(pairs)))
    # Dense histories (everyone has met nearly everyone) are where rematches get forced.
    met = set(pairs) - drawn if draw(st.booleans()) else drawn
    spare = spares and n >= 3 and draw(st.booleans())
    games = (n - spare + (1 if spare and (n - 1) % 2 else 0)) // 2
    table_count = draw(st.integers(max(games, 1), games + 2))
    entrants = []
    for k, pid in enumerate(ids):
        entrants.append(
            Entrant(
                pid,
                mp=draw(st.integers(0, 9)),
                byes=draw(st.integers(0, 2)),
                opponents=frozenset(b if a == pid else a for a, b in met if pid in (a, b)),
                tables=frozenset(draw(st.sets(st.integers(1, table_count + 1), max_size=3))),
                spare=spare and k == 0,
            )
        )
    return PairingRequest(
        number=3,
        entrants=tuple(entrants),
        tables=tuple(TableSpec(t) for t in range(1, table_count + 1)),
        seed=draw(st.integers(0, 2**32)),
    )
