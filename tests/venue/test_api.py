"""The announcements API (docs/api.md, "Announcements"): anyone reads those in force; the TO
and the Head Judge post and withdraw them; bad input is refused with the service's codes."""

from __future__ import annotations

import pytest

from tests.builders.worlds import World, build_world
from tournaments.models import AuditEntry
from venue.models import Announcement

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(users) -> World:
    return build_world(users, rosters=False)


def test_the_staff_post_and_everyone_reads(world: World):
    url = world.api_url("announcements/")
    posted = world.api("alice").post(url, {"text": "Lunch in the foyer"}, format="json")
    assert posted.status_code == 201, posted.json()
    body = posted.json()
    assert body["text"] == "Lunch in the foyer"
    assert body["created_by"] == "alice"
    assert body["withdrawn_at"] is None
    assert world.api("hank").post(url, {"text": "Judges' call at 12"}, format="json").status_code == 201
    listed = world.api("anonymous").get(url).json()
    assert listed["count"] == 2
    assert [a["text"] for a in listed["results"]] == ["Judges' call at 12", "Lunch in the foyer"]


@pytest.mark.parametrize("who", ["bob", "judy", "mallory"])
def test_others_may_not_post(world: World, who):
    response = world.api(who).post(world.api_url("announcements/"), {"text": "Free pizza"}, format="json")
    assert response.status_code == 404
    assert not Announcement.objects.exists()


def test_anonymous_posts_are_asked_to_log_in(world: World):
    response = world.api("anonymous").post(world.api_url("announcements/"), {"text": "x"}, format="json")
    assert response.status_code == 401


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"text": ""}, "announcement-empty"),
        ({"text": "   "}, "announcement-empty"),
        ({"text": "z" * 281}, "announcement-too-long"),
    ],
    ids=["empty", "blank", "too-long"],
)
def test_bad_input_gets_the_services_code(world: World, body, code):
    response = world.api("alice").post(world.api_url("announcements/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert response.json()["field"] == "text"
    assert not Announcement.objects.exists()


def test_a_body_without_text_is_refused(world: World):
    response = world.api("alice").post(world.api_url("announcements/"), {}, format="json")
    assert response.status_code == 400
    assert not Announcement.objects.exists()


def test_withdrawing(world: World):
    url = world.api_url("announcements/")
    pk = world.api("alice").post(url, {"text": "Round 2 at 14:00"}, format="json").json()["id"]
    assert world.api("bob").delete(f"{url}{pk}/").status_code == 404
    assert world.api("hank").delete(f"{url}{pk}/").status_code == 204
    assert world.api("anonymous").get(url).json()["count"] == 0
    again = world.api("alice").delete(f"{url}{pk}/")
    assert (again.status_code, again.json()["code"]) == (400, "announcement-withdrawn")
    assert world.api("alice").delete(f"{url}999999/").status_code == 404
    actions = list(AuditEntry.objects.filter(event=world.event).values_list("action", flat=True))
    assert "announcement-posted" in actions
    assert "announcement-withdrawn" in actions


def test_another_events_announcement_is_not_found(world: World, users):
    other = build_world(users, name="Winter Open", rosters=False)
    pk = (
        other.api("alice")
        .post(other.api_url("announcements/"), {"text": "Elsewhere"}, format="json")
        .json()["id"]
    )
    assert world.api("alice").delete(world.api_url(f"announcements/{pk}/")).status_code == 404
    assert Announcement.objects.get(pk=pk).active
