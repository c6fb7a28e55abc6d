"""Scoring a finished pairing on the objective, independently of how it was found.

The engine reports these figures, and the tests compare them with the oracles', so this
module must stay a plain restatement of docs/pairing.md, never a copy of the weights.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pairings.engine.model import Entrant, Objective
from standings.records import PairedGame


def matching_criteria(
    entrants: Mapping[str, Entrant], pairs: Iterable[tuple[str, str]], bye: str | None
) -> tuple[int, int, int, int]:
    """Criteria 2-5 for a set of games and an optional bye."""
    rematches = 0
    spread = 0
    for a, b in pairs:
        if b in entrants[a].opponents or a in entrants[b].opponents:
            rematches += 1
        spread += (entrants[a].mp - entrants[b].mp) ** 2
    if bye is None:
        return (0, rematches, 0, spread)
    return (entrants[bye].byes, rematches, entrants[bye].mp, spread)


def seat_repeats(entrants: Mapping[str, Entrant], players: Iterable[str], table: int) -> int:
    return sum(1 for player in players if table in entrants[player].tables)


def table_repeats(entrants: Mapping[str, Entrant], games: Iterable[PairedGame]) -> int:
    """Criterion 6: players seated at a table they have already played on."""
    return sum(seat_repeats(entrants, g.players, g.table) for g in games if g.table is not None)


def evaluate(entrants: Mapping[str, Entrant], games: Iterable[PairedGame]) -> Objective:
    games = list(games)
    pairs = [(g.players[0], g.players[1]) for g in games if not g.is_bye]
    byes = [g.players[0] for g in games if g.is_bye]
    if len(byes) > 1:
        raise ValueError("a round has at most one bye")
    c2, c3, c4, c5 = matching_criteria(entrants, pairs, byes[0] if byes else None)
    return Objective(c2, c3, c4, c5, table_repeats(entrants, games))
