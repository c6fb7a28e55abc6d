"""A doubles StarCraft event over the API (docs/teams.md): the TO makes a 2v2 team game with a
2,000-Mineral team budget; four captains register their teams with their players; each team's
armies are judged together (a team over its budget is told by how much, live and on
submission); the teams are paired, report one result per game and are ranked."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR

pytestmark = pytest.mark.django_db

TEAMS = {
    "raiders": ["Ann", "Ben"],
    "swarm": ["Cal", "Dee"],
    "templars": ["Eve", "Fox"],
    "dominion": ["Gil", "Hal"],
}


def _client(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def army(stem: str, player: str, **changes: Any) -> dict[str, Any]:
    doc = json.loads((EXAMPLES_DIR / f"{stem}.json").read_text(encoding="utf-8"))
    doc.pop("expected", None)
    return {**doc, "player": player, **changes}


def big_terran(player: str) -> dict[str, Any]:
    doc = army("terran-starter", player)
    return {**doc, "units": [*doc["units"], {"name": "Marauder", "models": 2}]}  # 1,150 Minerals


def test_a_doubles_event_runs_end_to_end(users: dict[str, Any]):
    to = _client(users["alice"])
    base = {"name": "Doubles", "game_system": "starcraft-tmg", "scale": "skirmish", "kind": "community"}
    refused = to.post("/api/events/", {**base, "team_size": 4, "team_budget": 4000}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "team-size"
    answer = to.post("/api/events/", {**base, "team_size": 2, "team_budget": 2000}, format="json")
    assert answer.status_code == 201, answer.content
    event = answer.json()
    assert (event["team_size"], event["team_budget"], event["list_format"]) == (2, 2000, "single")
    slug, code = event["slug"], event["join_code"]
    api = f"/api/events/{slug}/"
    assert (
        to.put(f"{api}tables/", {"tables": [{"number": 1}, {"number": 2}]}, format="json").status_code == 200
    )

    captains: dict[str, APIClient] = {}
    ids: dict[str, str] = {}
    for team, names in TEAMS.items():
        client = _client(get_user_model().objects.create_user(username=team, password="x"))
        bad = client.post(
            f"{api}players/", {"join_code": code, "name": team, "teammates": names[:1]}, format="json"
        )
        assert bad.status_code == 400
        assert bad.json()["code"] == "team-size-mismatch"
        answer = client.post(
            f"{api}players/", {"join_code": code, "name": team, "teammates": names}, format="json"
        )
        assert answer.status_code == 201, answer.content
        assert answer.json()["teammates"] == names
        captains[team] = client
        ids[team] = answer.json()["external_id"]
    listed = APIClient().get(f"{api}players/").json()["results"]
    assert {row["name"]: row["teammates"] for row in listed} == TEAMS

    # The Raiders' armies: Ann's 1,150 is fine alone in the team, Ben's 1,000 puts it over.
    raiders = captains["raiders"]
    check = raiders.post(f"{api}rosters/check/", {"slot": 1, "content": big_terran("Ann")}, format="json")
    assert check.status_code == 200, check.content
    assert check.json()["legal"] is True
    answer = raiders.post(f"{api}rosters/", {"slot": 1, "content": big_terran("Ann")}, format="json")
    assert answer.status_code in (200, 201), answer.content
    check = raiders.post(
        f"{api}rosters/check/", {"slot": 2, "content": army("zerg-starter", "Ben")}, format="json"
    )
    verdict = check.json()
    assert verdict["legal"] is False
    assert [v["code"] for v in verdict["violations"]] == ["team-minerals-over-limit"]
    assert "remove 150" in verdict["violations"][0]["message"]
    refused = raiders.post(
        f"{api}rosters/", {"slot": 3, "content": army("zerg-starter", "Ben")}, format="json"
    )
    assert refused.json()["code"] == "team-slot"
    raiders.post(f"{api}rosters/", {"slot": 2, "content": army("zerg-starter", "Ben")}, format="json")
    mine = {
        r["slot"]: r
        for r in raiders.get(f"{api}rosters/").json()["results"]
        if r["player"]["external_id"] == ids["raiders"]
    }
    assert [mine[1]["legal"], mine[2]["legal"]] == [False, False]  # the team's problem is both armies'
    raiders.post(f"{api}rosters/", {"slot": 1, "content": army("terran-starter", "Ann")}, format="json")
    mine = {
        r["slot"]: r
        for r in raiders.get(f"{api}rosters/").json()["results"]
        if r["player"]["external_id"] == ids["raiders"]
    }
    assert [mine[1]["legal"], mine[2]["legal"]] == [True, True]

    # A captain renames a teammate; someone else's team is not theirs to rename.
    answer = raiders.put(
        f"{api}players/{ids['raiders']}/teammates/", {"teammates": ["Ann", "Bea"]}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["teammates"] == ["Ann", "Bea"]
    refused = captains["swarm"].put(
        f"{api}players/{ids['raiders']}/teammates/", {"teammates": ["X", "Y"]}, format="json"
    )
    assert refused.status_code in (403, 404)

    for team in ("swarm", "templars", "dominion"):
        names = TEAMS[team]
        for slot, (stem, name) in enumerate(
            (("terran-starter", names[0]), ("zerg-starter", names[1])), start=1
        ):
            captains[team].post(f"{api}rosters/", {"slot": slot, "content": army(stem, name)}, format="json")

    # Two rounds: the teams are the entrants, one result a game.
    for number in (1, 2):
        answer = to.post(f"{api}rounds/", {"seed": number, "confirm": True}, format="json")
        assert answer.status_code == 201, answer.content
        assert to.post(f"{api}rounds/{number}/publish/", {"confirm": True}, format="json").status_code == 200
        games = to.get(f"{api}rounds/{number}/").json()["games"]
        assert len(games) == 2
        by_id = {v: k for k, v in ids.items()}
        for game in games:
            one, two = game["player_one"]["external_id"], game["player_two"]["external_id"]
            report = {"vp": [8, 2], "details": {"battle_rounds": 5}}
            answer = captains[by_id[one]].post(f"{api}games/{game['id']}/report/", report, format="json")
            assert answer.status_code == 200, answer.content
            answer = captains[by_id[two]].post(f"{api}games/{game['id']}/confirm/")
            assert answer.json()["result_status"] == "confirmed"
    pairs = [
        {g["player_one"]["external_id"], g["player_two"]["external_id"]}
        for n in (1, 2)
        for g in to.get(f"{api}rounds/{n}/").json()["games"]
    ]
    assert len({frozenset(p) for p in pairs}) == 4  # no team met another twice
    standings = APIClient().get(f"{api}standings/").json()["standings"]
    assert len(standings) == 4
    assert standings[0]["name"] in TEAMS
    assert standings[0]["mp"] > standings[-1]["mp"]


def test_teammates_are_refused_where_there_are_no_teams(users: dict[str, Any]):
    to = _client(users["alice"])
    base = {"name": "Solo", "game_system": "starcraft-tmg", "scale": "skirmish", "kind": "community"}
    event = to.post("/api/events/", base, format="json").json()
    assert event["team_size"] is None
    api = f"/api/events/{event['slug']}/"
    client = _client(users["bob"])
    body = {"join_code": event["join_code"], "name": "Bob", "teammates": ["Bob", "Ann"]}
    refused = client.post(f"{api}players/", body, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "not-a-team-game"
    dz = {
        "name": "DZ",
        "game_system": "dropzone-commander",
        "scale": "reconquest",
        "points_limit": 5000,
        "kind": "community",
        "team_size": 2,
        "team_budget": 5000,
    }
    refused = to.post("/api/events/", dz, format="json")
    assert refused.json()["code"] == "no-team-games"
