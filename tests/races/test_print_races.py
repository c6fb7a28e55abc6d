"""Identical print requests at the same instant share one job (the event's row lock)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

import pytest
from rest_framework.test import APIClient

from printing.models import PrintJob
from tests.races.builders import race_event, race_round
from tests.races.conftest import Racer
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

CALLERS = 8
TRIALS = 3


@pytest.fixture
def crowd() -> Iterator[Racer]:
    r = Racer(workers=CALLERS)
    yield r
    r.close()


def test_identical_print_requests_at_once_make_one_job(users, crowd: Racer) -> None:
    """Before: 40 identical concurrent requests made 4 jobs (the reuse check and the insert
    were two steps)."""
    for _ in range(TRIALS):
        event, players = race_event(users, players=4)
        race_round(event, players, RoundStatus.PUBLISHED)
        url = f"/e/{event.slug}/print/api/jobs/"
        calls = [partial(APIClient().post, url, {"kind": "pairings", "round": 1}, format="json")] * CALLERS
        answers = crowd.run(*calls)
        assert {r.status_code for r in answers} == {202}
        assert len({r.json()["id"] for r in answers}) == 1
        assert PrintJob.objects.filter(event=event).count() == 1
