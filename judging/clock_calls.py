"""The last-15-minutes call pushed to the players still playing (docs/push.md).

OP Guide, "When Time Is Called": dice go down when time is up. Players asked to hear of the
last 15 minutes wherever they stand in the hall, not only from the judge's voice or the
screen. When a round clock starts or resumes, a task is scheduled for the moment 15 minutes
before its end; when it fires it reads the clock again, so a clock paused, called or moved
on by a pause meanwhile sends nothing (the resume scheduled a task of its own), and the call
is sent once per round: the first task to claim `fifteen_minute_call_sent_at` with a
conditional UPDATE sends, any other finds it claimed.

With a worker the task is queued with a countdown; without one (`NOTIFICATIONS_IN_THREAD`,
`make run`) a timer thread of this process runs it, as the mails' thread does.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone

from judging.domain import clock as domain
from judging.models import RoundClock
from tournaments.models import RoundStatus

log = logging.getLogger(__name__)


def schedule_after_commit(clock: RoundClock, at: datetime) -> None:
    """Once the start or resume commits, schedule the call for when it falls due."""
    if clock.fifteen_minute_call_sent_at is not None:
        return
    due = domain.push_call_due_at(clock.facts(), at)
    if due is None:
        return
    clock_id = clock.pk
    transaction.on_commit(lambda: schedule(clock_id, due))


def schedule(clock_id: int, due: datetime) -> None:
    countdown = max((due - timezone.now()).total_seconds(), 0.0)
    if settings.NOTIFICATIONS_IN_THREAD:
        timer = threading.Timer(countdown, _fire_in_thread, kwargs={"clock_id": clock_id})
        timer.daemon = True
        timer.start()
        return
    from judging.tasks import send_clock_call

    try:
        send_clock_call.apply_async(kwargs={"clock_id": clock_id}, countdown=countdown, retry=False)
    except Exception:  # a broker that is down loses the call, never the clock
        log.exception("clock call of clock %s not queued", clock_id)


def _fire_in_thread(clock_id: int) -> None:
    try:
        clock_call_fire(clock_id=clock_id)
    except Exception:
        log.exception("clock call of clock %s failed", clock_id)
    finally:
        connections.close_all()


def clock_call_fire(*, clock_id: int, now: datetime | None = None) -> bool:
    """Send the call if it is due now and not sent yet; whether it was sent."""
    now = now or timezone.now()
    row = RoundClock.objects.select_related("round__event").filter(pk=clock_id).first()
    if row is None or row.fifteen_minute_call_sent_at is not None:
        return False
    if row.round.status != RoundStatus.PUBLISHED:
        return False
    facts = row.facts()
    call = domain.push_call(facts)
    if call is None or not domain.push_call_due(facts, now):
        return False
    claimed = RoundClock.objects.filter(pk=clock_id, fifteen_minute_call_sent_at__isnull=True).update(
        fifteen_minute_call_sent_at=now
    )
    if not claimed:
        return False
    from tournaments.tasks import send_notifications

    send_notifications("clock", round_id=row.round_id, call=call.call)
    return True
