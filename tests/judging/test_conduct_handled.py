"""Conduct reports handled by the TO or the Head Judge, and what each person sees of it.

OP Guide, Code of Conduct: reports are made discreetly to the event's conduct contact. The
TO and the Head Judge (hank) mark a report handled with a short note; the reporter is told
only "received" or "handled"; nobody else learns anything, floor judges (judy) included.
"""

from __future__ import annotations

import pytest

from judging.models import ConductReport
from judging.services import conduct_report_file, conduct_report_handle
from tests.builders.worlds import World, build_world
from tournaments.errors import ServiceError

pytestmark = pytest.mark.django_db

NOTE = "Spoke to both players; a Caution was issued."


@pytest.fixture
def reports(world) -> dict[str, ConductReport]:
    """Bob reports an intimidation, Carol a private worry; neither is handled yet."""
    bob = conduct_report_file(
        event=world.event,
        by=world.users["bob"],
        category="intimidation",
        description="Shouted at his opponent at table 3.",
        people_involved="Dan",
    )
    carol = conduct_report_file(
        event=world.event, by=world.users["carol"], category="other", description="Carol's private worry"
    )
    return {"bob": bob, "carol": carol}


def handle_url(world: World, report: ConductReport) -> str:
    return world.url(f"judge/conduct/{report.pk}/handle/")


@pytest.mark.parametrize("who", ["hank", "alice"])
def test_the_head_judge_or_the_to_marks_a_report_handled(world, reports, who):
    client = world.client(who)
    response = client.post(handle_url(world, reports["bob"]), {"note": f"  {NOTE} "}, follow=True)
    assert response.status_code == 200
    assert f"Conduct report #{reports['bob'].pk} is marked handled." in response.content.decode()
    report = ConductReport.objects.get(pk=reports["bob"].pk)
    assert report.handled
    assert report.status == "handled"
    assert report.handled_note == NOTE  # kept, trimmed
    assert report.handled_by == world.users[who]
    assert NOTE in response.content.decode()  # the inbox shows the note
    assert not ConductReport.objects.get(pk=reports["carol"].pk).handled


def test_handling_is_audited_without_names(world, reports):
    conduct_report_handle(report=reports["bob"], by=world.users["hank"], note=NOTE)
    entry = world.event.audit_log.get(action="conduct-report-handled")
    assert entry.actor is None
    assert entry.subject == f"Conduct report #{reports['bob'].pk}"
    assert entry.reason == ""
    assert entry.data == {"report": reports["bob"].pk}  # which report (remapped on export), no names


def test_a_note_is_required_short_and_a_report_is_handled_once(world, reports):
    client = world.client("hank")
    empty = client.post(handle_url(world, reports["bob"]), {"note": "  "}, follow=True)
    assert "Say briefly what was done about the report." in empty.content.decode()
    assert not ConductReport.objects.get(pk=reports["bob"].pk).handled
    with pytest.raises(ServiceError) as err:
        conduct_report_handle(report=reports["bob"], by=world.users["hank"], note="x" * 501)
    assert err.value.field == "note"
    assert "at most 500 characters, not 501" in err.value.message
    conduct_report_handle(report=reports["bob"], by=world.users["hank"], note=NOTE)
    with pytest.raises(ServiceError) as err:
        conduct_report_handle(report=reports["bob"], by=world.users["alice"], note="Again")
    assert err.value.code == "already-handled"
    assert ConductReport.objects.get(pk=reports["bob"].pk).handled_note == NOTE


def test_the_inbox_filters_open_and_handled(world, reports):
    conduct_report_handle(report=reports["bob"], by=world.users["hank"], note=NOTE)
    client = world.client("alice")
    url = world.url("judge/conduct/")
    every = client.get(url)
    assert [r.pk for r in every.context["reports"]] == [reports["carol"].pk, reports["bob"].pk]
    open_ = client.get(url + "?show=open")
    assert [r.pk for r in open_.context["reports"]] == [reports["carol"].pk]
    assert b"Mark handled" in open_.content
    handled = client.get(url + "?show=handled")
    assert [r.pk for r in handled.context["reports"]] == [reports["bob"].pk]
    assert b"Mark handled" not in handled.content
    assert NOTE in handled.content.decode()
    nonsense = client.get(url + "?show=everything")
    assert len(nonsense.context["reports"]) == 2
    # Handling from a filtered view comes back to it.
    back = client.post(handle_url(world, reports["carol"]), {"note": "Talked to her.", "show": "open"})
    assert back["Location"] == url + "?show=open"
    assert world.client("alice").get(url + "?show=open").context["reports"] == []


def test_the_reporter_sees_received_then_handled_and_nothing_more(world, reports):
    bob = world.client("bob")
    page = bob.get(world.url("conduct/")).content.decode()
    assert page.count(">received</span>") == 1  # his one report, not Carol's
    assert ">handled</span>" not in page
    conduct_report_handle(report=reports["bob"], by=world.users["hank"], note=NOTE)
    page = bob.get(world.url("conduct/")).content.decode()
    assert ">handled</span>" in page
    assert ">received</span>" not in page
    assert NOTE not in page  # the note stays with the TO and Head Judge
    assert "hank" not in page
    # Carol's report is still only received, and Carol never sees Bob's.
    carol = world.client("carol").get(world.url("conduct/")).content.decode()
    assert carol.count(">received</span>") == 1
    assert ">handled</span>" not in carol
    assert "Intimidation" not in carol.split("Your reports")[1]


@pytest.mark.parametrize(
    ("who", "inbox", "handle"),
    [
        ("bob", 404, 404),  # the reporter
        ("carol", 404, 404),  # another player
        ("judy", 404, 404),  # a floor judge
        ("mallory", 404, 404),  # an outsider
        ("hank", 200, 302),
        ("alice", 200, 302),
    ],
)
def test_who_may_read_and_handle(world, reports, who, inbox, handle):
    client = world.client(who)
    assert client.get(world.url("judge/conduct/")).status_code == inbox
    assert client.post(handle_url(world, reports["bob"]), {"note": NOTE}).status_code == handle
    assert ConductReport.objects.get(pk=reports["bob"].pk).handled is (handle == 302)


def test_the_service_refuses_anyone_but_the_to_and_head_judge(world, reports):
    for who in ("bob", "judy", "mallory"):
        with pytest.raises(ServiceError) as err:
            conduct_report_handle(report=reports["bob"], by=world.users[who], note=NOTE)
        assert err.value.code == "not-allowed"
    assert not ConductReport.objects.filter(handled_at__isnull=False).exists()


def test_a_report_of_another_event_is_404(world, reports, users):
    other = build_world(users)  # alice and hank run it too
    assert other.event.pk != world.event.pk
    response = world.client("hank").post(
        other.url(f"judge/conduct/{reports['bob'].pk}/handle/"), {"note": NOTE}
    )
    assert response.status_code == 404
    api = world.api("hank").post(
        other.api_url(f"conduct-reports/{reports['bob'].pk}/handle/"), {"note": NOTE}, format="json"
    )
    assert api.status_code == 404
    assert not ConductReport.objects.get(pk=reports["bob"].pk).handled


# --- the API -------------------------------------------------------------------------------


def test_api_handle_list_and_filter(world, reports):
    url = world.api_url("conduct-reports/")
    handled = world.api("hank").post(f"{url}{reports['bob'].pk}/handle/", {"note": NOTE}, format="json")
    assert handled.status_code == 200
    body = handled.json()
    assert (body["handled"], body["handled_by"], body["handled_note"]) == (True, "hank", NOTE)
    assert body["handled_at"] is not None
    again = world.api("alice").post(f"{url}{reports['bob'].pk}/handle/", {"note": NOTE}, format="json")
    assert (again.status_code, again.json()["code"]) == (400, "already-handled")
    blank = world.api("alice").post(f"{url}{reports['carol'].pk}/handle/", {"note": ""}, format="json")
    assert blank.status_code == 400

    def ids(query: str) -> list[int]:
        return [r["id"] for r in world.api("alice").get(url + query).json()["results"]]

    assert ids("") == [reports["carol"].pk, reports["bob"].pk]
    assert ids("?status=open") == [reports["carol"].pk]
    assert ids("?status=handled") == [reports["bob"].pk]
    carol_row = world.api("alice").get(url + "?status=open").json()["results"][0]
    assert (carol_row["handled"], carol_row["handled_at"], carol_row["handled_note"]) == (False, None, "")


@pytest.mark.parametrize("who", ["bob", "carol", "judy", "mallory"])
def test_api_only_the_to_and_head_judge_handle(world, reports, who):
    url = world.api_url(f"conduct-reports/{reports['bob'].pk}/handle/")
    assert world.api(who).post(url, {"note": NOTE}, format="json").status_code == 404
    assert world.api("anonymous").post(url, {"note": NOTE}, format="json").status_code == 401
    assert not ConductReport.objects.get(pk=reports["bob"].pk).handled


def test_api_reporters_see_the_status_of_their_own_reports_only(world, reports):
    url = world.api_url("me/conduct-reports/")
    conduct_report_handle(report=reports["bob"], by=world.users["hank"], note=NOTE)
    bob = world.api("bob").get(url)
    assert bob.status_code == 200
    assert [(r["id"], r["category"], r["status"]) for r in bob.json()["results"]] == [
        (reports["bob"].pk, "intimidation", "handled")
    ]
    assert set(bob.json()["results"][0]) == {"id", "category", "created_at", "status"}  # no note, no handler
    carol = world.api("carol").get(url).json()["results"]
    assert [(r["id"], r["status"]) for r in carol] == [(reports["carol"].pk, "received")]
    assert world.api("judy").get(url).json()["results"] == []  # staff who filed nothing
    assert world.api("mallory").get(url).status_code == 404
    assert world.api("anonymous").get(url).status_code == 401


def test_the_schema_documents_handling(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert "post" in schema["paths"]["/api/events/{slug}/conduct-reports/{id}/handle/"]
    assert "get" in schema["paths"]["/api/events/{slug}/me/conduct-reports/"]
