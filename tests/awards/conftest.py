"""An event with hobby awards: the world of tests.builders.worlds (bob, carol, dan, erin, all
with Raynor's Raiders rosters, one race), erin re-rostered with the rulebook's Zerg starter
so Best in Faction has two groups with players in them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from awards.models import Award, AwardKind
from awards.services import awards_offer
from rosters.models import Roster
from tests.builders.documents import example_document
from tests.builders.worlds import World, build_world
from tournaments.models import RosterPublication


@pytest.fixture
def world(users: dict[str, Any]) -> World:
    built = build_world(users)
    erin_roster = Roster.objects.get(player=built.erin, slot=1)
    erin_roster.document = example_document("zerg-starter.json", "Erin")
    erin_roster.report = {}
    erin_roster.save()
    return built


@pytest.fixture
def offered(world: World) -> World:
    awards_offer(
        event=world.event,
        by=world.users["alice"],
        best_painted=True,
        best_in_faction=True,
        best_sportsman=True,
    )
    return world


def publish_rosters(world: World) -> None:
    """The TO's roster policy has made rosters public (published on a date now past)."""
    world.event.roster_publication = RosterPublication.ON_DATE
    world.event.rosters_published_at = timezone.now() - timedelta(minutes=1)
    world.event.save(update_fields=["roster_publication", "rosters_published_at"])


def award(world: World, kind: str, group: str = "") -> Award:
    return Award.objects.get(event=world.event, kind=kind, group=group)


def painted(world: World) -> Award:
    return award(world, AwardKind.BEST_PAINTED)


def sportsman(world: World) -> Award:
    return award(world, AwardKind.BEST_SPORTSMAN)
