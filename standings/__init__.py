"""The standings engine: pure Python, no Django (OP Guide: Scoring and Standings).

`standings_for_event(event_file)` for an event/1 file, `compute_standings(players, rounds,
scoring)` for anything else; `explain` answers "why am I 5th?"; `display` renders JSON
and text.

Lazy (PEP 562): a name is imported from its module the first time it is asked for, so
`import standings.game_scores` (the pairing engine scores games with it) does not also
build the display and explanation classes. Each dataclass costs Python 3.11 about half a
millisecond to create, and `manage.py pair` paid for these on every run.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from standings.display import four_dp, four_dp_text, standings_json, standings_table
    from standings.engine import (
        ACTIVE,
        DISQUALIFIED,
        DROPPED,
        EXCLUDED_BYE,
        EXCLUDED_DOUBLE_NO_SHOW,
        EXCLUDED_NO_SHOW,
        EXCLUDED_SPARE,
        SPARE,
        GameLine,
        Standing,
        Standings,
        StandingsError,
        compute_standings,
        planned_rounds_of,
        scoring_for_event,
        standings_for_event,
    )
    from standings.explanation import (
        CountedOpponent,
        ExcludedGame,
        Explanation,
        explain,
        explain_text,
        explanation_json,
    )

# Where the names in __all__ live; the first that has the name gives it.
_MODULES = ("standings.engine", "standings.display", "standings.explanation")


def __getattr__(name: str) -> Any:
    if name in __all__:
        for home in _MODULES:
            module = import_module(home)
            if hasattr(module, name):
                value = getattr(module, name)
                globals()[name] = value
                return value
    raise AttributeError(f"module 'standings' has no attribute {name!r}")


__all__ = [
    "ACTIVE",
    "DISQUALIFIED",
    "DROPPED",
    "EXCLUDED_BYE",
    "EXCLUDED_DOUBLE_NO_SHOW",
    "EXCLUDED_NO_SHOW",
    "EXCLUDED_SPARE",
    "SPARE",
    "CountedOpponent",
    "ExcludedGame",
    "Explanation",
    "GameLine",
    "Standing",
    "Standings",
    "StandingsError",
    "compute_standings",
    "explain",
    "explain_text",
    "explanation_json",
    "four_dp",
    "four_dp_text",
    "planned_rounds_of",
    "scoring_for_event",
    "standings_for_event",
    "standings_json",
    "standings_table",
]
