"""Celery: eager in-process without a broker; a real worker round trip when REDIS_URL is set."""

import os

import pytest

from config.tasks import ping

BROKER = os.environ.get("REDIS_URL", "")


@pytest.mark.skipif(bool(BROKER), reason="eager mode only applies when no broker is configured")
def test_tasks_run_in_process_without_a_broker():
    assert ping.delay("local").get(timeout=1) == "pong:local"


@pytest.mark.broker
@pytest.mark.skipif(
    not BROKER, reason="no broker configured: set REDIS_URL and start `celery -A config worker`"
)
def test_worker_round_trip_on_the_real_broker():
    from config.celery import app

    assert not app.conf.task_always_eager
    result = ping.delay("ci")
    # A worker on the broker must pick it up; the result comes back through Redis.
    assert result.get(timeout=60) == "pong:ci"
    assert result.status == "SUCCESS"
