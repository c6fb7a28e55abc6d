"""Faction statistics from games already resolved to (faction A, faction B, result).

What counts (docs/faction-stats.md): each game the caller hands in is one game played
between two factions. A game between two armies of one faction (a mirror match) says
nothing about how that faction fares against the others, so it is counted apart, in
`mirrors` and on the matrix's diagonal, and left out of games, wins, draws, losses and the
win rate. The caller leaves out what was never played: byes, no-shows, double no-shows and
Game Loss penalties.

The win rate scores a draw as half a win, (wins + draws / 2) / games, and comes with the
95% Wilson score interval (`wilson_interval`), which stays inside 0..1 and is honest about
small samples where the plain "± 1.96 standard errors" is not.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Result = Literal["a", "draw", "b"]
A_WON: Result = "a"
DRAW: Result = "draw"
B_WON: Result = "b"
RESULTS: frozenset[str] = frozenset({A_WON, DRAW, B_WON})

# The normal quantile of a two-sided 95% interval (Φ⁻¹(0.975)).
Z95 = 1.959963984540054


class FactionStatsError(ValueError):
    """A game the engine cannot count (an unknown result or an unnamed faction)."""


@dataclass(frozen=True)
class FactionGame:
    """One game played: the two sides' factions and who won (`A_WON`, `DRAW`, `B_WON`)."""

    faction_a: str
    faction_b: str
    result: Result

    def __post_init__(self) -> None:
        if self.result not in RESULTS:
            raise FactionStatsError(f"unknown result {self.result!r}")
        if not self.faction_a or not self.faction_b:
            raise FactionStatsError("a game names both factions")


@dataclass(frozen=True)
class Interval:
    low: float
    high: float


@dataclass(frozen=True)
class FactionLine:
    """One faction's record against the other factions, mirrors counted apart."""

    faction: str
    games: int
    wins: int
    draws: int
    losses: int
    mirrors: int
    # (wins + draws / 2) / games; None without a game against another faction.
    win_rate: float | None
    interval: Interval | None


@dataclass(frozen=True)
class FactionStats:
    """Every faction's line (best win rate first) and the meeting matrix.

    `factions` orders the matrix (alphabetically); `matrix[i][j]` is how many games
    `factions[i]` played against `factions[j]`, symmetric, mirrors on the diagonal."""

    lines: tuple[FactionLine, ...]
    factions: tuple[str, ...]
    matrix: tuple[tuple[int, ...], ...]
    games: int  # every game counted, mirrors included
    mirrors: int

    def line(self, faction: str) -> FactionLine:
        for line in self.lines:
            if line.faction == faction:
                return line
        raise KeyError(faction)

    def met(self, one: str, other: str) -> int:
        """How often the two factions met (mirror games when they are the same)."""
        return self.matrix[self.factions.index(one)][self.factions.index(other)]


def wilson_interval(successes: float, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a proportion: `successes` of `n` (a draw may count a half).

    With p = successes / n:
        centre    = (p + z² / 2n) / (1 + z² / n)
        half-width = z / (1 + z² / n) · √(p(1 - p) / n + z² / 4n²)
    and the interval is centre ± half-width (docs/faction-stats.md works an example).
    """
    if n <= 0:
        raise FactionStatsError("an interval needs at least one game")
    if not 0 <= successes <= n:
        raise FactionStatsError("successes lie between 0 and the number of games")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # The interval always holds p (at p = 0 its low end is exactly 0, at p = 1 its high end
    # exactly 1); floating point can miss that by 1e-17, so each end is held to p's side.
    return Interval(min(max(0.0, centre - half), p), max(min(1.0, centre + half), p))


def faction_stats(games: Iterable[FactionGame]) -> FactionStats:
    """Count every game for both sides; mirrors apart (see the module's docstring)."""
    wins: Counter[str] = Counter()
    draws: Counter[str] = Counter()
    losses: Counter[str] = Counter()
    mirrors: Counter[str] = Counter()
    met: Counter[tuple[str, str]] = Counter()
    seen: set[str] = set()
    total = 0
    for game in games:
        a, b = game.faction_a, game.faction_b
        seen.update((a, b))
        total += 1
        if a == b:
            mirrors[a] += 1
            met[a, a] += 1
            continue
        met[a, b] += 1
        met[b, a] += 1
        if game.result == DRAW:
            draws[a] += 1
            draws[b] += 1
        else:
            winner, loser = (a, b) if game.result == A_WON else (b, a)
            wins[winner] += 1
            losses[loser] += 1
    lines = []
    for faction in seen:
        played = wins[faction] + draws[faction] + losses[faction]
        score = wins[faction] + draws[faction] / 2
        lines.append(
            FactionLine(
                faction=faction,
                games=played,
                wins=wins[faction],
                draws=draws[faction],
                losses=losses[faction],
                mirrors=mirrors[faction],
                win_rate=score / played if played else None,
                interval=wilson_interval(score, played) if played else None,
            )
        )
    lines.sort(key=lambda line: (line.win_rate is None, -(line.win_rate or 0.0), -line.games, line.faction))
    order = tuple(sorted(seen))
    matrix = tuple(tuple(met[row, column] for column in order) for row in order)
    return FactionStats(
        lines=tuple(lines), factions=order, matrix=matrix, games=total, mirrors=sum(mirrors.values())
    )
