"""/api/me: the caller's events and roles; for players, their game right now."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_a_player_sees_table_and_opponent_once_the_round_is_published(api, world, round_one):
    body = api("bob").get("/api/me/").json()
    assert body["username"] == "bob"
    (entry,) = body["events"]
    assert entry["slug"] == world.event.slug
    assert entry["roles"] == ["player"]
    assert entry["player"] == {"external_id": world.bob.external_id, "name": "Bob"}
    assert entry["table"] == 1
    assert entry["opponent"] == {"external_id": world.carol.external_id, "name": "Carol"}
    assert entry["current_game"]["result_status"] == "pending"


def test_before_publication_there_is_no_current_game(api, world):
    from tests.builders.rows import add_round

    add_round(world.event, 1, [(world.bob, world.carol)], "paired")
    (entry,) = api("bob").get("/api/me/").json()["events"]
    assert entry["current_game"] is None
    assert entry["opponent"] is None


def test_staff_see_their_roles(api, world):
    assert [e["roles"] for e in api("alice").get("/api/me/").json()["events"]] == [["to"]]
    assert [e["roles"] for e in api("hank").get("/api/me/").json()["events"]] == [["head-judge"]]
    (entry,) = api("judy").get("/api/me/").json()["events"]
    assert entry["roles"] == ["floor-judge"]
    assert entry["player"] is None
    assert api("mallory").get("/api/me/").json()["events"] == []
