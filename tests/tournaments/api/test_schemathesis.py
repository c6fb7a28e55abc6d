"""The API against its own OpenAPI schema, with requests schemathesis generates from it.

Every generated request is sent as the TO, as a player and anonymously, with a bounded number of
generated examples each, through the WSGI application: no answer may be a 5xx, every
status code must be one the schema documents, every body and documented header must match
the schema. The path parameters point at a real event (and, for about half the examples,
at its real players, rounds and games), so the calls reach the code behind the 404s.

The test is transactional (`transaction=True`): the requests go through the real WSGI handler,
which runs `close_old_connections` at the start and end of each request, as in production.
Inside pytest-django's per-test transaction that finds autocommit off and closes the
connection (the transaction is lost: "the connection is closed" at the next query). On
SQLite's in-memory test database closing is a no-op, which hid it; on PostgreSQL every
request now commits and the next one opens a connection of its own, as a server's would.

Marked `schemathesis`: `.ci/run` runs it on its own (SCHEMATHESIS_EXAMPLES sets the number
of examples per operation and role; default 8).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from knox.models import AuthToken
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

pytestmark = [pytest.mark.schemathesis, pytest.mark.django_db(transaction=True)]

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "8"))


def valid_input_is_accepted(ctx: Any, response: Any, case: Any) -> None:
    """A request the schema calls valid is never refused as bad input.

    Bad input is a 400 with `errors`, the serializer's (or the JSON parser's) per-field
    detail (tournaments.api.errors); a service's refusal carries a code and no `errors`. The
    token endpoint's "unable to log in" is about credentials, not shape, and is let through.
    """
    if case.meta is None or not case.meta.generation.mode.is_positive or response.status_code != 400:
        return
    try:
        body = response.json()
    except ValueError:
        body = None
    if not isinstance(body, dict) or "errors" not in body:
        return
    if case.operation.path == "/api/auth/token/" and set(body["errors"]) == {"non_field_errors"}:
        return
    raise AssertionError(
        f"The schema allowed this request but the server refused it as bad input: "
        f"{body.get('field')!r}: {body.get('message')}"
    )


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    response_headers_conformance,
    valid_input_is_accepted,
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
    """An event running round 1 (bob v carol, dan v erin), and its people's accounts."""
    world: World = build_world(users, name="Winter Clash", rosters=False)
    world.event.status = "running"
    world.event.save(update_fields=["status"])
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], RoundStatus.PUBLISHED)
    game = Game.objects.filter(round__event=world.event, player_one=world.bob).get()
    real = {
        "slug": world.event.slug,
        "external_id": world.bob.external_id,
        "number": 1,
        "game_id": game.pk,
    }
    return {"world": world, "users": users, "real": real}


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
        # A token of its own for every request: the operations run one after another in one
        # test, and one of them revokes all of the caller's tokens (DELETE /api/auth/tokens/).
        token = AuthToken.objects.create(user=scene["users"][role])[1] if role != "anonymous" else None
        headers = {"Authorization": f"Token {token}"} if token is not None else {}
        # As a WSGI server would say where the request came from (the login rate limit needs it).
        case.call_and_validate(headers=headers, checks=CHECKS, environ_base={"REMOTE_ADDR": "127.0.0.1"})


# A team tournament's operations against a team tournament (docs/team-matches.md): bob
# captains Red, so his reads of the protocol are a captain's view, alice's the TO's progress.
team_schema = schemathesis.pytest.from_fixture("muster_schema").include(
    path_regex=r"/(teams|matches|team-standings)/"
)


@pytest.fixture
def team_scene(users: dict[str, Any]) -> dict[str, Any]:
    from tests.builders.teams import first_match, team_tournament

    event = team_tournament(users["alice"], accounts={"Red": [users["bob"]], "Blue": [users["carol"]]})
    match = first_match(event)
    real = {
        "slug": event.slug,
        "number": 1,
        "match_id": match.pk,
        "team_id": match.team_a.external_id,
    }
    return {"users": users, "real": real}


@team_schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_team_api_keeps_to_its_schema(case: Any, team_scene: dict[str, Any]) -> None:
    _aim(case, team_scene["real"])
    for role in ROLES:
        token = AuthToken.objects.create(user=team_scene["users"][role])[1] if role != "anonymous" else None
        headers = {"Authorization": f"Token {token}"} if token is not None else {}
        case.call_and_validate(headers=headers, checks=CHECKS, environ_base={"REMOTE_ADDR": "127.0.0.1"})
