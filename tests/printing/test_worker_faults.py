"""Killed workers: a job always finishes or fails visibly.

Each test starts its own Redis and its own prefork Celery worker (tests/procs.py) on the
test database, so killing them touches nothing else. To catch the worker mid-render the
test queues the jobs, takes an exclusive lock on the event table and only then starts the
worker: the worker claims the job (its row is
`running` under the worker's lease) and then waits on the lock inside the render, as a slow
render would. Then the test kills the pool process or the whole worker with SIGKILL.

Before: the job stayed `running` (Retry refused: "still being rendered") and the jobs
behind it `queued` for ten minutes, and the WorkerLostError never reached the job.
"""

from __future__ import annotations

import os
import signal
import time

import psycopg
import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.urls import reverse

from printing.models import PrintJob, PrintKind, PrintStatus
from printing.services import LEASE, print_job_request, print_job_retry
from tests.builders.rows import PRINTING_OPEN, add_round, make_event
from tests.procs import app_env, app_publishing_to, celery_worker, redis_server, wait_for
from tournaments.access import access_event
from tournaments.models import Event, RoundStatus

pytestmark = [pytest.mark.broker, pytest.mark.django_db(transaction=True)]
SLUG = "worker-faults"


@pytest.fixture
def stack(tmp_path, settings):
    """A private Redis the app publishes to, and the environment of a worker on the test database."""
    if connection.vendor != "postgresql":
        pytest.skip("a worker cannot share an in-memory SQLite test database: set DATABASE_URL to PostgreSQL")
    media = tmp_path / "media"
    settings.MEDIA_ROOT = str(media)
    db = connection.settings_dict
    database_url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    with redis_server() as redis, app_publishing_to(redis.url):
        yield app_env(DATABASE_URL=database_url, REDIS_URL=redis.url, MEDIA_ROOT=str(media)), tmp_path


def lock_event_table() -> psycopg.Connection:
    """ACCESS EXCLUSIVE on the event table from another connection, until it is closed."""
    db = connection.settings_dict
    locker = psycopg.connect(
        host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"], dbname=db["NAME"]
    )
    locker.execute(f"LOCK TABLE {Event._meta.db_table} IN ACCESS EXCLUSIVE MODE")
    return locker


def standings_event():
    event = make_event(
        **{**PRINTING_OPEN, "slug": SLUG}, players=["Ana", "Bruno"], tables=1, planned_rounds=2
    )
    add_round(event, 1, [("p1", "p2")], status=RoundStatus.CLOSED, results=[(12, 3)])
    return event


def ask(kind=PrintKind.STANDINGS, **params) -> PrintJob:
    return print_job_request(access=access_event(AnonymousUser(), SLUG), kind=kind, by=None, **params)


def running(job: PrintJob) -> PrintJob | None:
    job.refresh_from_db()
    return job if job.status == PrintStatus.RUNNING and job.worker else None


def finished(job: PrintJob) -> PrintJob | None:
    job.refresh_from_db()
    return job if job.status in (PrintStatus.DONE, PrintStatus.FAILED) else None


def holder_pid(job: PrintJob) -> int:
    return int(job.worker.rpartition(" ")[2])


def test_a_killed_pool_process_gives_its_job_back_and_the_job_is_rendered(stack):
    env, tmp = stack
    standings_event()
    job = ask()  # no worker yet: the messages wait in Redis
    behind = ask(paper="letter")
    locker = lock_event_table()
    with celery_worker(env, tmp / "worker.log") as worker:
        try:
            wait_for(lambda: running(job), 30, "the worker to claim the job")
            child = holder_pid(job)
            assert child != worker.pid  # the pool process, under the worker's main process
            time.sleep(1)  # well inside the render, waiting on the lock
            os.kill(child, signal.SIGKILL)
            killed_at = time.monotonic()
        finally:
            locker.close()
        # acks_late + reject_on_worker_lost: the message comes back, a new pool process
        # takes the job over (its holder is gone) and renders it.
        wait_for(lambda: finished(job), 60, "the job to finish after its worker was killed")
        recovered = time.monotonic() - killed_at
        wait_for(lambda: finished(behind), 60, "the job queued behind it")
        log = worker.output()
    assert job.status == PrintStatus.DONE, job.error
    assert job.attempts == 2
    assert job.worker != ""
    assert holder_pid(job) != child
    assert behind.status == PrintStatus.DONE, behind.error
    assert behind.attempts == 1
    assert "WorkerLostError" in log or "exited prematurely" in log
    with job.file.open("rb") as handle:
        assert handle.read(5) == b"%PDF-"
    print(f"pool process killed: job rendered {recovered:.1f} s later")


def test_a_killed_worker_is_shown_failed_within_a_lease_and_retry_renders(stack, client):
    env, tmp = stack
    standings_event()
    job = ask()
    behind = ask(paper="letter")
    locker = lock_event_table()
    try:
        with celery_worker(env, tmp / "worker-1.log") as worker:
            wait_for(lambda: running(job), 30, "the worker to claim the job")
            time.sleep(1)
            worker.kill()  # the main process and its pool, at once: nobody is left to tell
            killed_at = time.monotonic()
    finally:
        locker.close()
    status_url = reverse("printing:api-job", args=[SLUG, job.pk])
    # Seen as failed and retryable once the lease runs out, just by looking at it.
    body = wait_for(
        lambda: (b := client.get(status_url).json())["status"] == "failed" and b,
        LEASE.total_seconds() + 30,
        "the orphaned job to be shown failed",
        every=1,
    )
    shown_after = time.monotonic() - killed_at
    assert shown_after < 60
    assert body["retryable"] is True
    assert "stopped before it finished" in body["error"]
    behind.refresh_from_db()
    assert behind.status == PrintStatus.QUEUED  # its message is still in the queue, not lost
    with celery_worker(env, tmp / "worker-2.log"):
        wait_for(lambda: finished(behind), 60, "the next worker to render the job that waited")
        print_job_retry(job=job, by=None)
        wait_for(lambda: finished(job), 60, "the retried job")
    assert behind.status == PrintStatus.DONE, behind.error
    assert job.status == PrintStatus.DONE, job.error
    print(f"worker killed: job shown failed {shown_after:.1f} s later")


def test_a_worker_that_starts_takes_over_what_a_killed_one_left(stack):
    env, tmp = stack
    standings_event()
    job = ask()
    locker = lock_event_table()
    try:
        with celery_worker(env, tmp / "worker-1.log") as worker:
            wait_for(lambda: running(job), 30, "the worker to claim the job")
            time.sleep(1)
            worker.kill()
    finally:
        locker.close()
    started = time.monotonic()
    # The next worker's start-up sweep re-queues the orphan (its holder is gone): no one retries.
    with celery_worker(env, tmp / "worker-2.log"):
        wait_for(lambda: finished(job), 60, "the orphan to be rendered by the next worker")
    assert job.status == PrintStatus.DONE, job.error
    assert job.attempts == 2
    print(f"worker replaced: orphan rendered {time.monotonic() - started:.1f} s after the kill")
