"""The API against its own OpenAPI schema, with requests schemathesis generates from it (issue 17).

Every generated request is sent as the TO, as a player and anonymously, with a bounded number of
generated examples each, through the WSGI application: no answer may be a 5xx, every
status code must be one the schema documents, every body and documented header must match
the schema. The path parameters point at a real event (and, for about half the examples,
at its real players, rounds and games), so the calls reach the code behind the 404s.

Marked `schemathesis`: `.ci/run` runs it on its own (SCHEMATHESIS_EXAMPLES sets the number
of examples per operation and role; default 8).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import (
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.config import SchemathesisConfig

from tests.builders.rows import add_round
from tests.builders.worlds import World, build_world
from tournaments.models import Game, RoundStatus

pytestmark = [pytest.mark.schemathesis, pytest.mark.django_db]

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "8"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    response_headers_conformance,
]
ROLES = ("alice", "bob", "anonymous")  # the TO, a player, nobody


@pytest.fixture
def muster_schema(db: Any) -> Any:
    from config.wsgi import application

    # Examples and fuzzing only: the coverage phase's boundary cases alone run to thousands of
    # requests, beyond a CI budget of minutes.
    config = SchemathesisConfig.from_dict(
        {"phases": {"coverage": {"enabled": False}, "stateful": {"enabled": False}}}
    )
    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", application, config=config)


schema = schemathesis.pytest.from_fixture("muster_schema")


@pytest.fixture
def scene(users: dict[str, Any]) -> dict[str, Any]:
    """An event running round 1 (bob v carol, dan v erin), and the tokens of its people."""
    world: World = build_world(users, name="Winter Clash", rosters=False)
    world.event.status = "running"
    world.event.save(update_fields=["status"])
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PUBLISHED)
    tokens = {
        name: Token.objects.get_or_create(user=users[name])[0].key for name in ROLES if name != "anonymous"
    }
    game = Game.objects.filter(round__event=world.event, player_one=world.bob).get()
    real = {
        "slug": world.event.slug,
        "external_id": world.bob.external_id,
        "number": 1,
        "game_id": game.pk,
    }
    return {"world": world, "tokens": tokens, "real": real}


def _aim(case: Any, real: dict[str, Any]) -> None:
    """Point the path at the real event always, and at its real objects about half the time."""
    params = case.path_parameters or {}
    for name, value in list(params.items()):
        if name == "slug":
            params[name] = real["slug"]
        elif name in real and hash(str(value)) % 2 == 0:
            params[name] = real[name]


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_keeps_to_its_schema(case: Any, scene: dict[str, Any]) -> None:
    _aim(case, scene["real"])
    for role in ROLES:  # the same request from each: what one may do, the others are refused
        headers = {"Authorization": f"Token {scene['tokens'][role]}"} if role != "anonymous" else {}
        # As a WSGI server would say where the request came from (the login rate limit needs it).
        case.call_and_validate(headers=headers, checks=CHECKS, environ_base={"REMOTE_ADDR": "127.0.0.1"})
