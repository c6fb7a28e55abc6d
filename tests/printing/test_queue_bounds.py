"""The print queue is bounded: per-event and per-account limits, lanes by size, expiry of
finished PDFs, and anonymous printing that stores no session."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.sessions.models import Session
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config.tasks import clear_sessions
from printing.models import PrintJob, PrintStatus
from printing.services import LARGE_QUEUE, SMALL_QUEUE, job_queue, print_jobs_expire

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(users):
    from tests.builders.worlds import build_world
    from tests.races.builders import race_round

    world = build_world(users, name="Printing Open")
    race_round(world.event, [world.bob, world.carol, world.dan, world.erin], "published")
    return world


def _api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _in_progress(event, n: int, **fields) -> None:
    PrintJob.objects.bulk_create(
        [
            PrintJob(event=event, kind="standings", fingerprint=f"f{i}", status=PrintStatus.QUEUED, **fields)
            for i in range(n)
        ]
    )


def test_an_event_over_its_limit_is_told_to_wait(open_event, settings):
    settings.PRINT_JOBS_PER_EVENT = 3
    _in_progress(open_event.event, 3)
    url = f"/e/{open_event.event.slug}/print/api/jobs/"
    response = _api().post(url, {"kind": "pairings", "round": 1}, format="json")
    assert response.status_code == 429
    assert response.json()["code"] == "too-many-print-jobs"
    assert response["Retry-After"] == "30"
    assert "try again in 30 s" in response.json()["message"]
    assert PrintJob.objects.filter(event=open_event.event).count() == 3
    web = Client().post(
        reverse("printing:request", args=[open_event.event.slug]), {"kind": "pairings", "round": "1"}
    )
    assert web.status_code == 429
    assert "try again in 30 s" in web.content.decode()


def test_a_document_already_waiting_is_still_handed_back_over_the_limit(open_event, settings):
    url = f"/e/{open_event.event.slug}/print/api/jobs/"
    first = _api().post(url, {"kind": "pairings", "round": 1}, format="json")
    assert first.status_code == 202
    PrintJob.objects.filter(pk=first.json()["id"]).update(status=PrintStatus.QUEUED)
    settings.PRINT_JOBS_PER_EVENT = 1
    again = _api().post(url, {"kind": "pairings", "round": 1}, format="json")
    assert again.status_code == 202
    assert again.json()["id"] == first.json()["id"]


def test_an_account_over_its_limit_is_told_to_wait_at_any_event(open_event, settings, alice):
    settings.PRINT_JOBS_PER_ACCOUNT = 2
    _in_progress(open_event.event, 2, requested_by=alice)
    url = f"/e/{open_event.event.slug}/print/api/jobs/"
    mine = _api(alice).post(url, {"kind": "standings"}, format="json")
    assert mine.status_code == 429
    assert "your print jobs" in mine.json()["message"]
    assert _api().post(url, {"kind": "standings"}, format="json").status_code == 202


def test_old_in_progress_jobs_do_not_count(open_event, settings):
    settings.PRINT_JOBS_PER_EVENT = 1
    _in_progress(open_event.event, 1)
    PrintJob.objects.update(created_at=timezone.now() - dt.timedelta(hours=1))
    url = f"/e/{open_event.event.slug}/print/api/jobs/"
    assert _api().post(url, {"kind": "standings"}, format="json").status_code == 202


@pytest.mark.parametrize(
    ("players", "kind", "lane"),
    [
        (16, "pairings", SMALL_QUEUE),
        (16, "rosters", SMALL_QUEUE),
        (64, "rosters", LARGE_QUEUE),
        (64, "slips", LARGE_QUEUE),
        (64, "standings", SMALL_QUEUE),
        (2000, "pairings", LARGE_QUEUE),
    ],
)
def test_big_documents_go_to_their_own_lane(players, kind, lane):
    assert job_queue(players, kind) == lane


def test_finished_pdfs_expire_with_their_files(open_event, settings):
    settings.PRINT_FILES_KEEP_HOURS = 24
    old = PrintJob.objects.create(
        event=open_event.event, kind="standings", fingerprint="old", status=PrintStatus.DONE
    )
    old.file.save("old.pdf", ContentFile(b"%PDF-1.7"), save=True)
    new = PrintJob.objects.create(
        event=open_event.event, kind="standings", fingerprint="new", status=PrintStatus.DONE
    )
    new.file.save("new.pdf", ContentFile(b"%PDF-1.7"), save=True)
    running = PrintJob.objects.create(
        event=open_event.event, kind="standings", fingerprint="run", status=PrintStatus.RUNNING
    )
    PrintJob.objects.filter(pk__in=[old.pk, running.pk]).update(
        created_at=timezone.now() - dt.timedelta(hours=25)
    )
    storage, name = old.file.storage, old.file.name
    assert storage.exists(name)
    assert print_jobs_expire() == 1
    assert not storage.exists(name)
    assert set(PrintJob.objects.values_list("fingerprint", flat=True)) == {"new", "run"}


def test_anonymous_printing_stores_no_session_yet_lists_the_callers_jobs(open_event, client):
    slug = open_event.event.slug
    response = client.post(reverse("printing:request", args=[slug]), {"kind": "pairings", "round": "1"})
    assert response.status_code == 302
    assert Session.objects.count() == 0
    page = client.get(reverse("printing:page", args=[slug])).content.decode()
    job = PrintJob.objects.get(event=open_event.event)
    assert reverse("printing:job", args=[slug, job.pk]) in page
    assert Session.objects.count() == 0
    # Another visitor does not see it.
    assert (
        reverse("printing:job", args=[slug, job.pk])
        not in Client().get(reverse("printing:page", args=[slug])).content.decode()
    )


def test_expired_sessions_are_cleared(client, alice):
    client.force_login(alice)
    Session.objects.update(expire_date=timezone.now() - dt.timedelta(days=1))
    assert Session.objects.count() == 1
    clear_sessions()
    assert Session.objects.count() == 0
    call_command("check")  # the task's command exists in every configuration
