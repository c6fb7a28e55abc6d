"""Two recomputes of one game system's ratings at the same moment, on PostgreSQL
(docs/ratings.md): a worker's task after an event finished and another after a correction.
Each deletes the system's ratings and writes its own; without the advisory lock the second
writer broke the one-rating-per-account rule (an IntegrityError in the task)."""

from __future__ import annotations

import datetime as dt
import os
from typing import Any

import pytest

from seasons.models import PlayerRating
from seasons.services import ratings_recompute
from tests.races.conftest import Racer
from tests.seasons.conftest import one_event

TRIALS = int(os.environ.get("RACE_TRIALS", "20"))

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_recomputes_at_once_leave_one_rating_per_player(
    alice: Any, django_user_model: Any, racer: Racer
) -> None:
    accounts = {n: django_user_model.objects.create_user(n, f"{n}@example.org", "pw-1234567") for n in "abcd"}
    one_event(alice, accounts, "first", ["a", "b", "c", "d"], dt.date(2026, 5, 1))
    for _ in range(TRIALS):
        counts = racer.run(
            lambda: ratings_recompute(game_system="starcraft-tmg"),
            lambda: ratings_recompute(game_system="starcraft-tmg"),
        )
        assert counts == [4, 4]
        assert PlayerRating.objects.filter(game_system="starcraft-tmg").count() == 4
