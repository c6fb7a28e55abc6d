"""Pre-round checks: before pairing and before publishing, the TO sees who is not
ready — no roster, an illegal roster (the stored verdict), not checked in where the event
uses check-in, a result missing from the round before — and must confirm to go on.

The issue's defect: "Round 1 of a competitive event paired and published with 5 of 8
players without a roster, one illegal, none checked in, and no warning".
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rosters.models import Roster
from tests.builders.documents import terran_document
from tests.builders.rows import add_round, add_staff, give_rosters, make_event, player_of
from tournaments.errors import NotReady, ServiceError
from tournaments.models import AuditEntry, Event, EventKind, Round, RoundStatus
from tournaments.selectors import round_readiness
from tournaments.services.players import player_check_in, player_drop
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db

MANAGE = "/e/spring-skirmish/manage/"
API = "/api/events/spring-skirmish/"


def _roster(player, *, legal: bool) -> Roster:
    report = {"legal": legal, "roster": {"violations": [] if legal else [{"message": "Too many minerals."}]}}
    return Roster.objects.create(
        player=player, slot=1, document=terran_document(), legal=legal, report=report
    )


@pytest.fixture
def issue_event(alice) -> Event:
    """The issue's event: competitive, 8 players, 3 rosters (p3's illegal), nobody checked in."""
    event = make_event(to=alice, players=8, kind=EventKind.COMPETITIVE, planned_rounds=3)
    for pid, legal in (("p1", True), ("p2", True), ("p3", False)):
        _roster(player_of(event, pid), legal=legal)
    return event


def _codes(problems) -> set[tuple[str, str]]:
    return {(p.player.external_id, p.code) for p in problems}


def test_the_selector_names_every_player_not_ready_and_why(issue_event):
    problems = round_readiness(issue_event, number=1)
    expected = {(f"p{n}", "no-roster") for n in range(4, 9)} | {("p3", "illegal-roster")}
    expected |= {(f"p{n}", "not-checked-in") for n in range(1, 9)}
    assert _codes(problems) == expected
    sentences = {p.reason for p in problems}
    assert "Player 003 has an illegal roster." in sentences
    assert "Player 004 has no roster." in sentences


def test_check_in_counts_at_a_community_event_only_once_the_to_checks_someone_in(alice):
    event = make_event(to=alice, players=4)
    give_rosters(event)
    assert round_readiness(event, number=1) == []
    player_check_in(player=player_of(event, "p1"), by=alice)
    assert _codes(round_readiness(event, number=1)) == {(f"p{n}", "not-checked-in") for n in (2, 3, 4)}


def test_dropped_players_are_not_checked_and_a_ready_field_pairs_without_confirming(alice):
    event = make_event(to=alice, players=4)
    give_rosters(event)
    Roster.objects.filter(player=player_of(event, "p4")).delete()
    player_drop(player=player_of(event, "p4"), by=alice)
    assert round_readiness(event, number=1) == []
    round_ = round_publish(round_=round_pair(event=event, by=alice, seed=1), by=alice)
    assert round_.status == RoundStatus.PUBLISHED


def test_results_missing_from_the_round_before(alice):
    event = make_event(to=alice, players=4)
    give_rosters(event)
    p1, p2, p3, p4 = (player_of(event, f"p{n}") for n in range(1, 5))
    add_round(event, 1, [(p1, p2), (p3, p4)], results=[(10, 5), None])
    assert _codes(round_readiness(event, number=2)) == {("p3", "results-missing"), ("p4", "results-missing")}


def test_issue_defect_results_missing_shows_on_the_dashboard_while_the_round_is_played(client, alice):
    """Rounds close themselves once every result is in, so `results-missing` is what the TO
    reads while round 1 is still being played, before round 2 can be paired."""
    event = make_event(to=alice, players=4)
    give_rosters(event)
    p1, p2, p3, p4 = (player_of(event, f"p{n}") for n in range(1, 5))
    add_round(event, 1, [(p1, p2), (p3, p4)], results=[(10, 5), None])
    client.force_login(alice)
    page = client.get(MANAGE).content.decode()
    assert "Not ready for round 2" in page
    assert 'data-code="results-missing"' in page
    # One line for the reason, naming both players at the open table.
    assert "2 players have no confirmed result in the last round: Player 003, Player 004." in page
    assert "Player 001" not in page.split('id="not-ready"')[1].split("</div>")[0]
    assert "Pair round 2" not in page
    assert "Pair anyway" not in page


def test_pairing_while_a_round_is_played_names_the_tables_without_a_result(alice):
    event = make_event(to=alice, players=6)
    give_rosters(event)
    p1, p2, p3, p4, p5, p6 = (player_of(event, f"p{n}") for n in range(1, 7))
    add_round(event, 1, [(p1, p2), (p3, p4), (p5, p6)], results=[None, (10, 5), None])
    with pytest.raises(ServiceError) as refused:
        round_pair(event=event, by=alice, seed=1)
    assert refused.value.code == "open-round"
    assert refused.value.message.startswith(
        "Round 1 is still being played: tables 1 and 3 have no confirmed result yet."
    )
    assert Round.objects.filter(event=event).count() == 1


def test_the_services_refuse_until_confirmed_and_change_nothing(issue_event, alice):
    with pytest.raises(NotReady) as refused:
        round_pair(event=issue_event, by=alice, seed=1)
    assert refused.value.code == "not-ready"
    assert refused.value.status == 409
    assert "5 players have no roster, 1 player has an illegal roster, 8 players are not checked in" in (
        refused.value.message
    )
    assert not Round.objects.exists()
    round_ = round_pair(event=issue_event, by=alice, seed=1, confirm=True)
    with pytest.raises(NotReady):
        round_publish(round_=round_, by=alice)
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PAIRED
    assert not AuditEntry.objects.filter(action="round-published").exists()
    assert round_publish(round_=round_, by=alice, confirm=True).status == RoundStatus.PUBLISHED


def test_issue_defect_the_web_warns_before_pairing_and_publishing(client, issue_event, alice):
    client.force_login(alice)
    page = client.get(MANAGE).content.decode()
    assert "Not ready for round 1" in page
    assert "Player 003 has an illegal roster." in page
    assert "5 players have no roster: Player 004, Player 005, Player 006, Player 007, Player 008." in page
    assert "8 players are not checked in: Player 001, Player 002" in page
    assert 'name="confirm"' in page
    assert "Pair anyway" in page

    # Without the box: refused with the reason, nothing paired.
    response = client.post(f"{MANAGE}rounds/pair/", {"seed": "3"}, follow=True)
    assert not Round.objects.exists()
    assert "Players are not ready for round 1" in response.content.decode()

    response = client.post(f"{MANAGE}rounds/pair/", {"seed": "3", "confirm": "on"})
    assert response["Location"] == f"{MANAGE}rounds/1/"
    page = client.get(f"{MANAGE}rounds/1/").content.decode()
    assert "Not ready for round 1" in page
    assert "Publish anyway" in page

    client.post(f"{MANAGE}rounds/1/publish/", follow=True)
    assert Round.objects.get().status == RoundStatus.PAIRED
    client.post(f"{MANAGE}rounds/1/publish/", {"confirm": "on"})
    assert Round.objects.get().status == RoundStatus.PUBLISHED


def test_no_warning_and_no_box_when_everyone_is_ready(client, alice):
    event = make_event(to=alice, players=4)
    give_rosters(event)
    client.force_login(alice)
    page = client.get(MANAGE).content.decode()
    assert "Not ready" not in page
    assert "Pair anyway" not in page


def test_issue_defect_the_api_answers_409_not_ready_with_the_list(issue_event, alice):
    api_client = APIClient()
    api_client.force_authenticate(alice)
    response = api_client.post(f"{API}rounds/", {"seed": 3}, format="json")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "not-ready"
    assert body["field"] == "confirm"
    assert ("p3", "illegal-roster") in {(p["player"], p["code"]) for p in body["problems"]}
    assert len(body["problems"]) == 14
    assert not Round.objects.exists()

    assert api_client.post(f"{API}rounds/", {"seed": 3, "confirm": True}, format="json").status_code == 201
    refused = api_client.post(f"{API}rounds/1/publish/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "not-ready"
    assert Round.objects.get().status == RoundStatus.PAIRED
    published = api_client.post(f"{API}rounds/1/publish/", {"confirm": True}, format="json")
    assert published.status_code == 200
    assert published.json()["status"] == "published"


def test_the_roster_board_marks_players_not_ready(client, issue_event, alice, judy):
    add_staff(issue_event, judy, "head-judge")
    client.force_login(judy)
    page = client.get(f"{MANAGE}rosters/").content.decode()
    assert page.count('data-code="no-roster"') == 5
    assert page.count('data-code="illegal-roster"') == 1
    assert page.count('data-code="not-checked-in"') == 8
    player_check_in(player=player_of(issue_event, "p1"), by=alice)
    page = client.get(f"{MANAGE}rosters/").content.decode()
    assert page.count('data-code="not-checked-in"') == 7
