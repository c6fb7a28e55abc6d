"""Conduct reports (OP Guide: Code of Conduct): filed discreetly, read by the TO and Head Judge only."""

from __future__ import annotations

import pytest

from judging.models import ConductReport
from judging.services import conduct_report_file
from tournaments.errors import ServiceError

pytestmark = pytest.mark.django_db

REPORT = {
    "category": "intimidation",
    "description": "Shouted at his opponent at table 3.",
    "people_involved": "Dan",
}


@pytest.mark.parametrize("who", ["bob", "carol", "judy", "hank", "alice"])
def test_any_participant_can_file_and_is_told_it_was_received(world, who):
    client = world.client(who)
    form = client.get(world.url("conduct/"))
    assert form.status_code == 200
    assert b"Hank (Head Judge), judges&#x27; table" in form.content  # the named contact
    response = client.post(world.url("conduct/"), REPORT, follow=True)
    assert b"Your report was received" in response.content
    report = ConductReport.objects.get()
    assert (report.reporter, report.category) == (world.users[who], "intimidation")
    assert b"Intimidation, threats or physical aggression" in response.content  # in "your reports"


@pytest.mark.parametrize("who", ["mallory", "anonymous"])
def test_outsiders_cannot_file(world, who):
    response = world.client(who).post(world.url("conduct/"), REPORT)
    assert response.status_code == (302 if who == "anonymous" else 404)
    assert not ConductReport.objects.exists()
    with pytest.raises(ServiceError):
        conduct_report_file(event=world.event, by=world.users["mallory"], **REPORT)


def test_only_the_to_and_head_judge_read_reports(world):
    conduct_report_file(event=world.event, by=world.users["bob"], **REPORT)
    conduct_report_file(
        event=world.event, by=world.users["carol"], category="other", description="Carol's private worry"
    )
    for who in ("alice", "hank"):
        inbox = world.client(who).get(world.url("judge/conduct/"))
        assert inbox.status_code == 200
        assert b"Shouted at his opponent" in inbox.content
        assert b"Carol&#x27;s private worry" in inbox.content
    for who in ("judy", "bob", "carol", "mallory"):
        assert world.client(who).get(world.url("judge/conduct/")).status_code == 404
    mine = world.client("bob").get(world.url("conduct/"))
    assert b"Carol&#x27;s private worry" not in mine.content  # never someone else's report
    assert b"Shouted at his opponent" not in mine.content  # nor the text of one's own


def test_the_audit_log_does_not_give_the_reporter_away(world):
    conduct_report_file(event=world.event, by=world.users["bob"], **REPORT)
    entry = world.event.audit_log.get(action="conduct-report-filed")
    assert entry.actor is None
    assert "Dan" not in entry.subject
    assert "Bob" not in entry.subject


def test_description_and_category_are_checked(world):
    with pytest.raises(ServiceError) as err:
        conduct_report_file(
            event=world.event, by=world.users["bob"], category="intimidation", description=" "
        )
    assert err.value.field == "description"
    with pytest.raises(ServiceError) as err:
        conduct_report_file(event=world.event, by=world.users["bob"], category="rudeness", description="x")
    assert err.value.field == "category"


def test_api_create_only_for_participants_and_list_for_to_and_head_judge(world):
    url = world.api_url("conduct-reports/")
    created = world.api("carol").post(url, REPORT, format="json")
    assert created.status_code == 201
    assert created.json()["received"] is True
    assert created.json()["contact"] == "Hank (Head Judge), judges' table"
    assert world.api("mallory").post(url, REPORT, format="json").status_code == 404
    assert world.api("anonymous").post(url, REPORT, format="json").status_code == 401
    listed = world.api("hank").get(url)
    assert [r["reporter"] for r in listed.json()["results"]] == ["carol"]
    for who in ("judy", "carol", "anonymous"):
        assert world.api(who).get(url).status_code == 404
