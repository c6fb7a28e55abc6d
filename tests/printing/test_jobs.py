"""Print jobs: the request service, the worker's run, reuse by fingerprint, failure and retry.

Celery runs in-process here (see conftest); `django_capture_on_commit_callbacks(execute=True)`
runs what `transaction.on_commit` enqueued, as a commit would.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from printing.documents import render_sheet
from printing.models import PrintJob, PrintKind, PrintStatus
from printing.services import print_job_request, print_job_retry, print_job_run
from tests.builders.rows import PRINTING_OPEN, add_round, add_staff, make_event, player_of
from tests.printing.pdf import pages, squash
from tournaments.access import access_event
from tournaments.errors import ServiceError
from tournaments.models import Game, Outcome, ResultStatus, RoundStatus

pytestmark = pytest.mark.django_db
RENDER = "printing.services.render_sheet"  # what the worker calls to render


@pytest.fixture
def event(alice):
    event = make_event(
        **PRINTING_OPEN, players=["Ana", "Bruno", "Chloé", "Dmitri"], tables=2, planned_rounds=2
    )
    add_staff(event, alice)
    add_round(event, 1, [("p1", "p2"), ("p3", "p4")], status=RoundStatus.CLOSED, results=[(12, 3), (5, 5)])
    add_round(event, 2, [("p1", "p3"), ("p2", "p4")])
    return event


@pytest.fixture
def renders(monkeypatch):
    """Count real renders, to tell a reused file from a new one."""
    calls = []
    original = render_sheet

    def counting(kind, sheet, **kwargs):
        calls.append(kind)
        return original(kind, sheet, **kwargs)

    monkeypatch.setattr(RENDER, counting)
    return calls


def request(event, user, kind=PrintKind.STANDINGS, **kwargs):
    return print_job_request(access=access_event(user, event.slug), kind=kind, by=user, **kwargs)


def text_of(job):
    job.refresh_from_db()
    with job.file.open("rb") as handle:
        return squash(" ".join(pages(handle.read())))


def test_a_request_queues_a_job_that_the_worker_renders(event, alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = request(event, alice, paper="letter")
    assert job.status == PrintStatus.QUEUED
    assert len(callbacks) == 1
    assert job.params == {"paper": "letter"}
    assert job.requested_by == alice
    assert len(job.fingerprint) == 64
    callbacks[0]()
    job.refresh_from_db()
    assert job.status == PrintStatus.DONE
    assert job.attempts == 1
    assert job.error == ""
    assert job.finished_at is not None
    assert job.filename == "printing-open-standings-letter.pdf"
    assert "Indicative standings after round 1 of 2" in text_of(job)


def test_same_inputs_reuse_the_done_job_and_its_file(
    event, alice, renders, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first = request(event, alice)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        again = request(event, alice)
    assert again.pk == first.pk
    assert callbacks == []
    assert renders == [PrintKind.STANDINGS]
    assert PrintJob.objects.count() == 1


def test_a_request_while_rendering_joins_the_job_in_progress(
    event, alice, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        first = request(event, alice)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        again = request(event, alice)
    assert again.pk == first.pk
    assert callbacks == []


def test_a_new_result_makes_a_new_fingerprint_and_a_new_file(
    event, alice, renders, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        before = request(event, alice)
    game = Game.objects.get(round__number=2, player_one=player_of(event, "p1"))
    game.outcome, game.vp_one, game.vp_two, game.result_status = Outcome.PLAYED, 15, 0, ResultStatus.CONFIRMED
    game.save()
    with django_capture_on_commit_callbacks(execute=True):
        after = request(event, alice)
    before.refresh_from_db()
    after.refresh_from_db()
    assert after.pk != before.pk
    assert after.fingerprint != before.fingerprint
    assert after.file.name != before.file.name
    assert renders == [PrintKind.STANDINGS] * 2
    # Ana has beaten Chloé 15-0 (Annihilation: 3 MP, 5 TP) on top of round 1.
    assert "1 Ana 6 9" in text_of(after)
    assert "1 Ana 3 4" in text_of(before)


def test_paper_size_is_part_of_the_fingerprint(event, alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        a4 = request(event, alice, paper="a4")
        letter = request(event, alice, paper="letter")
    assert a4.pk != letter.pk
    assert a4.fingerprint != letter.fingerprint


def test_pairings_are_not_reprinted_for_a_new_result(
    event, alice, renders, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first = request(event, alice, PrintKind.PAIRINGS, round_number=2)
    Game.objects.filter(round__number=2).update(outcome=Outcome.PLAYED, vp_one=1, vp_two=2)
    with django_capture_on_commit_callbacks(execute=True):
        again = request(event, alice, PrintKind.PAIRINGS, round_number=2)
    assert again.pk == first.pk
    assert renders == [PrintKind.PAIRINGS]


def test_a_failure_is_stored_and_a_retry_renders(
    event, alice, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(*args, **kwargs):
        raise RuntimeError("the printer caught fire")

    original = render_sheet
    monkeypatch.setattr(RENDER, broken)
    with django_capture_on_commit_callbacks(execute=True):
        job = request(event, alice)
    job.refresh_from_db()
    assert job.status == PrintStatus.FAILED
    assert job.attempts == 1
    assert job.error == "The document could not be rendered. RuntimeError: the printer caught fire"
    assert not job.file

    monkeypatch.setattr(RENDER, original)
    with django_capture_on_commit_callbacks(execute=True):
        retried = print_job_retry(job=job, by=alice)
    assert retried.pk == job.pk
    job.refresh_from_db()
    assert job.status == PrintStatus.DONE
    assert job.attempts == 2
    assert job.error == ""
    assert "Standings" in text_of(job)


def test_a_failed_job_is_not_reused(event, alice, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(RENDER, lambda *a, **k: (_ for _ in ()).throw(OSError("disk full")))
    with django_capture_on_commit_callbacks(execute=True):
        failed = request(event, alice)
    with django_capture_on_commit_callbacks(execute=False):
        fresh = request(event, alice)
    assert fresh.pk != failed.pk
    assert fresh.status == PrintStatus.QUEUED


def test_retry_is_refused_for_a_done_or_running_job(event, alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        done = request(event, alice)
    with pytest.raises(ServiceError, match="ready; there is nothing to retry"):
        print_job_retry(job=done, by=alice)
    with django_capture_on_commit_callbacks(execute=False):
        queued = request(event, alice, paper="letter")
    with pytest.raises(ServiceError, match="still being rendered"):
        print_job_retry(job=queued, by=alice)


def test_a_stuck_job_is_not_reused_and_may_be_retried(event, alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        stuck = request(event, alice)
    PrintJob.objects.filter(pk=stuck.pk).update(
        status=PrintStatus.RUNNING, started_at=timezone.now() - dt.timedelta(minutes=11)
    )
    with django_capture_on_commit_callbacks(execute=False):
        fresh = request(event, alice)
    assert fresh.pk != stuck.pk
    with django_capture_on_commit_callbacks(execute=True):
        print_job_retry(job=stuck, by=alice)
    stuck.refresh_from_db()
    assert stuck.status == PrintStatus.DONE


def test_running_a_job_twice_renders_once(event, alice, renders, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = request(event, alice)
    assert print_job_run(job_id=job.pk) is None  # a repeated delivery: nothing to do
    assert print_job_run(job_id=999_999) is None  # a deleted job
    job.refresh_from_db()
    assert job.status == PrintStatus.DONE
    assert job.attempts == 1
    assert renders == [PrintKind.STANDINGS]


def test_the_worker_prints_the_data_as_it_is_when_it_runs(event, alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = request(event, alice)
    requested = job.fingerprint
    Game.objects.filter(round__number=2).update(
        outcome=Outcome.PLAYED, vp_one=10, vp_two=10, result_status=ResultStatus.CONFIRMED
    )
    callbacks[0]()
    job.refresh_from_db()
    assert job.status == PrintStatus.DONE
    assert job.fingerprint != requested
    assert "after round 2 of 2" in text_of(job)


def test_a_job_whose_sheet_already_exists_reuses_the_file(
    event, alice, renders, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first = request(event, alice)
    first.refresh_from_db()
    twin = PrintJob.objects.create(
        event=event, kind=first.kind, params=first.params, fingerprint="requested-earlier"
    )
    print_job_run(job_id=twin.pk)
    twin.refresh_from_db()
    assert twin.status == PrintStatus.DONE
    assert twin.file.name == first.file.name
    assert renders == [PrintKind.STANDINGS]


def test_request_defaults_to_the_latest_round_and_checks_access(event, alice, bob):
    job = request(event, alice, PrintKind.SLIPS)
    assert job.params == {"paper": "a4", "round": 2}
    with pytest.raises(ServiceError) as refused:
        request(event, bob, PrintKind.SLIPS)
    assert refused.value.code == "not-found"


def test_request_errors_are_clear(event, alice):
    with pytest.raises(ServiceError, match="Unknown document 'menu'"):
        request(event, alice, "menu")
    with pytest.raises(ServiceError, match="Choose A4 or US Letter paper"):
        request(event, alice, paper="a3")
    with pytest.raises(ServiceError, match="There is no round 7 yet"):
        request(event, alice, PrintKind.PAIRINGS, round_number=7)
    with pytest.raises(ServiceError, match="No such player"):
        request(event, alice, PrintKind.PLAYER_SUMMARY, player="p99")
