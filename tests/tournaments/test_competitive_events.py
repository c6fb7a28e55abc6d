"""A competitive event's engagement scale is its game system's rule, not StarCraft's for all.

StarCraft's OP Guide (Competitive Events) plays competitive events at Standard; Dropzone
Commander, MORSDEI and Warpspawn say nothing of the kind, so a competitive event of theirs
takes any of the system's own scales. The same answer from the service, the web form and
the API.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from rules_engine.registry import all_systems, get_system
from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.services.events import event_create, event_update

pytestmark = pytest.mark.django_db

# Each system's scales, with the budget an event of that scale needs (None: none).
OTHER_SYSTEMS = [
    ("dropzone-commander", "clash", 1500),
    ("dropzone-commander", "skirmish", 800),
    ("morsdei", "standard", None),
    ("warpspawn-starcraft", "standard", None),
]


def test_the_rule_lives_in_the_game_systems():
    assert get_system("starcraft-tmg").competitive_scales == ("standard",)
    for slug in ("dropzone-commander", "morsdei", "warpspawn-starcraft"):
        assert get_system(slug).competitive_scales == ()
    for system in all_systems():
        assert set(system.competitive_scales) <= set(system.scales)


@pytest.mark.parametrize(("system", "scale", "limit"), OTHER_SYSTEMS)
def test_a_competitive_event_of_another_system_takes_any_of_its_scales(alice, system, scale, limit):
    event = event_create(
        creator=alice, name="Open", game_system=system, kind="competitive", scale=scale, points_limit=limit
    )
    assert (event.kind, event.scale) == ("competitive", scale)


def test_starcraft_keeps_its_rule_when_created_and_when_changed(alice):
    with pytest.raises(ServiceError) as refused:
        event_create(creator=alice, name="Open", kind="competitive", scale="skirmish")
    assert (refused.value.code, refused.value.field) == ("competitive-scale", "scale")
    assert "Standard" in refused.value.message
    event = event_create(creator=alice, name="Open", kind="community", scale="skirmish")
    with pytest.raises(ServiceError):
        event_update(event=event, actor=alice, kind="competitive")
    assert event_update(event=event, actor=alice, kind="competitive", scale="standard").scale == "standard"


def _form(system: str, scale: str, limit: int | None) -> dict[str, Any]:
    return {
        "name": "Competitive Clash",
        "game_system": system,
        "kind": "competitive",
        "scale": scale,
        "points_limit": "" if limit is None else str(limit),
        "list_format": "single",
        "planned_rounds": "3",
        "roster_publication": "after-deadline",
        "first_round_extra_minutes": "0",
    }


def test_the_web_form_creates_a_competitive_dropzone_event(alice):
    client = Client()
    client.force_login(alice)
    response = client.post("/events/new/", _form("dropzone-commander", "clash", 1500))
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get(name="Competitive Clash")
    assert (event.game_system, event.kind, event.scale, event.points_limit) == (
        "dropzone-commander",
        "competitive",
        "clash",
        1500,
    )


@pytest.mark.parametrize(("system", "scale", "limit"), OTHER_SYSTEMS)
def test_the_api_creates_a_competitive_event_of_another_system(alice, system, scale, limit):
    api = APIClient()
    api.force_authenticate(alice)
    body = {"name": "Open", "game_system": system, "kind": "competitive", "scale": scale}
    if limit is not None:
        body["points_limit"] = limit
    response = api.post("/api/events/", body, format="json")
    assert response.status_code == 201, response.json()
    refused = api.post(
        "/api/events/", {"name": "SC", "kind": "competitive", "scale": "skirmish"}, format="json"
    )
    assert (refused.status_code, refused.json()["code"]) == (400, "competitive-scale")


@pytest.mark.parametrize(
    ("system", "limit", "scale"),
    [
        ("starcraft-tmg", None, "standard"),
        ("dropzone-commander", 800, "skirmish"),
        ("morsdei", None, "standard"),
    ],
)
def test_an_event_named_without_a_scale_takes_its_systems_default(alice, system, limit, scale):
    """The model's default scale is StarCraft's Standard; another system's event takes its own."""
    api = APIClient()
    api.force_authenticate(alice)
    body: dict[str, Any] = {"name": "No Scale", "game_system": system, "kind": "community"}
    if limit is not None:
        body["points_limit"] = limit
    response = api.post("/api/events/", body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["scale"] == scale
