"""The web forms, the API and the event service share one set of limits (tournaments.limits):
what the web refuses, the API refuses too (`round_minutes` was >= 30 on the web
and >= 1 over the API)."""

from __future__ import annotations

import pytest

from tests.tournaments.web.test_setup_pages import FORM
from tournaments import limits
from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db

BOUNDED = [
    ("round_minutes", limits.ROUND_MINUTES),
    ("first_round_extra_minutes", limits.FIRST_ROUND_EXTRA_MINUTES),
    ("planned_rounds", limits.PLANNED_ROUNDS),
]
CASES = [(name, value) for name, bounds in BOUNDED for value in (bounds.low - 1, bounds.high + 1)]


def web_accepts(client, alice, name: str, value: int) -> bool:
    client.force_login(alice)
    before = Event.objects.count()
    client.post("/events/new/", FORM | {"name": f"Web {name} {value}", name: str(value)})
    return Event.objects.count() > before


def api_accepts(api, name: str, value: int) -> bool:
    response = api("alice").post(
        "/api/events/", {"name": f"Api {name} {value}", "kind": "community", name: value}, format="json"
    )
    assert response.status_code in (201, 400), response.json()
    if response.status_code == 400:
        assert name in str(response.json()), response.json()
    return bool(response.status_code == 201)


def test_round_minutes_under_thirty_is_refused_by_web_and_api(api, client, alice):
    """The named case: before, the API took a 10-minute round the web refused."""
    assert not web_accepts(client, alice, "round_minutes", 10)
    assert not api_accepts(api, "round_minutes", 10)


@pytest.mark.parametrize(("name", "value"), CASES)
def test_the_api_refuses_what_the_web_refuses(api, client, alice, name, value):
    assert not web_accepts(client, alice, name, value)
    assert not api_accepts(api, name, value)


@pytest.mark.parametrize(("name", "bounds"), BOUNDED)
def test_both_accept_the_bounds_themselves(api, client, alice, name, bounds):
    for value in (bounds.low, bounds.high):
        assert web_accepts(client, alice, name, value), (name, value)
        assert api_accepts(api, name, value), (name, value)


@pytest.mark.parametrize(("name", "value"), CASES)
def test_the_service_refuses_it_too(alice, name, value):
    with pytest.raises(ServiceError) as refused:
        event_create(creator=alice, name="Direct", kind="community", **{name: value})
    assert refused.value.field == name


def test_victory_points_beyond_the_systems_range_are_refused_by_web_and_api(api, client, round_one, world):
    """One VP limit, the game system's own (StarCraft 0-200), for the web form and the API."""

    top = world.event.system.vp_range.high
    game = world.game(world.bob)
    client.force_login(world.users["bob"])
    page = client.post(world.url("me/result/"), {"how": "played", "my_vp": top + 1, "their_vp": 3})
    assert f"{top + 1} for Bob is out of range" in page.content.decode()
    refused = api("bob").post(
        world.api_url(f"games/{game.pk}/report/"),
        {"vp": [top + 1, 3], "details": {"battle_rounds": 5}},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["field"] == "vp"
    accepted = api("bob").post(
        world.api_url(f"games/{game.pk}/report/"),
        {"vp": [top, 3], "details": {"battle_rounds": 5}},
        format="json",
    )
    assert accepted.status_code == 200, accepted.json()
