"""The event listing and side events over the API (OP Guide: The Tournament Organiser,
Accessibility, Side Events)."""

from __future__ import annotations

import pytest

from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db


def test_the_listing_is_read_and_changed_over_the_api(api, world):
    response = api("alice").patch(
        world.api_url(),
        {
            "layouts_in_use": "Maps 1-6",
            "pairing_platform": "Muster",
            "schedule": [
                {"round": 2, "starts_at": "2026-10-03T13:00:00+01:00"},
                {"round": 1, "starts_at": "2026-10-03T09:00:00Z"},
            ],
            "step_free_access": True,
            "accessible_toilet": None,
            "table_seating": "seated",
            "seating_on_request": False,
            "accommodations_contact": "access@example.org",
            "accommodations_by": "2026-09-20",
        },
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = api("anonymous").get(world.api_url()).json()
    assert body["schedule"] == [
        {"round": 1, "starts_at": "2026-10-03T09:00:00Z"},
        {"round": 2, "starts_at": "2026-10-03T12:00:00Z"},
    ]
    assert body["layouts_in_use"] == "Maps 1-6"
    assert (body["step_free_access"], body["accessible_toilet"], body["table_seating"]) == (
        True,
        None,
        "seated",
    )
    assert body["accommodations_contact"] == "access@example.org"
    assert body["accommodations_by"] == body["accommodations_deadline"] == "2026-09-20"
    assert body["side_event_of"] is None
    assert body["side_events"] == []


def test_a_bad_schedule_is_a_400_with_its_code_and_nothing_saved(api, world):
    late = {"schedule": [{"round": 9, "starts_at": "2026-10-03T09:00:00Z"}]}
    response = api("alice").patch(world.api_url(), late, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid-schedule"
    assert response.json()["field"] == "schedule"
    shape = api("alice").patch(world.api_url(), {"schedule": [{"round": 1}]}, format="json")
    assert shape.status_code == 400
    assert shape.json()["field"] == "schedule"
    world.event.refresh_from_db()
    assert world.event.schedule == []


def test_the_to_adds_a_side_event_and_a_main_player_joins_it(api, world):
    api("alice").patch(
        world.api_url(), {"schedule": [{"round": 1, "starts_at": "2026-10-03T09:00:00Z"}]}, format="json"
    )
    over = api("alice").post(
        world.api_url("side-events/"),
        {
            "name": "Skirmish",
            "round_minutes": 60,
            "schedule": [{"round": 1, "starts_at": "2026-10-03T10:00:00Z"}],
        },
        format="json",
    )
    assert over.status_code == 400
    assert over.json()["code"] == "overlaps-main-round"
    assert "round 1 of Winter Clash" in over.json()["message"]
    made = api("alice").post(
        world.api_url("side-events/"),
        {
            "name": "Skirmish",
            "round_minutes": 60,
            "schedule": [{"round": 1, "starts_at": "2026-10-03T18:00:00Z"}],
        },
        format="json",
    )
    assert made.status_code == 201, made.json()
    side = made.json()
    assert side["side_event_of"] == world.event.slug
    assert side["game_system"] == world.event.game_system
    assert api("anonymous").get(world.api_url()).json()["side_events"] == [side["slug"]]
    listed = api("anonymous").get(world.api_url("side-events/")).json()["results"]
    assert [row["slug"] for row in listed] == [side["slug"]]
    joined = api("bob").post(f"/api/events/{side['slug']}/side-join/")
    assert joined.status_code == 201
    assert joined.json()["name"] == "Bob"
    stranger = api("mallory").post(f"/api/events/{side['slug']}/side-join/")
    assert stranger.status_code == 400
    assert stranger.json()["code"] == "not-a-main-event-player"
    assert api("anonymous").post(f"/api/events/{side['slug']}/side-join/").status_code == 401
    assert Player.objects.filter(event__slug=side["slug"]).count() == 1


def test_only_the_to_adds_side_events(api, world):
    for role in ("bob", "judy", "mallory"):
        assert api(role).post(world.api_url("side-events/"), {"name": "X"}, format="json").status_code == 404
    assert not Event.objects.filter(side_event_of=world.event).exists()


def test_the_to_deletes_an_unplayed_side_event_over_the_api(api, world, users):
    from tournaments.services.rounds import round_pair
    from tournaments.services.side_events import side_event_create, side_event_join

    side = side_event_create(main=world.event, actor=users["alice"], name="Open play", planned_rounds=2)
    url = world.api_url(f"side-events/{side.slug}/")
    assert api("judy").delete(url).status_code == 404
    assert api("anonymous").delete(url).status_code == 401
    assert api("alice").delete(world.api_url("side-events/no-such-side/")).status_code == 404
    side_event_join(side=side, user=users["bob"])
    side_event_join(side=side, user=users["carol"])
    round_ = round_pair(event=side, by=users["alice"], seed=1, confirm=True)
    refused = api("alice").delete(url)
    assert refused.status_code == 400
    assert refused.json()["code"] == "side-event-started"
    round_.delete()
    assert api("alice").delete(url).status_code == 204
    assert not Event.objects.filter(pk=side.pk).exists()
    assert not Player.objects.filter(event_id=side.pk).exists()
    assert api("alice").get(world.api_url("side-events/")).json()["results"] == []
