"""The pure faction statistics (docs/faction-stats.md): per faction its games, wins, draws
and losses with mirror matches apart, the win rate with its 95% Wilson score interval, and
how often each pair of factions met. Plain Python: the callers resolve each game's factions
and result; this package never reads a database."""

from faction_stats.engine import (
    A_WON,
    B_WON,
    DRAW,
    Z95,
    FactionGame,
    FactionLine,
    FactionStats,
    Interval,
    faction_stats,
    wilson_interval,
)

__all__ = [
    "A_WON",
    "B_WON",
    "DRAW",
    "Z95",
    "FactionGame",
    "FactionLine",
    "FactionStats",
    "Interval",
    "faction_stats",
    "wilson_interval",
]
