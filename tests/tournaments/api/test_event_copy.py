"""POST /api/events/<slug>/copy/: the TO copies an event into a new draft (docs/api.md)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from tests.builders.worlds import World
from tournaments.models import Event, Player, StaffRole
from tournaments.services.side_events import side_event_create

pytestmark = pytest.mark.django_db


def test_the_to_copies_and_gets_the_new_event(api: Callable[[str], APIClient], world: World) -> None:
    response = api("alice").post(
        f"/api/events/{world.event.slug}/copy/",
        {"name": "Spring Clash", "starts_on": "2030-03-02", "ends_on": "2030-03-03"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    new = Event.objects.get(slug=body["slug"])
    assert (body["name"], body["status"], body["starts_on"], body["ends_on"]) == (
        "Spring Clash", "draft", "2030-03-02", "2030-03-03"
    )  # fmt: skip
    assert body["join_code"] == new.join_code != world.event.join_code
    assert body["conduct_contact"] == world.event.conduct_contact
    assert new.tables.count() == 4
    assert not Player.objects.filter(event=new).exists()
    assert list(StaffRole.objects.filter(event=new).values_list("user__username", "role")) == [
        ("alice", "to")
    ]


def test_the_dates_default_to_as_many_days(api: Callable[[str], APIClient], world: World) -> None:
    event = world.event
    assert event.starts_on is not None
    event.ends_on = event.starts_on + dt.timedelta(days=2)
    event.save(update_fields=["ends_on"])
    response = api("alice").post(
        f"/api/events/{event.slug}/copy/", {"name": "Again", "starts_on": "2030-03-01"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["ends_on"] == "2030-03-03"


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"name": "Again"}, "invalid", "starts_on"),
        (
            {"name": "Again", "starts_on": "2030-03-02", "ends_on": "2030-03-01"},
            "ends-before-start",
            "ends_on",
        ),
    ],
)
def test_refusals_name_their_code(
    api: Callable[[str], APIClient], world: World, body: dict[str, str], code: str, field: str
) -> None:
    response = api("alice").post(f"/api/events/{world.event.slug}/copy/", body, format="json")
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == code
    assert field in str(error)
    assert not Event.objects.filter(name="Again").exists()


def test_a_side_event_is_refused(api: Callable[[str], APIClient], world: World) -> None:
    side = side_event_create(
        main=world.event, actor=world.users["alice"], name="Evening Skirmish", planned_rounds=2
    )
    response = api("alice").post(
        f"/api/events/{side.slug}/copy/", {"name": "Again", "starts_on": "2030-03-02"}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (400, "side-event-copy")


@pytest.mark.parametrize(("who", "status"), [("hank", 404), ("bob", 404), ("anonymous", 401)])
def test_only_the_to_may(api: Callable[[str], APIClient], world: World, who: str, status: int) -> None:
    response = api(who).post(
        f"/api/events/{world.event.slug}/copy/", {"name": "Again", "starts_on": "2030-03-02"}, format="json"
    )
    assert response.status_code == status
    assert not Event.objects.filter(name="Again").exists()
