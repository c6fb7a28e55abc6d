"""Celery tasks for printing. Registered through `include` in config/celery.py.

Tasks take ids and call a service (HackSoft style). Only a lost database connection is
retried automatically, a few times with back-off, and only before the job is claimed;
a failing render is stored on the job and waits for a person's retry, so it cannot loop.

The render task acknowledges its message only when it has finished (`acks_late`), and a
worker process that dies mid-render gives its message back (`reject_on_worker_lost`), so
the job is redelivered and taken over (services._claim) instead of staying `running`.
Results are not stored: the job row is the result, and a result backend that is down
must not stop a web request from queueing a job.
"""

from __future__ import annotations

from typing import Any

from celery.signals import worker_ready
from django.db import InterfaceError, OperationalError

# The project's app, imported here rather than in config/__init__, so that only processes
# that use a task load Celery (the offline commands never do).
from config.celery import app
from printing.services import print_job_run, print_job_sweep, print_jobs_expire, worker_identity


@app.task(
    name="printing.render_print_job",
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    retry_jitter=False,
    max_retries=3,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    bind=True,
)
def render_print_job(self: Any, job_id: int) -> str:
    """Render print job `job_id`; returns its final status ("done", "failed", or "skipped")."""
    job = print_job_run(job_id=job_id, holder=worker_identity(), heartbeat=not self.request.is_eager)
    return job.status if job is not None else "skipped"


@app.task(name="printing.sweep_print_jobs", ignore_result=True)
def sweep_print_jobs() -> dict[str, int]:
    """Re-queue orphaned print jobs (Celery beat runs this every 30 s; see settings)."""
    return print_job_sweep()


@app.task(name="printing.expire_print_jobs", ignore_result=True)
def expire_print_jobs() -> int:
    """Delete finished PDFs older than PRINT_FILES_KEEP_HOURS (Celery beat, hourly)."""
    return print_jobs_expire()


@worker_ready.connect
def _sweep_when_a_worker_starts(**_: Any) -> None:
    """A worker that starts (again) picks up what a dead one left, without waiting for beat."""
    sweep_print_jobs.apply_async(retry=False)
