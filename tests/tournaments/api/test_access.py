"""Every endpoint against every role: who may call it, and what everyone else sees.

The rule (tournaments.api.permissions): no login on a write → 401; a caller without the
role an endpoint needs → 404, exactly like a missing event (outsiders, players and
judges alike, including a player acting on someone else's entry or game); a caller who
may act but whom the rules refuse right now → 400 with a code. Never 403.

Each case runs on a fresh event (round 1 published: bob v carol at table 1, dan v erin
at table 2) and lists the status for each role; roles not listed get 404, except the
anonymous caller, who gets 401 on every write.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tests.builders.documents import raynor
from tests.builders.worlds import ROLES


@dataclass(frozen=True)
class Case:
    method: str
    path: str  # "{url}" is the event's API root; {bob}, {dan}, {game}, {other_game} fill in
    allowed: dict[str, int]
    body: dict[str, Any] | None = None


ALL_READ = {role: 200 for role in ROLES}
STAFF = ("judy", "hank", "alice")

CASES = {
    "events-list": Case("get", "/api/events/", ALL_READ),
    "events-create": Case(
        "post", "/api/events/", {r: 201 for r in ROLES if r != "anonymous"}, {"name": "Spring"}
    ),
    "event-read": Case("get", "{url}", ALL_READ),
    "event-update": Case("patch", "{url}", {"alice": 200}, {"venue": "Town Hall"}),
    "tables-set": Case(
        "put", "{url}tables/", {"alice": 200}, {"tables": [{"number": n} for n in range(1, 6)]}
    ),
    "staff-list": Case("get", "{url}staff/", {r: 200 for r in ("bob", "carol", *STAFF)}),
    "staff-add": Case("post", "{url}staff/", {"alice": 201}, {"username": "mallory", "role": "floor-judge"}),
    "players-list": Case("get", "{url}players/", ALL_READ),
    # The event is visible, so every logged-in caller may try; the round has started, so
    # self-registration is closed (400), and the TO's own add needs a name (400).
    "players-register": Case(
        "post",
        "{url}players/",
        {r: 400 for r in ROLES if r != "anonymous"},
        {"join_code": "{join_code}"},
    ),
    "players-import": Case("post", "{url}players/import/", {"alice": 201}, {"csv": "Zed,zed@example.org\n"}),
    "player-check-in": Case("post", "{url}players/{dan}/check-in/", {r: 200 for r in STAFF}),
    "player-drop": Case("post", "{url}players/{bob}/drop/", {"bob": 200, "alice": 200}),
    "player-no-show": Case("post", "{url}players/{bob}/no-show/", {"alice": 200}),
    "rosters-list": Case("get", "{url}rosters/", ALL_READ),
    "rosters-submit": Case(
        "post",
        "{url}rosters/",
        # Round 1 is paired, so rosters are locked: bob is refused (play-begun), staff are not.
        {"bob": 400, "judy": 201, "hank": 201, "alice": 201},
        {"slot": 1, "content": raynor(), "player": "{bob}"},
    ),
    "rosters-check": Case(
        "post", "{url}rosters/check/", {r: 200 for r in ("bob", "carol", *STAFF)}, {"content": raynor()}
    ),
    "roster-board": Case("get", "{url}roster-board/", {r: 200 for r in STAFF}),
    "rounds-list": Case("get", "{url}rounds/", ALL_READ),
    "round-read": Case("get", "{url}rounds/1/", ALL_READ),
    "rounds-pair": Case("post", "{url}rounds/", {"alice": 400}, {}),  # round 1 is still open
    "round-publish": Case("post", "{url}rounds/1/publish/", {"alice": 400}),  # already published
    "round-repair": Case("post", "{url}rounds/1/repair/", {"alice": 200}, {"seed": 5, "confirm": True}),
    "round-undo": Case("delete", "{url}rounds/1/", {"alice": 204}),
    "round-swap-players": Case(
        "post", "{url}rounds/1/swap-players/", {"alice": 400}, {"players": ["{bob}", "{dan}"]}
    ),
    "round-swap-tables": Case("post", "{url}rounds/1/swap-tables/", {"alice": 400}, {"tables": [1, 2]}),
    "game-report": Case("post", "{url}games/{game}/report/", {"bob": 200, "carol": 200}, {"vp": [12, 3]}),
    "game-report-not-yours": Case("post", "{url}games/{other_game}/report/", {}, {"vp": [12, 3]}),
    "game-confirm": Case(
        "post", "{url}games/{game}/confirm/", {"bob": 400, "carol": 400}
    ),  # nothing reported
    "game-result": Case(
        "post",
        "{url}games/{game}/result/",
        {r: 200 for r in STAFF},
        {"vp": [12, 3], "reason": "slip", "version": "{version}"},
    ),
    "game-review": Case(
        "post", "{url}games/{game}/review/", {"hank": 400, "alice": 400}, {"stands": True, "reason": "ok"}
    ),
    "judge-queue": Case("get", "{url}judge-queue/", {r: 200 for r in STAFF}),
    "standings": Case("get", "{url}standings/", ALL_READ),
    "standing-explain": Case("get", "{url}standings/{bob}/", ALL_READ),
    "audit": Case("get", "{url}audit/", {r: 200 for r in STAFF}),
    # The public export is for anyone who may read the event; the full one for the TO.
    "export": Case("get", "{url}export/", {r: 200 for r in ROLES}),
    "export-full": Case("get", "{url}export/?scope=full", {"alice": 200}),
    "me": Case("get", "/api/me/", {r: 200 for r in ROLES if r != "anonymous"} | {"anonymous": 401}),
}


def expected_status(case: Case, role: str) -> int:
    if role in case.allowed:
        return case.allowed[role]
    if role == "anonymous" and case.method != "get":
        return 401
    return 404


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_role_matrix(name, role, api, world, round_one):
    case = CASES[name]
    values = {
        "url": world.api_url(),
        "bob": world.bob.external_id,
        "dan": world.dan.external_id,
        "game": str(world.game(world.bob).pk),
        "version": str(world.game(world.bob).version),
        "other_game": str(world.game(world.dan).pk),
        "join_code": world.event.join_code,
    }
    body = _fill(case.body, values)
    response = getattr(api(role), case.method)(case.path.format(**values), body, format="json")
    assert response.status_code == expected_status(case, role), response.content
    if response.status_code >= 400:
        assert set(response.json()) >= {"code", "message"}


def _fill(value: Any, values: dict[str, str]) -> Any:
    if isinstance(value, str):
        return value.format(**values) if "{" in value else value
    if isinstance(value, list):
        return [_fill(v, values) for v in value]
    if isinstance(value, dict):
        return {k: _fill(v, values) for k, v in value.items()}
    return value
