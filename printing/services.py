"""Print jobs: request (fingerprint, reuse or enqueue), run (in a worker), retry.

The fingerprint is a hash of the document kind, its params, the print templates' version
and the sheet itself (everything the document shows, as plain data). Loading a sheet is
a handful of queries; rendering it is the slow part. So a request loads the sheet, and
when a finished job already has the same fingerprint it is handed back at once: new
results, rosters or round states change the sheet and so the fingerprint, and only then
is a new file rendered.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import logging
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from printing.documents import (
    DOCUMENTS,
    Sheet,
    load_sheet,
    printed_at_text,
    render_sheet,
)
from printing.models import PrintJob, PrintStatus
from printing.params import PrintParams, check_paper
from printing.policy import may_print, request_params
from printing.render import templates_version
from tournaments.access import EventAccess
from tournaments.errors import ServiceError
from tournaments.models import Event

logger = logging.getLogger(__name__)

IN_PROGRESS = (PrintStatus.QUEUED, PrintStatus.RUNNING)
# A job still queued or running after this long has lost its worker (killed, broker
# restarted); it is no longer reused and may be retried.
STALE_AFTER = dt.timedelta(minutes=10)


def _plain(value: Any) -> Any:
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    raise TypeError(f"cannot fingerprint {type(value).__name__}")


def fingerprint(kind: str, params: PrintParams, sheet: Sheet) -> str:
    """sha256 over everything the document depends on (see the module docstring)."""
    payload = {
        "kind": kind,
        "params": params.as_json(),
        "templates": templates_version(),
        "sheet": dataclasses.asdict(sheet),
    }
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=_plain)
    return hashlib.sha256(text.encode()).hexdigest()


def is_stale(job: PrintJob, now: dt.datetime | None = None) -> bool:
    if job.status not in IN_PROGRESS:
        return False
    since = job.started_at or job.created_at
    return since is not None and (now or timezone.now()) - since > STALE_AFTER


def _reusable(event: Event, kind: str, print_fingerprint: str) -> PrintJob | None:
    """A finished job with this fingerprint (its file still there), else one still in progress."""
    candidates = PrintJob.objects.filter(
        event=event, kind=kind, fingerprint=print_fingerprint, status__in=[PrintStatus.DONE, *IN_PROGRESS]
    ).order_by("-created_at", "-id")
    in_progress = None
    for job in candidates[:20]:
        if job.status == PrintStatus.DONE:
            if job.file and job.file.storage.exists(job.file.name):
                return job
        elif in_progress is None and not is_stale(job):
            in_progress = job
    return in_progress


def _enqueue(job: PrintJob) -> None:
    from printing.tasks import render_print_job

    job_id = job.pk
    # The worker must see the committed row: enqueue only once the transaction commits.
    transaction.on_commit(lambda: render_print_job.delay(job_id))


def print_job_request(
    *,
    access: EventAccess,
    kind: str,
    by: AbstractBaseUser | AnonymousUser | None,
    paper: str | None = None,
    round_number: object = None,
    player: str | None = None,
) -> PrintJob:
    """Ask for a document. Returns at once: a finished or running job for the same
    fingerprint, or a new queued job whose rendering starts when the transaction commits."""
    checked, params = request_params(access, kind, paper=paper, round_number=round_number, player=player)
    if not may_print(access, checked, params):
        raise ServiceError("You cannot print this document.", code="not-found")
    check_paper(params.paper)
    sheet = load_sheet(access.event, checked, params)
    print_fingerprint = fingerprint(checked, params, sheet)
    with transaction.atomic():
        existing = _reusable(access.event, checked, print_fingerprint)
        if existing is not None:
            return existing
        job = PrintJob.objects.create(
            event=access.event,
            kind=checked,
            params=params.as_json(),
            fingerprint=print_fingerprint,
            requested_by_id=by.pk if by is not None and by.is_authenticated else None,
        )
        _enqueue(job)
    logger.info("print job %s queued: %s %s", job.pk, checked, params.as_json())
    return job


def _claim(job_id: int) -> PrintJob | None:
    """Mark a queued job running (one worker wins); None when there is nothing to do."""
    with transaction.atomic():
        job = PrintJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None:
            logger.warning("print job %s no longer exists", job_id)
            return None
        if job.status != PrintStatus.QUEUED:
            # Idempotent: a repeated delivery of a done, failed or running job does nothing.
            logger.info("print job %s is %s; not rendering it again", job_id, job.status)
            return None
        job.status = PrintStatus.RUNNING
        job.attempts += 1
        job.started_at = timezone.now()
        job.error = ""
        job.save(update_fields=["status", "attempts", "started_at", "error"])
        return job


def _fail(job: PrintJob, exc: BaseException) -> PrintJob:
    logger.exception("print job %s (%s) failed", job.pk, job.kind, exc_info=exc)
    message = exc.message if isinstance(exc, ServiceError) else f"{type(exc).__name__}: {exc}"
    job.status = PrintStatus.FAILED
    job.error = f"The document could not be rendered. {message}"[:2000]
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "error", "finished_at"])
    return job


def print_job_run(*, job_id: int) -> PrintJob | None:
    """Render a queued job and store its file (what the Celery task does).

    The sheet is loaded afresh: if the data changed since the request, the file shows the
    new data and the job's fingerprint is updated to match. When another finished job
    already has that fingerprint, its file is reused instead of rendering again.
    A failure is stored on the job (status failed, with the message) and never re-raised:
    the job is retried by a person, not by a loop.
    """
    job = _claim(job_id)
    if job is None:
        return None
    try:
        params = PrintParams.from_json(job.params)
        event = job.event
        sheet = load_sheet(event, job.kind, params)
        print_fingerprint = fingerprint(job.kind, params, sheet)
        done = (
            PrintJob.objects.filter(
                event=event, kind=job.kind, fingerprint=print_fingerprint, status=PrintStatus.DONE
            )
            .exclude(pk=job.pk)
            .order_by("-finished_at")
            .first()
        )
        job.fingerprint = print_fingerprint
        job.filename = DOCUMENTS[job.kind].filename(event, params)
        if done is not None and done.file and done.file.storage.exists(done.file.name):
            job.file.name = done.file.name
        else:
            content = render_sheet(job.kind, sheet, paper=params.paper, printed_at=printed_at_text())
            job.file.save(f"{job.kind}-{print_fingerprint[:16]}.pdf", ContentFile(content), save=False)
    except Exception as exc:  # any failure is recorded on the job, for a person to see and retry
        return _fail(job, exc)
    job.status = PrintStatus.DONE
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "finished_at", "fingerprint", "filename", "file"])
    logger.info("print job %s done: %s", job.pk, job.file.name)
    return job


def print_job_retry(*, job: PrintJob, by: AbstractBaseUser | AnonymousUser | None) -> PrintJob:
    """Queue a failed (or stuck) job again."""
    with transaction.atomic():
        job = PrintJob.objects.select_for_update().get(pk=job.pk)
        if job.status == PrintStatus.DONE:
            raise ServiceError("This document is ready; there is nothing to retry.", code="done")
        if job.status in IN_PROGRESS and not is_stale(job):
            raise ServiceError("This document is still being rendered.", code="in-progress")
        job.status = PrintStatus.QUEUED
        job.error = ""
        job.started_at = None
        job.finished_at = None
        job.save(update_fields=["status", "error", "started_at", "finished_at"])
        _enqueue(job)
    logger.info("print job %s queued again by %s", job.pk, by)
    return job
