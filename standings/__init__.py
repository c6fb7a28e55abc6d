"""The standings engine: pure Python, no Django (OP Guide: Scoring and Standings).

`standings_for_event(event_file)` for an event/1 file, `compute_standings(players, rounds,
scoring)` for anything else; `explain` answers "why am I 5th?"; `display` renders JSON
and text.
"""

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
from standings.explain import (
    CountedOpponent,
    ExcludedGame,
    Explanation,
    explain,
    explain_text,
    explanation_json,
)

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
