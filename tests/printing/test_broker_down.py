"""A PDF asked for while the broker cannot be reached: a quick, clear 503 and a failed,
retryable job, never a hung worker, a bare 500 or a `queued` job that never renders.

Before, the request hung a web worker for ~20 s (the Redis result backend's
reconnect loop, then "The Celery application must be restarted"), answered a bare 500 and
left a queued job that later requests reused. Here the app publishes to a real Redis URL
that refuses connections (a closed port) or accepts them and never answers (a stuck
broker); nothing is stubbed. The bounds are far above the measured times (≈0.7 s and
≈3 s, docs/reliability.md) and far below the old hang.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest
import redis as redis_client
from django.urls import reverse

from printing.models import PrintJob, PrintStatus
from printing.services import UNAVAILABLE, print_job_run
from tests.builders.rows import PRINTING_OPEN, add_round, add_staff, make_event
from tests.procs import RedisServer, app_publishing_to, free_port
from tournaments.models import RoundStatus

# Real commits: the job is sent when the request's transaction commits, as in production.
pytestmark = pytest.mark.django_db(transaction=True)
SLUG = "printing-open"


@pytest.fixture
def refusing_broker() -> Iterator[str]:
    """A Redis URL on a port where nothing listens."""
    url = f"redis://127.0.0.1:{free_port()}/0"
    with app_publishing_to(url):
        yield url


@pytest.fixture
def stuck_broker() -> Iterator[str]:
    """A Redis URL whose server accepts connections and never answers (a frozen broker)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        url = f"redis://127.0.0.1:{sock.getsockname()[1]}/0"
        with app_publishing_to(url):
            yield url


@pytest.fixture
def event(alice):
    event = make_event(**PRINTING_OPEN, players=["Ana", "Bruno"], tables=1, planned_rounds=2)
    add_staff(event, alice)
    add_round(event, 1, [("p1", "p2")], status=RoundStatus.CLOSED, results=[(12, 3)])
    return event


def _api_request(client):
    started = time.monotonic()
    response = client.post(
        reverse("printing:api-request", args=[SLUG]), {"kind": "standings"}, content_type="application/json"
    )
    return response, time.monotonic() - started


def test_api_answers_503_at_once_and_the_job_is_failed_and_retryable(client, event, alice, refusing_broker):
    client.force_login(alice)
    response, took = _api_request(client)
    assert response.status_code == 503, response.content
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"code": "printing-unavailable", "message": UNAVAILABLE}
    assert response["Retry-After"] == "30"
    assert took < 8, f"the request was held {took:.1f} s"
    job = PrintJob.objects.get(event=event)
    assert job.status == PrintStatus.FAILED
    assert job.error == UNAVAILABLE
    status = client.get(reverse("printing:api-job", args=[SLUG, job.pk])).json()
    assert status["status"] == "failed"
    assert status["retryable"] is True

    # The failed job is not handed to the next caller: asking again tries the broker again.
    again, _ = _api_request(client)
    assert again.status_code == 503
    assert PrintJob.objects.filter(event=event, status=PrintStatus.FAILED).count() == 2
    assert not PrintJob.objects.filter(event=event, status=PrintStatus.QUEUED).exists()


def test_a_stuck_broker_does_not_hold_the_request(client, event, alice, stuck_broker):
    client.force_login(alice)
    response, took = _api_request(client)
    assert response.status_code == 503
    assert response.json()["code"] == "printing-unavailable"
    assert took < 10, f"the request was held {took:.1f} s"


def test_the_web_page_says_printing_is_unavailable_and_offers_retry(client, event, alice, refusing_broker):
    client.force_login(alice)
    page = client.post(reverse("printing:request", args=[SLUG]), {"kind": "standings"})
    assert page.status_code == 503
    text = page.content.decode()
    assert "Printing is unavailable right now" in text
    assert "Try again in a minute" in text
    assert "Retry</button>" in text
    assert "Traceback" not in text
    fragment = client.post(
        reverse("printing:request", args=[SLUG]), {"kind": "standings"}, HTTP_HX_REQUEST="true"
    )
    assert fragment.status_code == 503
    assert fragment.content.decode().count("Printing is unavailable right now") == 2  # both jobs listed
    job = PrintJob.objects.filter(event=event).first()
    assert job is not None

    # The retry button while the broker is still down: the same clear answer.
    retry = client.post(reverse("printing:retry", args=[SLUG, job.pk]), HTTP_HX_REQUEST="true")
    assert retry.status_code == 503
    assert "Printing is unavailable right now" in retry.content.decode()


def test_once_the_broker_is_back_a_retry_is_queued_without_restarting_anything(client, event, alice):
    redis = RedisServer()  # its port is chosen; the server is not running yet
    with app_publishing_to(redis.url):
        client.force_login(alice)
        first, _ = _api_request(client)
        assert first.status_code == 503
        job = PrintJob.objects.get(event=event)
        redis.start()
        try:
            response = client.post(reverse("printing:retry", args=[SLUG, job.pk]))
            assert response.status_code == 302
            job.refresh_from_db()
            assert job.status == PrintStatus.QUEUED
            assert redis_client.Redis.from_url(redis.url).llen("print-small") == 1  # the message is there
            print_job_run(job_id=job.pk)  # what the worker does with it
        finally:
            redis.stop()
    job.refresh_from_db()
    assert job.status == PrintStatus.DONE
    assert job.error == ""
