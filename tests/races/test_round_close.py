"""Closing a round as its last results land: correct under races, and locking
only the round's row while it checks, so an event's results do not queue on its row.

On PostgreSQL with real parallel connections (conftest.Racer), like tests/races/test_races.py.
"""

from __future__ import annotations

import os
import threading
from functools import partial
from typing import Any

import pytest
from django.db import DatabaseError, connections, transaction

from tests.races.builders import race_event, race_round, reset_game
from tests.races.conftest import Racer
from tournaments.models import Event, Game, ResultReport, ResultStatus, Round, RoundStatus
from tournaments.services.reporting import result_confirm, round_close_if_complete

TRIALS = int(os.environ.get("RACE_TRIALS", "100"))

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _awaiting(game: Game) -> None:
    """Player one has reported 12-3; player two's confirmation is awaited."""
    reset_game(game)
    ResultReport.objects.create(
        game=game,
        reporter=game.player_one,
        outcome="played",
        vp_one=12,
        vp_two=3,
        details={"battle_rounds": 5},
    )
    Game.objects.filter(pk=game.pk).update(result_status=ResultStatus.AWAITING)


def _can_lock(model: type[Event] | type[Round], pk: int) -> bool:
    """Whether another connection can lock the row at once (NOWAIT), from a thread of its own."""
    answer: list[bool] = []

    def attempt() -> None:
        try:
            with transaction.atomic():
                model.objects.select_for_update(nowait=True).filter(pk=pk).exists()
            answer.append(True)
        except DatabaseError:
            answer.append(False)
        finally:
            connections.close_all()

    thread = threading.Thread(target=attempt)
    thread.start()
    thread.join(timeout=30)
    return answer == [True]


def test_the_closing_check_locks_the_round_and_not_the_event(users) -> None:
    """Before the fix the check's FOR UPDATE covered the joined event row, which then stayed
    locked until the confirmation committed: every other result of the event waited."""
    event, players = race_event(users, players=4)
    round_ = race_round(event, players, RoundStatus.PUBLISHED)
    with transaction.atomic():
        assert round_close_if_complete(round_=round_) is False  # no result yet: stays open
        assert _can_lock(Event, event.pk), "the event's row is locked by the closing check"
        assert not _can_lock(Round, round_.pk), "the round's row must stay locked until commit"
    assert _can_lock(Round, round_.pk)


@pytest.mark.parametrize("tables", [2, 4])
def test_the_last_confirmations_at_once_close_the_round(users, tables: int) -> None:
    """All of a round's games confirmed at the same moment: the round closes every time,
    once, and the event's version moves for each confirmation and for the close. With four
    at once, a result may find another game untouched and share the round's lock
    (reporting._another_game_untouched): the last to commit must still close."""
    event, players = race_event(users, players=2 * tables)
    round_ = race_round(event, players, RoundStatus.PUBLISHED)
    racer = Racer(workers=tables)
    games = list(Game.objects.filter(round=round_).select_related("player_one", "player_two"))
    wrong: list[str] = []
    for trial in range(TRIALS):
        for game in games:
            _awaiting(game)
        before = Event.objects.get(pk=event.pk).version
        calls: list[Any] = []
        for game in games:
            assert game.player_two is not None
            calls.append(partial(result_confirm, game=game, player=game.player_two, by=users["alice"]))
        racer.run(*calls)
        round_.refresh_from_db()
        statuses = set(Game.objects.filter(round=round_).values_list("result_status", flat=True))
        bumps = Event.objects.get(pk=event.pk).version - before
        if round_.status != RoundStatus.CLOSED or statuses != {ResultStatus.CONFIRMED} or bumps != tables + 1:
            wrong.append(f"trial {trial}: round {round_.status}, games {statuses}, version +{bumps}")
    racer.close()
    assert not wrong, f"{len(wrong)} of {TRIALS} trials went wrong: {wrong[:5]}"
