"""Leases and the sweep, in-process: what a dead worker leaves is seen and recovered.

The real kills are in test_worker_faults.py (PostgreSQL, a worker of its own); these pin
the rules on any database: a running job whose lease ran out is shown failed when looked
at, the sweep re-queues it (or fails it after MAX_ATTEMPTS), a queued job nobody took up is
sent again, and a live lease is left alone.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from printing.models import PrintJob, PrintKind, PrintStatus
from printing.services import (
    LEASE,
    MAX_ATTEMPTS,
    ORPHANED,
    RESEND_AFTER,
    print_job_reap,
    print_job_request,
    print_job_retry,
    print_job_sweep,
)
from tests.builders.rows import PRINTING_OPEN, add_round, add_staff, make_event
from tournaments.access import access_event
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db
DEAD = "a-host-that-is-not-this-one 4242"
LAPSED = -dt.timedelta(seconds=1)


@pytest.fixture
def event(alice):
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno"], tables=1, planned_rounds=2)
    add_staff(event, alice)
    add_round(event, 1, [("p1", "p2")], status=RoundStatus.CLOSED, results=[(12, 3)])
    return event


def queued(event, user, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        return print_job_request(access=access_event(user, event.slug), kind=PrintKind.STANDINGS, by=user)


def as_running(job, *, lease_left: dt.timedelta, attempts: int = 1, worker: str = DEAD):
    now = timezone.now()
    PrintJob.objects.filter(pk=job.pk).update(
        status=PrintStatus.RUNNING,
        worker=worker,
        attempts=attempts,
        started_at=now - dt.timedelta(seconds=40),
        lease_expires_at=now + lease_left,
    )
    job.refresh_from_db()
    return job


def test_a_live_lease_is_left_alone(event, alice, django_capture_on_commit_callbacks):
    job = as_running(queued(event, alice, django_capture_on_commit_callbacks), lease_left=LEASE)
    assert print_job_reap(job).status == PrintStatus.RUNNING
    assert print_job_sweep() == {"requeued": 0, "resent": 0, "failed": 0}
    with pytest.raises(Exception, match="still being rendered"):
        print_job_retry(job=job, by=alice)


def test_a_lapsed_lease_is_shown_failed_and_retryable_when_looked_at(
    client, event, alice, django_capture_on_commit_callbacks
):
    job = as_running(queued(event, alice, django_capture_on_commit_callbacks), lease_left=LAPSED)
    client.force_login(alice)
    body = client.get(reverse("printing:api-job", args=[event.slug, job.pk])).json()
    assert body["status"] == "failed"
    assert body["retryable"] is True
    assert body["error"] == ORPHANED
    page = client.get(reverse("printing:status", args=[event.slug, job.pk])).content.decode()
    assert "Retry</button>" in page
    with django_capture_on_commit_callbacks(execute=True):
        print_job_retry(job=job, by=alice)
    job.refresh_from_db()
    assert job.status == PrintStatus.DONE


def test_the_sweep_requeues_an_orphan_and_it_renders(event, alice, django_capture_on_commit_callbacks):
    job = as_running(queued(event, alice, django_capture_on_commit_callbacks), lease_left=LAPSED)
    with django_capture_on_commit_callbacks(execute=True):
        assert print_job_sweep() == {"requeued": 1, "resent": 0, "failed": 0}
    job.refresh_from_db()
    assert job.status == PrintStatus.DONE
    assert job.attempts == 2
    assert job.lease_expires_at is None


def test_an_orphan_that_killed_its_worker_too_often_is_failed(
    event, alice, django_capture_on_commit_callbacks
):
    job = as_running(
        queued(event, alice, django_capture_on_commit_callbacks),
        lease_left=LAPSED,
        attempts=MAX_ATTEMPTS,
    )
    assert print_job_sweep() == {"requeued": 0, "resent": 0, "failed": 1}
    job.refresh_from_db()
    assert job.status == PrintStatus.FAILED
    assert f"It stopped its worker {MAX_ATTEMPTS} times" in job.error


def test_a_queued_job_nobody_took_up_is_sent_again(event, alice, django_capture_on_commit_callbacks):
    job = queued(event, alice, django_capture_on_commit_callbacks)
    assert print_job_sweep()["resent"] == 0  # just queued: a worker may be on its way
    PrintJob.objects.filter(pk=job.pk).update(
        enqueued_at=timezone.now() - RESEND_AFTER - dt.timedelta(seconds=1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert print_job_sweep() == {"requeued": 0, "resent": 1, "failed": 0}
    job.refresh_from_db()
    assert job.status == PrintStatus.DONE
    assert job.attempts == 1


def test_a_zombie_holder_counts_as_gone():
    """A killed pool process nobody reaps still answers kill(pid, 0): it is gone all the same."""
    import os
    import socket
    import subprocess
    import sys
    import time
    from pathlib import Path

    from printing.services import _holder_gone

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # exited but not reaped: a zombie
            stat = Path(f"/proc/{child.pid}/stat").read_text(encoding="ascii")
            state = stat.rpartition(")")[2].split()[0]
            if state == "Z":
                break
            time.sleep(0.05)
        job = PrintJob(worker=f"{socket.gethostname()} {child.pid}")
        assert _holder_gone(job) is True
        assert _holder_gone(PrintJob(worker=f"{socket.gethostname()} {os.getpid()}")) is False
    finally:
        child.wait()
