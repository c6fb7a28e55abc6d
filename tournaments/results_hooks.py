"""What an app above this one does when an event's final results change.

Ratings and series (the `seasons` app, docs/ratings.md) read every finished event; they
live above the event core (docs/architecture.md), so the core offers this hook and the app
above fills it when it loads. The hook is called after the commit, once per change: an
event finishing, a finished event's result corrected, a finished event's last round undone.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from django.db import transaction

from tournaments.models import Event

_hooks: list[Callable[[int, str], None]] = []


def register_results_final_hook(hook: Callable[[int, str], None]) -> None:
    """Install the one hook, called with the event's id and game system (registering again
    replaces it: app reloads in tests)."""
    _hooks[:] = [hook]


def final_results_changed(event: Event) -> None:
    """Tell the app above, once the current transaction commits (nothing if it rolls back)."""
    event_id, system = event.pk, event.game_system
    for hook in list(_hooks):
        transaction.on_commit(partial(hook, event_id, system))
