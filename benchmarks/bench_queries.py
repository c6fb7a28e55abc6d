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
from django.db.models import Q
from django.test.utils import override_settings

from benchmarks.database import throwaway_database

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
    from rosters.models import Roster
    from tournaments.models import Event, Game, Player, ResultReport, RoundStatus
    from tournaments.prepared_queries import Prepared, PreparedRows

    event = Event.objects.get()
    game = Game.objects.filter(round__event=event).order_by("table__number").first()
    assert game is not None
    assert game.player_two_id is not None
    me, them = game.player_one_id, game.player_two_id
    ResultReport.objects.create(game=game, reporter_id=them, outcome="played", vp_one=9, vp_two=4)

    def games(player_id: int) -> Any:
        return (
            Game.objects.filter(Q(player_one_id=player_id) | Q(player_two_id=player_id))
            .exclude(round__status=RoundStatus.PAIRED)
            .select_related("round", "table", "player_one", "player_two", "draft")
            .order_by("-round__number")
        )

    def in_play(player_id: int, event_id: int) -> Any:
        return (
            Game.objects.filter(
                Q(player_one_id=player_id) | Q(player_two_id=player_id), round__event_id=event_id
            )
            .filter(round__status=RoundStatus.PUBLISHED)
            .select_related("round", "table", "player_one", "player_two")
            .order_by("-round__number", "pk")[:1]
        )

    def locked(pk: int) -> Any:
        return (
            Game.objects.select_for_update(of=("self",))
            .select_related("round", "player_one", "player_two")
            .filter(pk=pk)
        )

    def reports(game_id: int) -> Any:
        return ResultReport.objects.filter(game_id=game_id, reporter__isnull=False).order_by(
            "created_at", "id"
        )

    def rosters(player_id: int) -> Any:
        return Roster.objects.filter(player_id=player_id).select_related("player").order_by("slot")

    def seat(player_id: int) -> Any:
        return (
            Game.objects.filter(Q(player_one_id=player_id) | Q(player_two_id=player_id))
            .filter(round__status=RoundStatus.PUBLISHED)
            .order_by("-round__number", "pk")
            .values_list(
                "round__number", "table__number", "table__layout", "player_one__name", "player_two__name"
            )[:1]
        )

    def entry(event_id: int, user_id: int) -> Any:
        return Player.objects.filter(event_id=event_id, user_id=user_id).order_by("pk")[:1]

    user_id = Player.objects.get(pk=me).user_id or 0
    cases: list[tuple[str, Callable[..., Any], tuple[int, ...], type[Prepared[Any] | PreparedRows]]] = [
        ("a player's games (the player's page)", games, (me,), Prepared),
        ("the game in play (report, confirm)", in_play, (me, event.pk), Prepared),
        ("the game's row lock (report, confirm)", locked, (game.pk,), Prepared),
        ("the players' reports of a game", reports, (game.pk,), Prepared),
        ("the opponent's rosters", rosters, (them,), Prepared),
        ("the caller's seat (the pairings page)", seat, (me,), PreparedRows),
        ("the caller's entry (every event page)", entry, (event.pk, user_id), Prepared),
    ]
    print(
        f"A query's CPU, {SAMPLES} interleaved samples: the ORM compiling it each time, and prepared:",
        flush=True,
    )
    for label, build, args, kind in cases:
        prepared = kind(build, *(int for _ in args))
        with transaction.atomic():  # the row lock asks for a transaction
            assert prepared(*args) == list(build(*args)), label
            orm, ours = [], []
            for _ in range(SAMPLES):
                orm.append(_cpu(partial(_listed, build, args)))
                ours.append(_cpu(partial(prepared, *args)))
        ratio = statistics.median(orm) / statistics.median(ours)
        print(f"  {label:<40} ORM {_ms(orm)}, prepared {_ms(ours)}: {ratio:.1f}x less", flush=True)
