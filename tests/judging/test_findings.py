"""An illegal roster found after play began (OP Guide: Illegal Rosters)."""

from __future__ import annotations

import json

import pytest

from judging.models import RosterFinding
from judging.services import illegal_roster_correct, illegal_roster_finding
from rosters.models import Roster
from tests.builders.documents import raynor
from tournaments.errors import ServiceError

pytestmark = pytest.mark.django_db


def spoil(roster: Roster) -> Roster:
    """The roster as it really was: a sixth Marine squad, so 9 of 8 Core slots (Part 9.1.6)."""
    document = raynor(roster.player.name)
    document["units"].append({"name": "Marine", "models": 6, "upgrades": []})
    roster.document = document
    roster.save(update_fields=["document"])  # the stored verdict still says legal: found later
    return roster


@pytest.fixture
def bad_roster(world):
    return spoil(world.bob.rosters.get(slot=1))


def test_no_finding_before_play_begins(world, bad_roster):
    with pytest.raises(ServiceError) as err:
        illegal_roster_finding(roster=bad_roster, by=world.users["judy"], games_decision="stand")
    assert err.value.code == "not-started"


def test_a_legal_roster_cannot_be_the_subject_of_a_finding(world, round_one):
    with pytest.raises(ServiceError) as err:
        illegal_roster_finding(
            roster=world.carol.rosters.get(slot=1), by=world.users["hank"], games_decision="stand"
        )
    assert err.value.code == "legal"


def test_adjusted_games_need_a_note(world, round_one, bad_roster):
    with pytest.raises(ServiceError) as err:
        illegal_roster_finding(roster=bad_roster, by=world.users["hank"], games_decision="adjusted")
    assert err.value.field == "decision_note"


def test_finding_records_violations_decision_checklist_and_the_smallest_fix(world, round_one, bad_roster):
    finding = illegal_roster_finding(
        roster=bad_roster, by=world.users["hank"], games_decision="stand", small_mistake=True
    )
    assert [v["code"] for v in finding.violations] == ["slots-exceeded"]
    assert finding.games_decision == "stand"
    assert finding.suggested_level == "caution"  # no advantage gained: a Caution at most
    assert any("smallest change" in item for item in finding.checklist)
    # Cheapest cure (hand-worked in test_repair): a 9-Marine squad fielded as 6, 50 Minerals.
    assert finding.repair is not None
    assert [e["text"] for e in finding.repair["edits"]] == ["Field Marine with 6 models (units[0])."]
    assert finding.repair["minerals_change"] == -50
    assert world.event.audit_log.filter(action="illegal-roster-found").exists()


def test_advantage_gained_suggests_a_game_loss(world, round_one, bad_roster):
    finding = illegal_roster_finding(
        roster=bad_roster,
        by=world.users["hank"],
        games_decision="adjusted",
        decision_note="Round 1 result stands, the extra squad removed from play",
        advantage_gained=True,
    )
    assert finding.suggested_level == "game-loss"


def test_correction_under_supervision_must_be_legal(world, round_one, bad_roster):
    finding = illegal_roster_finding(roster=bad_roster, by=world.users["judy"], games_decision="stand")
    assert finding.repair is not None
    with pytest.raises(ServiceError) as err:
        illegal_roster_correct(finding=finding, content=bad_roster.document, by=world.users["judy"])
    assert err.value.code == "still-illegal"
    assert "Core slots" in err.value.message
    roster = illegal_roster_correct(
        finding=finding, content=finding.repair["document"], by=world.users["judy"]
    )
    assert roster.legal
    assert roster.document["units"][0]["models"] == 6
    finding.refresh_from_db()
    assert finding.corrected_by == world.users["judy"]
    assert world.event.audit_log.filter(action="roster-changed-by-staff").exists()
    with pytest.raises(ServiceError):
        illegal_roster_correct(finding=finding, content=finding.repair["document"], by=world.users["judy"])


def test_pages_for_judges(world, round_one, bad_roster):
    client = world.client("judy")
    page = client.get(world.url(f"judge/rosters/{bad_roster.pk}/finding/"))
    assert page.status_code == 200
    assert b"slots-exceeded" in page.content
    assert b"Field Marine with 6 models" in page.content
    response = client.post(world.url(f"judge/rosters/{bad_roster.pk}/finding/"), {"games_decision": "stand"})
    finding = RosterFinding.objects.get()
    assert response.status_code == 302
    detail = client.get(world.url(f"judge/findings/{finding.pk}/"))
    assert b"Submit the corrected roster" in detail.content
    prefilled = json.loads(detail.context["form"].initial["content"])
    assert prefilled["units"][0]["models"] == 6
    done = client.post(world.url(f"judge/findings/{finding.pk}/"), {"content": json.dumps(prefilled)})
    assert done.status_code == 302
    bad_roster.refresh_from_db()
    assert bad_roster.legal
    listing = client.get(world.url("judge/findings/"))
    assert b"Corrected" in listing.content


@pytest.mark.parametrize("who", ["bob", "mallory"])
def test_players_and_outsiders_get_404(world, round_one, bad_roster, who):
    assert world.client(who).get(world.url(f"judge/rosters/{bad_roster.pk}/finding/")).status_code == 404
    assert world.client(who).get(world.url("judge/findings/")).status_code == 404
