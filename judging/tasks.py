"""Celery tasks of the judging app: the last-15-minutes call (judging.clock_calls)."""

from __future__ import annotations

from config.celery import app
from judging.clock_calls import clock_call_fire


@app.task(name="judging.send_clock_call", ignore_result=True)
def send_clock_call(*, clock_id: int) -> bool:
    """The round clock's last-15-minutes call, if it is due now (the clock is read again)."""
    return clock_call_fire(clock_id=clock_id)
