"""Role-named users for the judging tests (see helpers.py for the event they meet in)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.judging.helpers import World, add_round, build_world
from tournaments.models import Round, RoundStatus


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", "bob@example.org", "bob-pass-123")


@pytest.fixture
def carol(django_user_model):
    return django_user_model.objects.create_user("carol", "carol@example.org", "carol-pass-123")


@pytest.fixture
def judy(django_user_model):
    return django_user_model.objects.create_user("judy", "judy@example.org", "judy-pass-123")


@pytest.fixture
def hank(django_user_model):
    return django_user_model.objects.create_user("hank", "hank@example.org", "hank-pass-123")


@pytest.fixture
def users(alice, bob, carol, judy, hank, mallory) -> dict[str, Any]:
    return {"alice": alice, "bob": bob, "carol": carol, "judy": judy, "hank": hank, "mallory": mallory}


@pytest.fixture
def world(users) -> World:
    return build_world(users)


@pytest.fixture
def round_one(world: World) -> Round:
    """Round 1 published: bob v carol at table 1, dan v erin at table 2, no results yet."""
    return add_round(
        world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PUBLISHED
    )
