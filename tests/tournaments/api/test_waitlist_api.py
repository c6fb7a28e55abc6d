"""The waitlist on the API (docs/api.md, docs/waitlist.md): the cap on the event, joining a
full event's waitlist, the TO's list and reordering, accepting an offered seat."""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders.rows import make_event
from tournaments.models import Player, WaitlistEntry, WaitlistState

pytestmark = pytest.mark.django_db
URL = "/api/events/spring-skirmish/"


def test_the_cap_on_the_event_and_a_full_sign_up(api: Any, alice: Any) -> None:
    make_event(to=alice)
    assert (
        api("alice").patch(URL, {"capacity": 1, "waitlist_accept_hours": 6}, format="json").status_code == 200
    )
    event = api("anonymous").get(URL).json()
    assert (event["capacity"], event["waitlist_accept_hours"], event["seats_free"]) == (1, 6, 1)
    assert event["full"] is False
    assert api("bob").post(f"{URL}players/", {"join_code": "let-me-in"}, format="json").status_code == 201
    refused = api("carol").post(f"{URL}players/", {"join_code": "let-me-in"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "event-full"
    assert api("anonymous").get(URL).json()["full"] is True
    joined = api("carol").post(f"{URL}waitlist/", {"join_code": "let-me-in"}, format="json")
    assert joined.status_code == 201, joined.json()
    assert (joined.json()["state"], joined.json()["place"]) == ("waiting", 1)
    assert "username" not in joined.json()
    mine = api("carol").get(f"{URL}waitlist/").json()["results"]
    assert [row["name"] for row in mine] == ["carol"]
    assert api("mallory").get(f"{URL}waitlist/").json()["results"] == []


def test_the_to_reorders_offers_and_the_offer_is_accepted(api: Any, alice: Any) -> None:
    make_event(to=alice, capacity=1)
    api("bob").post(f"{URL}players/", {"join_code": "let-me-in"}, format="json")
    for who in ("carol", "mallory"):
        api(who).post(f"{URL}waitlist/", {"join_code": "let-me-in"}, format="json")
    rows = api("alice").get(f"{URL}waitlist/").json()["results"]
    assert [(r["username"], r["place"]) for r in rows] == [("carol", 1), ("mallory", 2)]
    mallory = rows[1]["id"]
    moved = api("alice").post(f"{URL}waitlist/{mallory}/move/", {"place": 1}, format="json").json()
    assert (moved["username"], moved["place"]) == ("mallory", 1)
    after = api("alice").get(f"{URL}waitlist/").json()["results"]
    assert [r["username"] for r in after] == ["mallory", "carol"]
    early = api("mallory").post(f"{URL}waitlist/accept/")
    assert (early.status_code, early.json()["code"]) == (400, "no-offer")
    offered = api("alice").post(f"{URL}waitlist/{mallory}/offer/").json()
    assert offered["state"] == "offered"
    assert offered["offer_expires_at"]
    seat = api("mallory").post(f"{URL}waitlist/accept/")
    assert seat.status_code == 201
    assert Player.objects.filter(
        event__slug="spring-skirmish", external_id=seat.json()["external_id"]
    ).exists()
    removed = api("alice").delete(f"{URL}waitlist/{rows[0]['id']}/").json()
    assert removed["state"] == "withdrawn"


def test_leaving_the_waitlist(api: Any, alice: Any) -> None:
    make_event(to=alice, capacity=1)
    api("bob").post(f"{URL}players/", {"join_code": "let-me-in"}, format="json")
    api("carol").post(f"{URL}waitlist/", {"join_code": "let-me-in"}, format="json")
    assert api("carol").post(f"{URL}waitlist/withdraw/").json()["state"] == "withdrawn"
    assert WaitlistEntry.objects.get().state == WaitlistState.WITHDRAWN
    assert api("mallory").post(f"{URL}waitlist/withdraw/").status_code == 404
