"""Celery tasks for printing. Registered through `include` in config/celery.py.

Tasks take ids and call a service (HackSoft style). Only a lost database connection is
retried automatically, a few times with back-off, and only before the job is claimed;
a failing render is stored on the job and waits for a person's retry, so it cannot loop.
"""

from __future__ import annotations

from celery import shared_task
from django.db import InterfaceError, OperationalError

from printing.services import print_job_run


@shared_task(
    name="printing.render_print_job",
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=2,
    retry_jitter=False,
    max_retries=3,
)
def render_print_job(job_id: int) -> str:
    """Render print job `job_id`; returns its final status ("done", "failed", or "skipped")."""
    job = print_job_run(job_id=job_id)
    return job.status if job is not None else "skipped"
