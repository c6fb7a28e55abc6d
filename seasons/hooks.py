"""The seasons app fills the event core's final-results hook (tournaments.results_hooks)."""

from __future__ import annotations

import logging

from tournaments.results_hooks import register_results_final_hook

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
