"""The event the judging tests meet in: `tests.builders.worlds.build_world`, with rosters."""

from __future__ import annotations

import pytest

from tests.builders.rows import add_round
from tests.builders.worlds import World, build_world
from tournaments.models import Round, RoundStatus


@pytest.fixture
def world(users) -> World:
    return build_world(users)


@pytest.fixture
def round_one(world: World) -> Round:
    """Round 1 published: bob v carol at table 1, dan v erin at table 2, no results yet."""
    return add_round(
        world.event,
        1,
        [(world.bob, world.carol), (world.dan, world.erin)],
        RoundStatus.PUBLISHED,
        running=True,
    )
