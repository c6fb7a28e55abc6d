"""Warm a web process before it serves: import everything the first requests need.

A fresh worker otherwise pays for its imports (the pairing and standings engines, numpy,
the views, DRF, every template) on its first pairing or standings request. gunicorn calls
`warm()` once in the master with `preload_app`, before it forks (config/gunicorn.conf.py),
so every worker starts warm and shares those pages of memory.

The engines are warmed by running them on a four-player event held in memory, so whatever
they import lazily is imported too. Nothing here touches the database or the cache.
"""

from __future__ import annotations

import logging
import time

logger = logging.getLogger(__name__)

# The pages phones poll and the ones a round's first minutes serve.
TEMPLATES = (
    "tournaments/pairings.html",
    "tournaments/_pairings_live.html",
    "tournaments/standings.html",
    "tournaments/_standings_live.html",
    "tournaments/standing_detail.html",
    "tournaments/me.html",
    "tournaments/event_home.html",
    "tournaments/rosters.html",
    "judging/clock_projector.html",
    "judging/_clock_mini.html",
)

_TINY_EVENT = {
    "format": "event/1",
    "name": "Warm-up",
    "game_system": "starcraft-tmg",
    "scale": "standard",
    "kind": "competitive",
    "tables": [{"number": 1}, {"number": 2}],
    "players": [{"id": f"p{n}", "name": f"Player {n}"} for n in range(1, 5)],
    "rounds": [
        {
            "number": 1,
            "games": [
                {"table": 1, "players": ["p1", "p2"], "vp": [9, 3]},
                {"table": 2, "players": ["p3", "p4"], "vp": [5, 5]},
            ],
        }
    ],
}


def warm() -> float:
    """Import and exercise the request path once; returns the seconds it took."""
    started = time.perf_counter()
    from django.template.loader import get_template
    from django.urls import get_resolver

    from pairings.engine import pair_event
    from standings import standings_for_event
    from standings.eventfile import parse_event

    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 - imports every view module
    resolver.reverse_dict  # noqa: B018 - builds the reverse lookup {% url %} uses
    for name in TEMPLATES:
        get_template(name)
    event = parse_event(_TINY_EVENT)
    standings_for_event(event, planned_rounds=3)
    pair_event(event, seed=1)
    elapsed = time.perf_counter() - started
    logger.info("warmed the web process in %.2f s", elapsed)
    return elapsed
