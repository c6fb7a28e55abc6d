"""Why a player stands where they do: the answer to "why am I 5th?".

Lists every game with what it scored, which opponents entered the SoS/oTP pool at which
final tally, which games were left out and why, and which metric put the player above
them there. Data first (dataclasses), then a short text for the TO to read out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from standings.display import four_dp, four_dp_text, standings_state
from standings.engine import DISQUALIFIED, SPARE, Standing, Standings

METRICS = ("Match Points", "Tournament Points", "SoS", "oTP")


@dataclass(frozen=True)
class CountedOpponent:
    """An opponent in the pool, at their final tally (OP Guide: The Two Opponent Metrics)."""

    round: int
    player: str
    name: str
    mp: int
    tp: int


@dataclass(frozen=True)
class ExcludedGame:
    """A game that stays out of the pool, in numerator and denominator (OP Guide: Which Games Count)."""

    round: int
    opponent: str | None
    opponent_name: str | None
    reason: str


@dataclass(frozen=True)
class Explanation:
    standing: Standing
    standings_state: str  # "Indicative standings after round 3 of 5"
    counted: tuple[CountedOpponent, ...]
    excluded: tuple[ExcludedGame, ...]
    # The placed player listed directly above, and the first metric that puts them there;
    # "shared" when all four are identical (same rank, listed first by name only).
    above: Standing | None
    separated_by: str | None
    not_placed_reason: str | None
    names: Mapping[str, str]  # every opponent's name, by id, for the game lines


def _separated_by(above: Standing, below: Standing) -> str:
    pairs = ((above.mp, below.mp), (above.tp, below.tp), (above.sos, below.sos), (above.otp, below.otp))
    for metric, (a, b) in zip(METRICS, pairs, strict=True):
        if a != b:
            return metric
    return "shared"


def explain(standings: Standings, player_id: str) -> Explanation:
    """Everything behind one player's line, looked up in `standings`."""
    row = standings[player_id]
    counted = []
    excluded = []
    for game in row.games:
        opponent = standings[game.opponent] if game.opponent is not None else None
        if game.counted and opponent is not None:
            counted.append(
                CountedOpponent(game.round, opponent.player, opponent.name, opponent.mp, opponent.tp)
            )
        elif not game.counted:
            excluded.append(
                ExcludedGame(
                    game.round,
                    game.opponent,
                    opponent.name if opponent else None,
                    game.excluded_reason or "not counted",
                )
            )
    above: Standing | None = None
    separated_by: str | None = None
    not_placed_reason: str | None = None
    if row.placed:
        placed = standings.placed
        position = placed.index(row)
        if position > 0:
            above = placed[position - 1]
            separated_by = _separated_by(above, row)
    elif row.status == SPARE:
        not_placed_reason = "a spare player (playing Head Judge) is never placed (OP Guide: The Head Judge)"
    elif row.status == DISQUALIFIED:
        not_placed_reason = "a disqualified player is not eligible for placings; their games still count"
    return Explanation(
        standing=row,
        standings_state=standings_state(standings),
        counted=tuple(counted),
        excluded=tuple(excluded),
        above=above,
        separated_by=separated_by,
        not_placed_reason=not_placed_reason,
        names={g.opponent: standings[g.opponent].name for g in row.games if g.opponent is not None},
    )


def _mean_text(values: list[int], mean_text: str) -> str:
    if not values:
        return "0 (no game counts, so the pool is empty)"
    return f"({' + '.join(str(v) for v in values)}) / {len(values)} = {mean_text}"


def _metric_value(row: Standing, metric: str) -> str:
    if metric == "Match Points":
        return str(row.mp)
    if metric == "Tournament Points":
        return str(row.tp)
    return four_dp_text(row.sos if metric == "SoS" else row.otp)


def explain_text(explanation: Explanation) -> str:
    """A few lines a TO can read to the player."""
    row = explanation.standing
    place = f"rank {row.rank}" if row.rank is not None else "not placed"
    lines = [f"{row.name} ({row.player}): {place}. {explanation.standings_state}."]
    lines.append(
        f"MP {row.mp}, TP {row.tp}, SoS {four_dp_text(row.sos)}, oTP {four_dp_text(row.otp)}, "
        f"over {row.pool} counted game(s)."
    )
    if explanation.not_placed_reason:
        lines.append(f"Not placed: {explanation.not_placed_reason}.")
    lines.append("Games:")
    for game in row.games:
        against = (
            "bye" if game.opponent is None else f"v {explanation.names[game.opponent]} ({game.opponent})"
        )
        vp = f" {game.vp[0]}-{game.vp[1]}" if game.vp is not None else ""
        counted = "counts" if game.counted else f"not counted ({game.excluded_reason})"
        lines.append(f"  Round {game.round} {against}: {game.band}{vp}, {game.mp} MP {game.tp} TP; {counted}")
    if not row.games:
        lines.append("  none")
    lines.append(
        "SoS = opponents' final MP: " + _mean_text([c.mp for c in explanation.counted], four_dp_text(row.sos))
    )
    lines.append(
        "oTP = opponents' final TP: " + _mean_text([c.tp for c in explanation.counted], four_dp_text(row.otp))
    )
    for c in explanation.counted:
        lines.append(f"  round {c.round}: {c.name} ({c.player}) finished on {c.mp} MP, {c.tp} TP")
    above, metric = explanation.above, explanation.separated_by
    if above is not None and metric == "shared":
        lines.append(
            f"Shares rank {row.rank} with {above.name} ({above.player}): identical on all four; "
            "listed by name only."
        )
    elif above is not None and metric is not None:
        lines.append(
            f"Below {above.name} ({above.player}) on {metric}: "
            f"{_metric_value(above, metric)} against {_metric_value(row, metric)}"
            + (" (equal on the metrics before it)." if metric != "Match Points" else ".")
        )
    return "\n".join(lines)


def explanation_json(explanation: Explanation) -> dict[str, Any]:
    """The explanation as plain JSON data (SoS/oTP to four decimals, like the standings)."""
    row = explanation.standing
    return {
        "player": row.player,
        "name": row.name,
        "rank": row.rank,
        "placed": row.placed,
        "status": row.status,
        "mp": row.mp,
        "tp": row.tp,
        "sos": four_dp(row.sos),
        "otp": four_dp(row.otp),
        "state": explanation.standings_state,
        "games": [
            {
                "round": g.round,
                "opponent": g.opponent,
                "outcome": g.outcome,
                "band": g.band,
                "vp": list(g.vp) if g.vp is not None else None,
                "mp": g.mp,
                "tp": g.tp,
                "counted": g.counted,
                "excluded_reason": g.excluded_reason,
            }
            for g in row.games
        ],
        "counted": [
            {"round": c.round, "player": c.player, "name": c.name, "mp": c.mp, "tp": c.tp}
            for c in explanation.counted
        ],
        "excluded": [
            {"round": e.round, "opponent": e.opponent, "reason": e.reason} for e in explanation.excluded
        ],
        "above": explanation.above.player if explanation.above is not None else None,
        "separated_by": explanation.separated_by,
        "not_placed_reason": explanation.not_placed_reason,
    }
