"""CPU of the table's reads as the ORM runs them and as prepared queries (compiled once).

Every table at a round's end loads the player's page, reports and confirms; those
requests read the same few querysets with different ids (tournaments.prepared_queries).
This runs each of them both ways on the 128-player event of bench_requests (round 1
published on 64 tables, a report waiting at the first table): the queryset evaluated by
the ORM, which compiles its SQL each time, and the same queryset prepared, which runs the
SQL it compiled on its first call. Median CPU with its spread (min-max) over interleaved
samples, and the ratio of the medians; a test (tests/tournaments/test_prepared_queries.py)
checks the rows are the same.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from django.db import transaction
from django.test.utils import override_settings

from benchmarks.database import throwaway_database
from tournaments.prepared_queries import Prepared, PreparedRows

SAMPLES = 301


def _cpu(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def _listed(build: Callable[..., Any], args: tuple[int, ...]) -> list[Any]:
    return list(build(*args))


def _ms(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return f"{statistics.median(ms):.3f} ms ({min(ms):.3f}-{max(ms):.3f})"


@override_settings(DEBUG=False)
def run() -> None:
    from benchmarks.bench_requests import _seed, _tasks_queued

    with throwaway_database(), _tasks_queued():
        _seed()
        _measure()


def _measure() -> None:
    # The reads as the app runs them: each prepared query's own `build` is the queryset the
    # ORM evaluates, so both sides are the same shape by construction.
    from tournaments import access_reads, selectors
    from tournaments.models import Event, Game, Player, ResultReport
    from tournaments.services import reporting

    event = Event.objects.get()
    game = Game.objects.filter(round__event=event).order_by("table__number").first()
    assert game is not None
    assert game.player_two_id is not None
    me, them = game.player_one_id, game.player_two_id
    ResultReport.objects.create(game=game, reporter_id=them, outcome="played", vp_one=9, vp_two=4)
    user_id = Player.objects.get(pk=me).user_id or 0
    cases: list[tuple[str, Prepared[Any] | PreparedRows, tuple[int, ...]]] = [
        ("a player's games (the player's page)", selectors._GAMES_WITH_DRAFT, (me,)),
        ("the game in play (report, confirm)", selectors._GAME_IN_PLAY, (me, event.pk)),
        ("the game's row lock (report, confirm)", reporting._LOCKED_GAME, (game.pk,)),
        ("the players' reports of a game", selectors._REPORTS_OF, (game.pk,)),
        ("the opponent's rosters", selectors._OPPONENT_ROSTERS, (them,)),
        ("the caller's seat (the pairings page)", selectors._SEAT, (me,)),
        ("the caller's entry (every event page)", access_reads._ENTRY, (event.pk, user_id)),
    ]
    print(
        f"A query's CPU, {SAMPLES} interleaved samples: the ORM compiling it each time, and prepared:",
        flush=True,
    )
    for label, prepared, args in cases:
        build = prepared.build
        with transaction.atomic():  # the row lock asks for a transaction
            assert prepared(*args) == list(build(*args)), label
            orm, ours = [], []
            for _ in range(SAMPLES):
                orm.append(_cpu(partial(_listed, build, args)))
                ours.append(_cpu(partial(prepared, *args)))
        ratio = statistics.median(orm) / statistics.median(ours)
        print(f"  {label:<40} ORM {_ms(orm)}, prepared {_ms(ours)}: {ratio:.1f}x less", flush=True)
