"""A confirmation is one transaction with no savepoint inside it.

Every statement between event_touch and the commit runs while the event's row (and, for
the game that completes a round, the round's) is locked, and each is a round trip to the
database. A nested atomic block would add a SAVEPOINT and a RELEASE to every
confirmation, the RELEASE after the bump (docs/polling.md, "The round-end load scenario").
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.builders.results_systems import a_win, one_game
from tournaments.errors import ServiceError
from tournaments.models import Game, ResultStatus
from tournaments.services.reporting import result_confirm, result_report

pytestmark = pytest.mark.django_db


def _savepoints(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].upper().startswith("SAVEPOINT")]


def test_a_confirmation_opens_no_savepoint_of_its_own(users):
    t = one_game(users, "starcraft-tmg")
    result_report(game=t.game, player=t.bob, result=a_win("starcraft-tmg", t), by=users["bob"])
    with CaptureQueriesContext(connection) as queries:
        result_confirm(game=t.game, player=t.carol, by=users["carol"])
    assert Game.objects.get(pk=t.game.pk).result_status == ResultStatus.CONFIRMED
    # The test's own transaction makes the service's outermost block a savepoint: one, and
    # no second for a block nested inside it.
    assert len(_savepoints(queries)) == 1, _savepoints(queries)


def test_a_refused_confirmation_still_leaves_nothing_behind(users):
    """Nothing waits for carol's confirmation: refused, and nothing stored."""
    t = one_game(users, "starcraft-tmg")
    with pytest.raises(ServiceError) as refused:
        result_confirm(game=t.game, player=t.carol, by=users["carol"])
    assert refused.value.code == "nothing-to-confirm"
    assert Game.objects.get(pk=t.game.pk).result_status == ResultStatus.PENDING
    assert not t.game.reports.exists()
