"""A finding on a roster of a game that offers no repair (`GameSystem.repair` None): the
finding is recorded with its violations, no change is proposed and nothing of another
game's repair runs, and the judges read that there is no automatic repair for this game."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from judging.services import illegal_roster_finding
from judging.services.findings import proposed_repair
from rules_engine.verdict import roster_rules_for
from tests.builders.rows import add_round
from tests.builders.systems import CASES, system_world
from tournaments.models import RoundStatus
from tournaments.services.rosters import roster_submit

pytestmark = pytest.mark.django_db

DROPZONE = next(case for case in CASES if case.slug == "dropzone-commander")


def test_a_dropzone_finding_says_there_is_no_automatic_repair(users: dict[str, Any]) -> None:
    world = system_world(users, DROPZONE)
    assert world.event.system.repair is None
    alice = users["alice"]
    for player in (world.bob, world.carol):
        roster_submit(player=player, slot=1, content=DROPZONE.legal(player.name), by=alice)
    add_round(world.event, 1, [(world.bob, world.carol)], RoundStatus.PUBLISHED, running=True)
    # Found later: the army really had its mistakes (the stored verdict still says legal).
    roster = world.bob.rosters.get(slot=1)
    rules = roster_rules_for(DROPZONE.slug)
    roster.document = rules.document(rules.read(DROPZONE.mistakes("Bob")))
    roster.save(update_fields=["document"])

    assert proposed_repair(world.event, world.bob, 1, roster.document) is None
    finding = illegal_roster_finding(roster=roster, by=alice, games_decision="stand")
    codes = {v["code"] for v in finding.violations}
    assert {code for code, _where in DROPZONE.mistake_lines} <= codes
    assert finding.repair is None

    web = Client()
    web.force_login(alice)
    page = web.get(f"/e/{world.event.slug}/judge/findings/{finding.pk}/").content.decode()
    assert "No automatic repair for this game" in page
    new = web.get(f"/e/{world.event.slug}/judge/rosters/{roster.pk}/finding/").content.decode()
    assert "No automatic repair for this game" in new
    assert "The smallest change" not in new
