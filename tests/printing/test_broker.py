"""A real Celery worker renders a print job: Redis broker, committed data, the stored PDF read back.

CI (.ci/run) starts the worker with DJANGO_SETTINGS_MODULE=tests.settings and DATABASE_URL
pointing at pytest-django's test database (test_<name>), so the data must be committed:
`transaction=True`. Locally, start a worker the same way (docs/configuration.md, "Workers").
"""

from __future__ import annotations

import os
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection

from printing.models import PrintJob, PrintKind, PrintStatus
from printing.services import print_job_request
from tests.builders.rows import PRINTING_OPEN, add_round, make_event
from tests.printing.pdf import pages, squash
from tournaments.access import access_event
from tournaments.models import RoundStatus

BROKER = os.environ.get("REDIS_URL", "")
TIMEOUT = 60


@pytest.mark.broker
@pytest.mark.skipif(
    not BROKER,
    reason="no broker configured: set REDIS_URL and start `celery -A config worker` on the test database",
)
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_renders_the_standings_sheet():
    from config.celery import app

    if connection.vendor == "sqlite":
        pytest.skip("a worker cannot share an in-memory SQLite test database: set DATABASE_URL to PostgreSQL")
    assert not app.conf.task_always_eager
    event = make_event(
        **{**PRINTING_OPEN, "slug": "broker-print"},
        players=["Zoë, d'Arc", "Bruno"],
        tables=1,
        planned_rounds=1,
    )
    add_round(event, 1, [("p1", "p2")], status=RoundStatus.CLOSED, results=[(12, 3)])
    # A logged-out visitor asks for the public standings.
    job = print_job_request(
        access=access_event(AnonymousUser(), event.slug), kind=PrintKind.STANDINGS, by=None
    )
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status in (PrintStatus.DONE, PrintStatus.FAILED):
            break
        time.sleep(0.25)
    assert job.status == PrintStatus.DONE, f"job {job.pk} is {job.status} after {TIMEOUT} s: {job.error}"
    try:
        with job.file.open("rb") as handle:
            flat = squash(pages(handle.read())[0])
        assert "Final — Final standings after round 1 of 1" in flat
        assert "1 Zoë, d'Arc 3 4 0.0000 1.0000 1" in flat
        assert job.attempts == 1
        assert PrintJob.objects.filter(event=event).count() == 1
    finally:
        # The worker wrote to the default storage (MEDIA_ROOT), which this test shares.
        if job.file and job.file.name.startswith("print/"):
            job.file.storage.delete(job.file.name)
