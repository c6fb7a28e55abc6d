"""Season points and series standings (docs/series.md): pure Python, no Django."""

from season_points.engine import (
    FIELD_SCALED,
    FORMULAS,
    PLACING_TABLE,
    EventResult,
    Formula,
    SeasonError,
    SeriesRow,
    SeriesStandings,
    event_points,
    series_standings,
)

__all__ = [
    "FIELD_SCALED",
    "FORMULAS",
    "PLACING_TABLE",
    "EventResult",
    "Formula",
    "SeasonError",
    "SeriesRow",
    "SeriesStandings",
    "event_points",
    "series_standings",
]
