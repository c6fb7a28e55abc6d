"""The ratings task: rate a game system again once an event of it finishes or a finished
one is corrected (docs/ratings.md). A worker runs it; without one it runs in-process."""

from __future__ import annotations

from celery import shared_task

from seasons.services import ratings_recompute


@shared_task(name="seasons.rate_game_system")
def rate_game_system(game_system: str) -> int:
    return ratings_recompute(game_system=game_system)
