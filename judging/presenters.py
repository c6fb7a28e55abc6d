"""The draft as a page or an API client shows it: plain dicts from the game system's draft.

What a draft shows is the system's (`GameSystem.pregame.draft.present`): a player's dict
keeps a blind choice hidden from the opponent until the system reveals it; a judge (no
seat) sees the whole state. `actions` are exactly the player's legal actions, each with the
payload to post back.
"""

from __future__ import annotations

from typing import Any

from rules_engine.pregame import DraftRules, Seat


def draft_dict(rules: DraftRules, state: Any, seat: Seat | None) -> dict[str, Any]:
    """What one seat (or a judge, with `seat` None) sees of the draft."""
    return rules.present(state, seat)


def judge_entries(rules: DraftRules, state: Any) -> dict[str, Any] | None:
    """What a judge may enter for the players now, or None when there is nothing to enter."""
    return rules.judge_entries(state)
