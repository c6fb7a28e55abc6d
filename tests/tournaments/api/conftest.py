"""Fixtures for the API tests: `api(role)` clients, the world and its first round.

The users are the root conftest's role-named ones; the events come from `tests.builders`.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from tests.builders.rows import add_round
from tests.builders.worlds import World, build_world
from tournaments.models import Round, RoundStatus


@pytest.fixture
def api(users) -> Callable[[str], APIClient]:
    """`api("bob")` is an API client logged in as bob; `api("anonymous")` has no login."""

    def client_for(role: str) -> APIClient:
        client = APIClient()
        if role != "anonymous":
            client.force_authenticate(users[role])
        return client

    return client_for


@pytest.fixture
def world(users) -> World:
    """Winter Clash: staff, four players (bob and carol with accounts), four tables, no rosters."""
    return build_world(users, name="Winter Clash", rosters=False)


@pytest.fixture
def round_one(world: World) -> Round:
    """Round 1 published: bob v carol at table 1, dan v erin at table 2, no results yet."""
    event = world.event
    event.status = "running"
    event.save(update_fields=["status"])
    return add_round(event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PUBLISHED)
