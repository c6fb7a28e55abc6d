"""An event with hobby awards: the world of tests.builders.worlds (bob, carol, dan, erin, all
with Raynor's Raiders rosters, one race), erin re-rostered with the rulebook's Zerg starter
so Best in Faction has two groups with players in them."""

from __future__ import annotations

from typing import Any

import pytest

from awards.models import Award, AwardKind
from awards.services import awards_offer
from rosters.models import Roster
from tests.builders.documents import example_document
from tests.builders.worlds import World, build_world


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


def award(world: World, kind: str, group: str = "") -> Award:
    return Award.objects.get(event=world.event, kind=kind, group=group)


def painted(world: World) -> Award:
    return award(world, AwardKind.BEST_PAINTED)


def sportsman(world: World) -> Award:
    return award(world, AwardKind.BEST_SPORTSMAN)
