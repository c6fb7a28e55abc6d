"""The seasons API (docs/api.md, "Seasons")."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from rest_framework.test import APIClient

from seasons.services import ratings_recompute
from tests.builders.rows import make_event
from tests.seasons.conftest import one_event

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 5, 1)


def client_for(user: Any = None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_authenticate(user)
    return c


def test_my_profile_switch_and_reading_profiles(alice, accounts):
    one_event(alice, accounts, "first", ["ann", "ben", "cy", "dee"], DAY)
    ratings_recompute(game_system="starcraft-tmg")
    assert client_for().get("/api/players/ann/profile/").status_code == 404
    assert client_for().get("/api/me/profile/").status_code == 401
    ann = client_for(accounts["ann"])
    own = ann.get("/api/me/profile/").json()
    assert own["public"] is False
    assert own["events"][0]["event"] == "first"
    assert own["ratings"][0]["games"] == 1
    assert ann.put("/api/me/profile/", {"public": True}, format="json").json()["public"] is True
    public = client_for().get("/api/players/ann/profile/").json()
    assert public["username"] == "ann"
    board = client_for().get("/api/ratings/starcraft-tmg/").json()
    assert [r["username"] for r in board["ratings"]] == ["ann"]
    assert board["hidden"] == 3


def test_a_series_over_the_api(alice, bob):
    api = client_for(alice)
    bad = api.post(
        "/api/series/",
        {"name": "L", "game_system": "starcraft-tmg", "formula": "placing-table", "table": [1, 2]},
        format="json",
    )
    assert bad.status_code == 400
    assert bad.json()["code"] == "bad-table"
    made = api.post(
        "/api/series/",
        {"name": "League", "game_system": "starcraft-tmg", "formula": "field-scaled"},
        format="json",
    )
    assert made.status_code == 201
    slug = made.json()["slug"]
    make_event(to=alice, slug="opener")
    added = api.post(f"/api/series/{slug}/events/", {"event": "opener"}, format="json")
    assert added.status_code == 200
    assert added.json()["events"] == [{"slug": "opener", "name": "Spring Skirmish", "finished": False}]
    stranger = client_for(bob).put(
        f"/api/series/{slug}/formula/", {"formula": "field-scaled", "base": 10}, format="json"
    )
    assert stranger.json()["code"] == "not-series-organiser"
    assert api.delete(f"/api/series/{slug}/events/opener/").json()["events"] == []
    assert client_for().get(f"/api/series/{slug}/").json()["formula"]["formula"] == "field-scaled"
    assert [s["slug"] for s in client_for().get("/api/series/").json()["results"]] == [slug]
