"""The top cut: a single-elimination bracket after the Swiss rounds (docs/pairing.md, "The top cut").

Pure Python, no Django; dataclasses in and out. `bracket.engine` is the bracket itself
(seeds, order, byes, who went on, the next round, the final placing); `bracket.event`
runs it on an `EventFile`.
"""

from __future__ import annotations

from bracket.engine import (
    BETTER_SEED,
    BYE_WON,
    NOBODY,
    RESULT,
    Bracket,
    CutError,
    CutRound,
    Decision,
    Placing,
    bracket_order,
    bracket_size,
    decide,
    entrants,
    in_cut_order,
    next_round,
    placing,
    replay,
    slots,
)
from bracket.event import cut_has_begun, event_bracket, event_seeds, is_cut_next, pair_cut_round

__all__ = [
    "BETTER_SEED",
    "BYE_WON",
    "NOBODY",
    "RESULT",
    "Bracket",
    "CutError",
    "CutRound",
    "Decision",
    "Placing",
    "bracket_order",
    "bracket_size",
    "cut_has_begun",
    "decide",
    "entrants",
    "event_bracket",
    "event_seeds",
    "in_cut_order",
    "is_cut_next",
    "next_round",
    "pair_cut_round",
    "placing",
    "replay",
    "slots",
]
