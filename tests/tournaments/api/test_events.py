"""Creating and configuring events: settings, tables, staff."""

from __future__ import annotations

import pytest

from tournaments.models import AuditEntry, StaffRole

pytestmark = pytest.mark.django_db


def test_creating_an_event_makes_the_caller_its_to(api, alice):
    response = api("alice").post("/api/events/", {"name": "Autumn Open", "kind": "community"}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["slug"] == "autumn-open"
    assert body["your_roles"] == ["to"]
    assert body["join_code"]
    assert StaffRole.objects.get(event__slug="autumn-open").user == alice
    assert [e["slug"] for e in api("anonymous").get("/api/events/").json()["results"]] == ["autumn-open"]


def test_bad_settings_are_refused_with_the_field(api):
    response = api("alice").post("/api/events/", {"name": "X", "to_plays": True}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "to_plays"  # competitive by default: the TO does not play
    shape = api("alice").post("/api/events/", {"name": "X", "kind": "league"}, format="json").json()
    assert shape["code"] == "invalid"
    assert shape["field"] == "kind"


def test_staff_see_the_join_code_and_the_suggested_round_count(api, world):
    public = api("carol").get(world.api_url()).json()
    assert "join_code" not in public
    assert "suggested_rounds" not in public
    assert public["your_roles"] == ["player"]
    assert public["your_player"] == world.carol.external_id
    assert [t["number"] for t in public["tables"]] == [1, 2, 3, 4]
    staff = api("judy").get(world.api_url()).json()
    assert staff["join_code"] == world.event.join_code
    # OP Guide: Event Size and Format — a competitive event of up to 32 players: 3 rounds.
    assert staff["active_players"] == 4
    assert staff["suggested_rounds"] == 3


def test_changing_the_round_count_is_recorded_and_closes_after_round_two(api, world):
    response = api("alice").patch(world.api_url(), {"planned_rounds": 4}, format="json")
    assert response.status_code == 200
    assert response.json()["planned_rounds"] == 4
    assert response.json()["rounds_changed_at"] is not None
    entry = AuditEntry.objects.filter(event=world.event, action="event-updated").latest("id")
    assert entry.data == {"planned_rounds": {"old": "3", "new": "4"}}
    from tests.builders.rows import add_round

    add_round(world.event, 1, [(world.bob, world.carol)], "closed")
    add_round(world.event, 2, [(world.bob, world.dan)], "published")
    late = api("alice").patch(world.api_url(), {"planned_rounds": 5}, format="json").json()
    assert late["field"] == "planned_rounds"


def test_tables_are_replaced_but_used_ones_stay(api, world, round_one):
    url = f"{world.api_url()}tables/"
    response = api("alice").put(
        url, {"tables": [{"number": n, "layout": "Map 9"} for n in (1, 2, 5)]}, format="json"
    )
    assert response.status_code == 200
    assert response.json() == [{"number": n, "layout": "Map 9"} for n in (1, 2, 5)]
    refused = api("alice").put(url, {"tables": [{"number": 5}]}, format="json").json()
    assert refused["field"] == "tables"


def test_adding_staff(api, world, mallory):
    url = f"{world.api_url()}staff/"
    response = api("alice").post(url, {"username": "mallory", "role": "floor-judge"}, format="json")
    assert response.status_code == 201
    assert {"username": "mallory", "role": "floor-judge"} in api("mallory").get(url).json()["results"]
    # Competitive: a playing user cannot become TO or Head Judge.
    refused = api("alice").post(url, {"username": "bob", "role": "head-judge"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["field"] == "role"
    assert (
        api("alice").post(url, {"username": "nobody", "role": "to"}, format="json").json()["code"]
        == "unknown-user"
    )


def test_a_fresh_event_has_indicative_standings_with_everyone_level(api, world):
    body = api("anonymous").get(f"{world.api_url()}standings/").json()
    assert body["final"] is False
    assert body["rounds_played"] == 0
    assert body["planned_rounds"] == 3
    assert [(r["name"], r["rank"], r["mp"], r["sos"]) for r in body["standings"]] == [
        ("Bob", 1, 0, 0.0),
        ("Carol", 1, 0, 0.0),
        ("Dan", 1, 0, 0.0),
        ("Erin", 1, 0, 0.0),
    ]
    assert api("anonymous").get(f"{world.api_url()}rounds/").json()["results"] == []
