"""Standings as JSON (the `standings --json` contract in docs/interchange.md) and as a table.

OP Guide: When to Calculate Them — "Report both to four decimal places and compare
unrounded values." Ordering happens in the engine on exact values; rounding happens only
here, half away from zero, on the exact Fraction (no binary floating-point detour).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from standings.engine import Standings


def ten_thousandths(value: Fraction) -> int:
    """The value in units of 0.0001, rounded half away from zero.

    floor(n/d * 10,000 + 1/2) is (20,000 n + d) // 2d in integers (d > 0): the same exact
    rounding without building three Fractions per value, which was a quarter of printing
    4,096 players' standings (tests/standings/test_display.py checks it against
    the Fraction formula)."""
    n, d = value.numerator, value.denominator
    return (20_000 * n + d) // (2 * d) if n >= 0 else -((-20_000 * n + d) // (2 * d))


def four_dp(value: Fraction) -> float:
    """A JSON number with at most four decimals: 13/3 → 4.3333, 7 → 7.0."""
    return ten_thousandths(value) / 10_000


def four_dp_text(value: Fraction) -> str:
    """Always four decimals, for people: 13/3 → "4.3333", 7 → "7.0000"."""
    units = ten_thousandths(value)
    sign = "-" if units < 0 else ""
    whole, part = divmod(abs(units), 10_000)
    return f"{sign}{whole}.{part:04d}"


def standings_json(standings: Standings) -> dict[str, Any]:
    """Exactly the docs/interchange.md shape: placed players in order, then the rest with rank null."""
    return {
        "standings": [
            {
                "rank": row.rank,
                "player": row.player,
                "name": row.name,
                "mp": row.mp,
                "tp": row.tp,
                "sos": four_dp(row.sos),
                "otp": four_dp(row.otp),
                **({"kp": row.kp} if standings.kill_points else {}),
                "placed": row.placed,
            }
            for row in standings.rows
        ]
    }


@dataclass(frozen=True)
class RoundProgress:
    """A published round still being played: how many of its games have a result in."""

    number: int
    results_in: int
    games: int

    @property
    def complete(self) -> bool:
        return self.results_in >= self.games


def standings_state(standings: Standings, progress: RoundProgress | None = None) -> str:
    """ "final" or "indicative", with how far the event has gone.

    While a round is being played (`progress`, not yet complete) the standings are those
    after the round before it with the few results in so far: saying "after round 2" with
    1 of 4 round-2 results in would misread as complete (OP Guide: When to Calculate Them).
    """
    if progress is not None and not progress.complete:
        before = f"Standings after round {progress.number - 1}" if progress.number > 1 else "No standings yet"
        return (
            f"{before}; round {progress.number} in progress: "
            f"{progress.results_in} of {progress.games} results in"
        )
    planned = f" of {standings.planned_rounds}" if standings.planned_rounds is not None else ""
    kind = "Final" if standings.final else "Indicative"
    return f"{kind} standings after round {standings.rounds_played}{planned}"


def standings_table(standings: Standings, title: str = "") -> str:
    """A plain-text table a TO can read aloud or pin to the wall (with KP where they rank)."""
    kp = standings.kill_points
    header = ("Rank", "Player", "MP", "TP", "SoS", "oTP", *(("KP",) if kp else ()), "Games", "")
    body = [
        (
            "-" if row.rank is None else str(row.rank),
            f"{row.name} ({row.player})",
            str(row.mp),
            str(row.tp),
            four_dp_text(row.sos),
            four_dp_text(row.otp),
            *((str(row.kp),) if kp else ()),
            str(row.pool),
            "" if row.status == "active" else row.status,
        )
        for row in standings.rows
    ]
    widths = [max(len(r[c]) for r in [header, *body]) for c in range(len(header))]
    right = set(range(len(header) - 1)) - {1}

    def render(cells: tuple[str, ...]) -> str:
        pairs = enumerate(zip(cells, widths, strict=True))
        parts = [cell.rjust(w) if c in right else cell.ljust(w) for c, (cell, w) in pairs]
        return "  ".join(parts).rstrip()

    heading = f"{title} — {standings_state(standings)}" if title else standings_state(standings)
    lines = [heading, "", render(header), render((*("-" * w for w in widths[:-1]), ""))]
    lines += [render(r) for r in body]
    lines += ["", "Games: how many games count towards SoS and oTP (byes, no-shows and the spare do not)."]
    if kp:
        lines.append("KP: Kill Points scored in played games, the fifth key after oTP.")
    if not standings.final:
        lines.append(
            "Indicative only: SoS and oTP settle after the last round (OP Guide: When to Calculate Them)."
        )
    return "\n".join(lines)
