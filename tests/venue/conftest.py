from __future__ import annotations

from typing import Any

import pytest

from tests.builders.rows import add_round
from tests.builders.worlds import World, build_world


@pytest.fixture
def world(db: Any, users: dict[str, Any], settings: Any) -> World:
    """build_world's event with round 1 published: Bob v Carol at table 1, Dan v Erin at 2."""
    settings.SITE_URL = "https://muster.example.org"
    world = build_world(users)
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)])
    return world
