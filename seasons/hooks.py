"""The seasons app fills the event core's final-results hook (tournaments.season_hooks)."""

from __future__ import annotations

import logging

from seasons.models import PlayerRating
from tournaments.models import Event
from tournaments.season_hooks import register_rating_hook, register_results_final_hook

log = logging.getLogger(__name__)


def _rate_again(event_id: int, game_system: str) -> None:
    import seasons.tasks  # noqa: F401 - registers the task with the app
    from config.celery import app

    try:
        app.tasks["seasons.rate_game_system"].apply_async((game_system,), retry=False)
    except Exception:  # a broker that is down delays ratings, never the result
        log.exception("ratings of %s not queued after event %s", game_system, event_id)


def register() -> None:
    register_results_final_hook(_rate_again)
    register_rating_hook(_ratings_of)


def _ratings_of(event: Event) -> dict[str, float]:
    """The event's players' shown ratings in its game system, by event/1 id."""
    seats = dict(event.players.filter(user__isnull=False).values_list("user_id", "external_id"))
    rated = PlayerRating.objects.filter(game_system=event.game_system, user_id__in=list(seats))
    return {seats[r.user_id]: r.ordinal for r in rated}
