"""Print jobs: request (fingerprint, reuse or enqueue), run (in a worker), retry.

Jobs always finish or fail visibly. A broker that cannot be reached fails the
job at once ("printing is unavailable", retryable) instead of leaving it queued; the task
acknowledges its message only after the job is finished, so a killed worker's message is
redelivered; a running worker renews a lease on the job row, so a job whose worker died is
seen as orphaned within LEASE (shown failed and retryable) and re-queued by the sweep.

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
import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.files.base import ContentFile
from django.db import close_old_connections, connection, transaction
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
from tournaments.event_time import event_zone_active
from tournaments.models import Event, Player

logger = logging.getLogger(__name__)

IN_PROGRESS = (PrintStatus.QUEUED, PrintStatus.RUNNING)
# A job still queued after this long has lost its message (a broker restarted without its
# data); it is no longer reused and may be retried. Also the limit for a running job from
# before leases existed.
STALE_AFTER = dt.timedelta(minutes=10)
# A running job's lease: the worker renews it every HEARTBEAT; a lease that ran out means
# the worker died (killed, out of memory, its machine gone).
LEASE = dt.timedelta(seconds=30)
HEARTBEAT = dt.timedelta(seconds=5)
# A queued job whose message no worker took up within this long is sent again by the sweep.
RESEND_AFTER = dt.timedelta(seconds=60)
# A job whose worker died this many times is not tried again by itself: it failed.
MAX_ATTEMPTS = 3
# Publishing from a web request: fail fast rather than hold the request (kombu retry policy).
PUBLISH_RETRY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}

# The lanes jobs queue in (CELERY_TASK_QUEUES): a small document never waits behind a big
# one when each lane has a worker of its own (docs/reliability.md, "The print queue").
SMALL_QUEUE = "print-small"
LARGE_QUEUE = "print-large"
# A document is large when it has a page or more per player (the roster pack, the result
# slips) at an event over LARGE_PER_PLAYER players, or is any document of an event over
# LARGE_EVENT players.
PER_PLAYER_KINDS = ("rosters", "slips", "player-summary")
LARGE_PER_PLAYER = 32
LARGE_EVENT = 256
# How long a caller over a limit is asked to wait (about one lease: a job finishes or is
# reaped within it).
RETRY_AFTER_SECONDS = 30

UNAVAILABLE = "Printing is unavailable right now (the print queue cannot be reached). Try again in a minute."
ORPHANED = "The worker rendering this document stopped before it finished. Retry it."


class PrintingUnavailable(ServiceError):
    """The broker could not be reached: the job is stored failed and may be retried (503)."""

    status = 503

    def __init__(self, job: PrintJob) -> None:
        super().__init__(UNAVAILABLE, code="printing-unavailable")
        self.job = job


def _broker_errors() -> tuple[type[BaseException], ...]:
    from kombu.exceptions import OperationalError as KombuOperationalError
    from redis.exceptions import RedisError

    return (KombuOperationalError, RedisError, OSError, TimeoutError)


def worker_identity() -> str:
    """ "host pid" of this process: who holds a running job's lease."""
    return f"{socket.gethostname()} {os.getpid()}"


def _holder_gone(job: PrintJob) -> bool:
    """The process named on the job runs on this machine and no longer exists, or is a
    zombie: a killed pool process whose parent died too is re-parented to PID 1, and in a
    container nothing may ever reap it, so it still answers `kill(pid, 0)` while it will
    never render again."""
    host, _, pid = job.worker.rpartition(" ")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return _is_zombie(int(pid))


def _is_zombie(pid: int) -> bool:
    """Linux: the state field of /proc/PID/stat is "Z" (elsewhere: not known, so no)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    # The command name (in parentheses) may hold spaces: the state follows its closing ")".
    return stat.rpartition(")")[2].split()[:1] == ["Z"]


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
    """Queued or running with no worker to finish it: its lease ran out, or it has been
    waiting for longer than STALE_AFTER. Such a job is not reused and may be retried."""
    now = now or timezone.now()
    if job.status == PrintStatus.RUNNING and job.lease_expires_at is not None:
        return now > job.lease_expires_at
    if job.status not in IN_PROGRESS:
        return False
    since = job.started_at if job.status == PrintStatus.RUNNING else job.enqueued_at
    since = since or job.created_at
    return since is not None and now - since > STALE_AFTER


class PrintQueueFull(ServiceError):
    """Too many of this event's, or this account's, documents are waiting: try again (429)."""

    status = 429

    def __init__(self, message: str) -> None:
        super().__init__(message, code="too-many-print-jobs")
        self.retry_after = RETRY_AFTER_SECONDS


def job_queue(event_players: int, kind: str) -> str:
    """The lane for a document of `kind` at an event of `event_players` players."""
    if event_players > LARGE_EVENT or (kind in PER_PLAYER_KINDS and event_players > LARGE_PER_PLAYER):
        return LARGE_QUEUE
    return SMALL_QUEUE


def _check_limits(event: Event, by: AbstractBaseUser | AnonymousUser | None) -> None:
    """PRINT_JOBS_PER_EVENT documents in progress per event and PRINT_JOBS_PER_ACCOUNT per
    account, whatever the event: a burst of requests cannot fill the workers' queue."""
    recent = PrintJob.objects.filter(status__in=IN_PROGRESS, created_at__gte=timezone.now() - STALE_AFTER)
    wait = f"try again in {RETRY_AFTER_SECONDS} s"
    if recent.filter(event=event).count() >= settings.PRINT_JOBS_PER_EVENT:
        raise PrintQueueFull(f"Too many print jobs are waiting for this event: {wait}.")
    mine = recent.filter(requested_by_id=by.pk) if by is not None and by.is_authenticated else None
    if mine is not None and mine.count() >= settings.PRINT_JOBS_PER_ACCOUNT:
        raise PrintQueueFull(f"Too many of your print jobs are waiting: {wait}.")


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


def _publish(job_id: int, queue: str) -> None:
    from printing.tasks import render_print_job

    render_print_job.apply_async((job_id,), queue=queue, retry=True, retry_policy=PUBLISH_RETRY)


def _enqueue(job: PrintJob) -> None:
    """Send the job to the workers once the transaction commits (the worker must see the
    committed row). When the broker cannot be reached, the job is failed at once, with a
    sentence saying so, instead of waiting as `queued` for a message that was never sent."""
    job.enqueued_at = timezone.now()
    job.save(update_fields=["enqueued_at"])
    queue = job_queue(Player.objects.filter(event_id=job.event_id).count(), job.kind)

    def send() -> None:
        try:
            _publish(job.pk, queue)
        except _broker_errors() as exc:
            logger.warning(
                "print job %s not queued: broker unavailable (%s: %s)", job.pk, type(exc).__name__, exc
            )
            job.status = PrintStatus.FAILED
            job.error = UNAVAILABLE
            job.finished_at = timezone.now()
            PrintJob.objects.filter(pk=job.pk, status=PrintStatus.QUEUED).update(
                status=job.status, error=job.error, finished_at=job.finished_at
            )

    transaction.on_commit(send)


def _raise_if_unsent(job: PrintJob) -> PrintJob:
    if job.status == PrintStatus.FAILED and job.error == UNAVAILABLE:
        raise PrintingUnavailable(job)
    return job


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
    fingerprint, or a new queued job whose rendering starts when the transaction commits.
    Raises PrintingUnavailable (the job stored failed, retryable) when the broker is down."""
    checked, params = request_params(access, kind, paper=paper, round_number=round_number, player=player)
    if not may_print(access, checked, params):
        raise ServiceError("You cannot print this document.", code="not-found")
    check_paper(params.paper)
    sheet = load_sheet(access.event, checked, params)
    print_fingerprint = fingerprint(checked, params, sheet)
    with transaction.atomic():
        # One job per identical request: the event's row lock makes "is there one already?"
        # and "create it" one step, so simultaneous requests share a job.
        Event.objects.select_for_update().filter(pk=access.event.pk).values_list("pk").first()
        existing = _reusable(access.event, checked, print_fingerprint)
        if existing is not None:
            return existing
        _check_limits(access.event, by)
        job = PrintJob.objects.create(
            event=access.event,
            kind=checked,
            params=params.as_json(),
            fingerprint=print_fingerprint,
            requested_by_id=by.pk if by is not None and by.is_authenticated else None,
        )
        _enqueue(job)
    logger.info("print job %s queued: %s %s", job.pk, checked, params.as_json())
    return _raise_if_unsent(job)


def _claim(job_id: int, holder: str) -> PrintJob | None:
    """Mark a queued job running under `holder`'s lease (one worker wins); None when there
    is nothing to do. A running job whose worker died (its lease ran out, or its process on
    this machine is gone: the redelivery after a killed pool process) is taken over."""
    with transaction.atomic():
        job = PrintJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None:
            logger.warning("print job %s no longer exists", job_id)
            return None
        orphan = job.status == PrintStatus.RUNNING and (is_stale(job) or _holder_gone(job))
        if job.status != PrintStatus.QUEUED and not orphan:
            # Idempotent: a repeated delivery of a done, failed or running job does nothing.
            logger.info("print job %s is %s; not rendering it again", job_id, job.status)
            return None
        if orphan:
            logger.warning("print job %s: worker %r stopped; taking it over", job_id, job.worker)
            if job.attempts >= MAX_ATTEMPTS:
                _orphan_failed(job)
                return None
        now = timezone.now()
        job.status = PrintStatus.RUNNING
        job.attempts += 1
        job.started_at = now
        job.lease_expires_at = now + LEASE
        job.worker = holder
        job.error = ""
        job.save(update_fields=["status", "attempts", "started_at", "lease_expires_at", "worker", "error"])
        return job


def _orphan_failed(job: PrintJob) -> None:
    job.status = PrintStatus.FAILED
    job.error = ORPHANED
    if job.attempts >= MAX_ATTEMPTS:
        job.error += f" It stopped its worker {job.attempts} times, so it is not tried again by itself."
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "error", "finished_at"])


@contextmanager
def _heartbeat(job_id: int, holder: str) -> Iterator[None]:
    """Renew the job's lease every HEARTBEAT while the block runs (a thread, with its own
    database connection), so a long render is never taken for an orphan."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(HEARTBEAT.total_seconds()):
                try:
                    PrintJob.objects.filter(pk=job_id, status=PrintStatus.RUNNING, worker=holder).update(
                        lease_expires_at=timezone.now() + LEASE
                    )
                except Exception:  # the database is down: the lease may run out, that is the point
                    logger.warning("print job %s: lease not renewed", job_id, exc_info=True)
                    close_old_connections()
        finally:
            connection.close()

    thread = threading.Thread(target=beat, name=f"print-job-{job_id}-lease", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def print_job_reap(job: PrintJob) -> PrintJob:
    """A running job whose lease ran out is shown failed and retryable (called when a job
    is looked at, so a person sees it within a lease whether or not a sweep runs)."""
    if job.status != PrintStatus.RUNNING or not is_stale(job):
        return job
    with transaction.atomic():
        locked = PrintJob.objects.select_for_update().get(pk=job.pk)
        if locked.status == PrintStatus.RUNNING and is_stale(locked):
            _orphan_failed(locked)
    job.refresh_from_db()
    return job


def print_job_sweep() -> dict[str, int]:
    """Re-queue orphans (what Celery beat runs every LEASE, and a worker when it starts):
    running jobs whose worker died go back to the queue (failed after MAX_ATTEMPTS), and
    queued jobs that no worker took up within RESEND_AFTER are sent again (a duplicate
    message is harmless: a job is claimed once)."""
    now = timezone.now()
    requeued = resent = failed = 0
    running = PrintJob.objects.filter(status=PrintStatus.RUNNING).values_list("pk", flat=True)
    for job_id in list(running):
        with transaction.atomic():
            job = PrintJob.objects.select_for_update().get(pk=job_id)
            if job.status != PrintStatus.RUNNING or not (is_stale(job, now) or _holder_gone(job)):
                continue
            if job.attempts >= MAX_ATTEMPTS:
                _orphan_failed(job)
                failed += 1
                continue
            job.status = PrintStatus.QUEUED
            job.worker = ""
            job.lease_expires_at = None
            job.save(update_fields=["status", "worker", "lease_expires_at"])
            _enqueue(job)
            requeued += 1
    waiting = PrintJob.objects.filter(status=PrintStatus.QUEUED, enqueued_at__lt=now - RESEND_AFTER)
    for job_id in list(waiting.values_list("pk", flat=True)):
        with transaction.atomic():
            job = PrintJob.objects.select_for_update().get(pk=job_id)
            if job.status == PrintStatus.QUEUED:
                _enqueue(job)
                resent += 1
    if requeued or resent or failed:
        logger.info("print sweep: %s re-queued, %s re-sent, %s failed", requeued, resent, failed)
    return {"requeued": requeued, "resent": resent, "failed": failed}


def _fail(job: PrintJob, exc: BaseException) -> PrintJob:
    logger.exception("print job %s (%s) failed", job.pk, job.kind, exc_info=exc)
    message = exc.message if isinstance(exc, ServiceError) else f"{type(exc).__name__}: {exc}"
    job.status = PrintStatus.FAILED
    job.error = f"The document could not be rendered. {message}"[:2000]
    job.finished_at = timezone.now()
    job.lease_expires_at = None
    job.save(update_fields=["status", "error", "finished_at", "lease_expires_at"])
    return job


def print_job_run(*, job_id: int, holder: str | None = None, heartbeat: bool = False) -> PrintJob | None:
    """Render a queued job and store its file (what the Celery task does).

    The sheet is loaded afresh: if the data changed since the request, the file shows the
    new data and the job's fingerprint is updated to match. When another finished job
    already has that fingerprint, its file is reused instead of rendering again.
    A failure is stored on the job (status failed, with the message) and never re-raised:
    the job is retried by a person, not by a loop. With `heartbeat`, a thread renews the
    job's lease while it renders (what a real worker does).
    """
    holder = holder or worker_identity()
    job = _claim(job_id, holder)
    if job is None:
        return None
    if heartbeat:
        with _heartbeat(job.pk, holder):
            return _render(job)
    return _render(job)


def _render(job: PrintJob) -> PrintJob:
    try:
        with event_zone_active(job.event):  # the sheet's times on the venue's clock
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
    job.lease_expires_at = None
    job.save(update_fields=["status", "finished_at", "fingerprint", "filename", "file", "lease_expires_at"])
    logger.info("print job %s done: %s", job.pk, job.file.name)
    return job


def print_job_retry(*, job: PrintJob, by: AbstractBaseUser | AnonymousUser | None) -> PrintJob:
    """Queue a failed (or stuck) job again; PrintingUnavailable when the broker is down."""
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
        job.worker = ""
        job.lease_expires_at = None
        job.save(update_fields=["status", "error", "started_at", "finished_at", "worker", "lease_expires_at"])
        _enqueue(job)
    logger.info("print job %s queued again by %s", job.pk, by)
    return _raise_if_unsent(job)


def print_jobs_expire(now: dt.datetime | None = None) -> int:
    """Delete finished and failed jobs older than PRINT_FILES_KEEP_HOURS, with their files:
    a PDF is rebuilt on demand from the event (the fingerprint), so nothing is lost but disk.
    Run hourly by Celery beat; returns how many jobs went."""
    cutoff = (now or timezone.now()) - dt.timedelta(hours=settings.PRINT_FILES_KEEP_HOURS)
    old = PrintJob.objects.filter(status__in=[PrintStatus.DONE, PrintStatus.FAILED], created_at__lt=cutoff)
    removed = 0
    for job in old.iterator():
        if job.file:
            try:
                job.file.delete(save=False)
            except OSError:
                logger.warning("print job %s: its file could not be deleted", job.pk)
                continue
        job.delete()
        removed += 1
    if removed:
        logger.info("print files: %s expired jobs deleted", removed)
    return removed
