"""What an app above this one does when an event's final results change, and how it
seeds a first round by rating.

Ratings and series (the `seasons` app, docs/ratings.md) read every finished event; they
live above the event core (docs/architecture.md), so the core offers this hook and the app
above fills it when it loads. The hook is called after the commit, once per change: an
event finishing, a finished event's result corrected, a finished event's last round undone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
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


_seeding: list[Callable[[Event], Mapping[str, float]]] = []


def register_rating_hook(hook: Callable[[Event], Mapping[str, float]]) -> None:
    """Install the one hook giving the event's players' ratings (event/1 id -> the shown
    rating; unrated players absent)."""
    _seeding[:] = [hook]


def rating_seeding(event: Event, players: Sequence[str], seed: int) -> tuple[str, ...]:
    """`players` best rated first, for a round one seeded by rating: an unrated player counts
    as a newcomer's 0, and players level on rating are ordered by the round's seed (a draw,
    not their names' alphabet). Without the ratings app, in the seed's order alone."""
    ratings = _seeding[0](event) if _seeding else {}
    drawn = list(players)
    random.Random(seed).shuffle(drawn)
    return tuple(sorted(drawn, key=lambda p: -ratings.get(p, 0.0)))
