"""What a StarCraft result records beyond VP, which results a judge looks at first, and
what a result slip prints of a roster.

OP Guide, "Games That Didn't Get Far Enough": a game that ends before two Battle Rounds
are completed is looked at by the Head Judge before its result is scored. The slip asks
for the Battle Rounds completed, so the result carries them (up to 10: Game Length is 5
Rounds on the Mission Cards, with room for a scenario that plays longer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.game_system import ResultExtra, ResultReview, SlipRosterText

BATTLE_ROUNDS = "battle_rounds"
MIN_BATTLE_ROUNDS = 2  # OP Guide: Games That Didn't Get Far Enough

RESULT_EXTRAS = (
    ResultExtra(
        key=BATTLE_ROUNDS,
        label="Battle Rounds completed",
        low=0,
        high=10,
        help=f"fewer than {MIN_BATTLE_ROUNDS}: the Head Judge reviews the result",
        abbr="BR",
        phrase=("{value} Battle Round", "{value} Battle Rounds"),
    ),
)


def _too_short(outcome: str, details: Mapping[str, int]) -> bool:
    """A played game with fewer than two Battle Rounds completed (a concession is not)."""
    rounds = details.get(BATTLE_ROUNDS)
    return outcome == "played" and rounds is not None and rounds < MIN_BATTLE_ROUNDS


RESULT_REVIEW = ResultReview(reason="Fewer than two Battle Rounds", applies=_too_short)


def _names(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def slip_roster(document: Mapping[str, Any]) -> SlipRosterText:
    """A roster's Faction Card and the Mission and Deployment Cards it brings to the draft
    (OP Guide: Dual List Format; Pre-Game Sequence), as one line of the slip."""
    faction = document.get("faction_card")
    missions, deployments = _names(document.get("missions")), _names(document.get("deployments"))
    notes = (f"{', '.join(missions)} · {', '.join(deployments)}",) if missions or deployments else ()
    return SlipRosterText(faction if isinstance(faction, str) else "", notes)
