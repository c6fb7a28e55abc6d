"""Player ratings across events, per game system (docs/ratings.md): pure Python, no Django."""

from ratings.engine import (
    DRAW,
    FIRST,
    SECOND,
    RatedEvent,
    RatedGame,
    Rating,
    RatingHistory,
    RatingsError,
    RatingStep,
    initial_rating,
    rate_events,
)

__all__ = [
    "DRAW",
    "FIRST",
    "SECOND",
    "RatedEvent",
    "RatedGame",
    "Rating",
    "RatingHistory",
    "RatingStep",
    "RatingsError",
    "initial_rating",
    "rate_events",
]
