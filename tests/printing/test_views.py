"""The print page, requests, status fragment, downloads, retries and the JSON API, per role.

alice organises, judy is a floor judge, hank the head judge, bob and carol play, mallory
is an outsider; anonymous visitors are the public. Outsiders get 404, never 403.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from printing.documents import render_sheet
from printing.models import PrintJob, PrintStatus
from tests.builders.rows import PRINTING_OPEN, add_round, add_staff, make_event
from tests.printing.pdf import pages, squash
from tournaments.models import Player, RoundStatus, StaffRoleKind

pytestmark = pytest.mark.django_db
RENDER = "printing.services.render_sheet"  # what the worker calls to render
SLUG = "printing-open"


@pytest.fixture
def event(alice, judy, hank, bob, carol):
    event = make_event(
        **PRINTING_OPEN, players=["Ana", "Bruno", "Chloé", "Dmitri"], tables=2, planned_rounds=3
    )
    add_staff(event, alice)
    add_staff(event, judy, StaffRoleKind.FLOOR_JUDGE)
    add_staff(event, hank, StaffRoleKind.HEAD_JUDGE)
    Player.objects.filter(event=event, external_id="p1").update(user=bob)
    Player.objects.filter(event=event, external_id="p2").update(user=carol)
    add_round(event, 1, [("p1", "p2"), ("p3", "p4")], results=[(12, 3), (5, 5)])
    return event


def url(name, *args):
    return reverse(f"printing:{name}", args=[SLUG, *args])


def ask(client, user, **data):
    if user is not None:
        client.force_login(user)
    return client.post(url("request"), data)


def test_a_request_returns_at_once_with_the_job(client, event, alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = ask(client, alice, kind="slips", round="1", paper="letter")
    job = PrintJob.objects.get()
    assert response.status_code == 302
    assert response.url == url("job", job.pk)
    assert job.status == PrintStatus.QUEUED
    assert len(callbacks) == 1
    page = client.get(response.url)
    assert page.status_code == 200
    assert b'hx-trigger="every 1s"' in page.content
    assert b"Queued" in page.content


def test_htmx_gets_the_status_fragment_which_polls_until_the_file_is_ready(
    client, event, alice, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = ask(client, alice, kind="standings", paper="a4")
    assert response.status_code == 302
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post(url("request"), {"kind": "pairings", "round": "1"}, HTTP_HX_REQUEST="true")
    job = PrintJob.objects.get(kind="pairings")
    assert response.status_code == 202
    assert f'data-job="{job.pk}"'.encode() in response.content
    assert f'hx-get="{url("status", job.pk)}"'.encode() in response.content
    assert b'hx-trigger="every 1s"' in response.content

    callbacks[0]()  # the worker runs
    fragment = client.get(url("status", job.pk))
    assert fragment.status_code == 200
    assert b"hx-trigger" not in fragment.content  # polling stops
    assert url("download", job.pk).encode() in fragment.content

    download = client.get(url("download", job.pk))
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert 'filename="printing-open-pairings-round-1-a4.pdf"' in download["Content-Disposition"]
    assert "Round 1 pairings" in squash(pages(b"".join(download.streaming_content))[0])


def test_a_failed_job_shows_its_error_and_a_retry_button(
    client, event, alice, monkeypatch, django_capture_on_commit_callbacks
):
    original = render_sheet
    monkeypatch.setattr(RENDER, lambda *a, **k: (_ for _ in ()).throw(RuntimeError("no ink")))
    with django_capture_on_commit_callbacks(execute=True):
        ask(client, alice, kind="standings")
    job = PrintJob.objects.get()
    fragment = client.get(url("status", job.pk))
    assert b"Failed: The document could not be rendered. RuntimeError: no ink" in fragment.content
    assert url("retry", job.pk).encode() in fragment.content
    assert client.get(url("download", job.pk)).status_code == 404

    monkeypatch.setattr(RENDER, original)
    with django_capture_on_commit_callbacks(execute=True):
        retried = client.post(url("retry", job.pk), HTTP_HX_REQUEST="true")
    assert retried.status_code == 202
    job.refresh_from_db()
    assert job.status == PrintStatus.DONE
    assert job.attempts == 2
    assert client.get(url("download", job.pk)).status_code == 200


@pytest.mark.parametrize("who", ["alice", "judy", "hank"])
def test_staff_print_result_slips(client, event, who, request):
    assert ask(client, request.getfixturevalue(who), kind="slips", round="1").status_code == 302


@pytest.mark.parametrize("who", ["bob", "mallory", None])
def test_players_outsiders_and_the_public_cannot_print_staff_documents(client, event, who, request):
    user = request.getfixturevalue(who) if who else None
    assert ask(client, user, kind="slips", round="1").status_code == 404
    assert ask(client, user, kind="penalties").status_code == 404
    assert PrintJob.objects.count() == 0


@pytest.mark.parametrize("who", ["alice", "judy", "hank"])
def test_staff_print_the_penalty_log(client, event, who, request):
    assert ask(client, request.getfixturevalue(who), kind="penalties").status_code == 302


def test_outsiders_cannot_see_a_staff_job(
    client, event, alice, mallory, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        ask(client, alice, kind="slips", round="1")
    job = PrintJob.objects.get()
    for user in (mallory, bob):
        client.force_login(user)
        for name in ("job", "status", "download"):
            assert client.get(url(name, job.pk)).status_code == 404
        assert client.post(url("retry", job.pk)).status_code == 404
        assert client.get(url("api-job", job.pk)).status_code == 404
    client.logout()
    assert client.get(url("download", job.pk)).status_code == 404


def test_the_public_prints_published_pairings_and_standings(client, event):
    assert ask(client, None, kind="standings").status_code == 302
    assert ask(client, None, kind="pairings", round="1").status_code == 302
    assert ask(client, None, kind="find-table", round="1").status_code == 302


def test_draft_pairings_stay_with_staff(client, event, alice, mallory):
    add_round(event, 2, [("p1", "p3"), ("p2", "p4")], status=RoundStatus.PAIRED)
    assert ask(client, mallory, kind="pairings", round="2").status_code == 404
    assert ask(client, alice, kind="pairings", round="2").status_code == 302


def test_standings_are_not_public_before_the_first_round_is_published(client, alice):
    make_event(**PRINTING_OPEN, players=["Ana", "Bruno"], tables=0)
    assert ask(client, None, kind="standings").status_code == 404


def test_a_player_prints_their_own_summary_only(
    client, event, bob, carol, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert ask(client, bob, kind="player-summary").status_code == 302
    job = PrintJob.objects.get()
    assert job.params["player"] == "p1"
    assert ask(client, bob, kind="player-summary", player="p2").status_code == 404
    client.force_login(bob)
    assert client.get(url("download", job.pk)).status_code == 200
    client.force_login(carol)
    assert client.get(url("download", job.pk)).status_code == 404


def test_staff_print_any_players_summary(client, event, judy):
    assert ask(client, judy, kind="player-summary", player="p2").status_code == 302


def test_bad_input_is_a_400_with_a_sentence(client, event, alice):
    response = client.post(url("request"), {"kind": "slips", "paper": "a3"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 404  # anonymous: slips are not theirs to ask about
    response = ask(client, alice, kind="slips", paper="a3")
    assert response.status_code == 400
    assert b"Choose A4 or US Letter paper." in response.content


def test_the_print_page_offers_what_each_role_may_print(client, event, alice, bob):
    public = client.get(url("page"))
    assert public.status_code == 200
    assert b"Pairings by table" in public.content
    assert b"Standings" in public.content
    assert b"Result slips" not in public.content
    assert b"Player summary" not in public.content
    client.force_login(bob)
    mine = client.get(url("page"))
    assert b"Player summary" in mine.content
    assert b"Result slips" not in mine.content
    assert b"Penalty log" not in mine.content
    client.force_login(alice)
    staff_page = client.get(url("page"))
    assert b"Result slips" in staff_page.content
    assert b"Penalty log" in staff_page.content
    assert b"Every player" in staff_page.content
    assert url("csv-standings").encode() in staff_page.content


def test_unknown_event_is_a_404(client, alice):
    client.force_login(alice)
    assert client.get(reverse("printing:page", args=["nope"])).status_code == 404


# --- JSON API ---------------------------------------------------------------------------


def test_api_request_returns_202_with_the_job_and_its_urls(
    client, event, alice, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post(
            url("api-request"), {"kind": "slips", "round": 1}, content_type="application/json"
        )
    assert response.status_code == 202
    body = response.json()
    job = PrintJob.objects.get()
    assert body["id"] == job.pk
    assert body["status"] == "queued"
    assert body["download_url"] is None
    assert body["params"] == {"paper": "a4", "round": 1}
    assert body["status_url"].endswith(url("api-job", job.pk))
    callbacks[0]()
    done = client.get(url("api-job", job.pk)).json()
    assert done["status"] == "done"
    assert done["download_url"].endswith(url("download", job.pk))


def test_api_refuses_what_the_caller_may_not_print(client, event, mallory):
    client.force_login(mallory)
    response = client.post(url("api-request"), {"kind": "slips"}, content_type="application/json")
    assert response.status_code == 404


def test_api_validates_input(client, event, alice):
    client.force_login(alice)
    response = client.post(url("api-request"), {"kind": "menu"}, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["field"] == "kind"
    response = client.post(
        url("api-request"), {"kind": "pairings", "round": 9}, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["message"] == "There is no round 9 yet."


def test_anonymous_api_request_for_public_standings(client, event):
    response = client.post(url("api-request"), {"kind": "standings"}, content_type="application/json")
    assert response.status_code == 202


def test_asking_twice_lists_the_reused_job_once(client, event, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url("request"), {"kind": "standings"}, HTTP_HX_REQUEST="true")
        response = client.post(url("request"), {"kind": "standings"}, HTTP_HX_REQUEST="true")
    job = PrintJob.objects.get()
    assert response.content.count(f'data-job="{job.pk}"'.encode()) == 1
    # An anonymous visitor's own jobs are kept in their session and shown on the page.
    assert f'data-job="{job.pk}"'.encode() in client.get(url("page")).content
    assert f'data-job="{job.pk}"'.encode() not in Client().get(url("page")).content


def test_api_request_takes_json_only_as_the_schema_says(client, event, alice):
    """schemathesis found a multipart body answered 415 where the schema offered multipart."""
    client.force_login(alice)
    response = client.post(url("api-request"), {"kind": "slips", "round": "1"})  # multipart
    assert response.status_code == 415
    schema = client.get("/api/schema/?format=json").json()
    operation = next(
        op["post"]
        for path, op in schema["paths"].items()
        if path.endswith("/print/api/jobs/") and "post" in op
    )
    assert set(operation["requestBody"]["content"]) == {"application/json"}
    assert "415" in operation["responses"]
