"""Copy this event on the web: the TO's button, the small form, and the new event's
settings page saying what was copied (docs/features.md, "Copying an event")."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from awards.services import awards_offer
from tests.builders.worlds import World, build_world
from tournaments.forms.copy import default_start
from tournaments.models import Event, Player, StaffRole
from tournaments.services.side_events import side_event_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(users: dict[str, Any]) -> World:
    built = build_world(users, name="Autumn Assault", rosters=False)
    awards_offer(
        event=built.event, by=users["alice"], best_painted=True, best_in_faction=False, best_sportsman=False
    )
    return built


def test_settings_and_overview_offer_the_copy(client: Client, world: World) -> None:
    client.force_login(world.users["alice"])
    for page in ("settings/", ""):
        response = client.get(f"/e/{world.event.slug}/manage/{page}")
        assert b'href="/e/autumn-assault/manage/copy/"' in response.content


def test_the_form_proposes_a_name_and_a_date_four_weeks_on(client: Client, world: World) -> None:
    client.force_login(world.users["alice"])
    response = client.get(f"/e/{world.event.slug}/manage/copy/")
    assert response.status_code == 200
    form = response.context["form"]
    assert form["name"].initial == "Autumn Assault (copy)"
    assert world.event.starts_on is not None
    assert form["starts_on"].initial == world.event.starts_on + dt.timedelta(weeks=4)
    assert b"Not copied: players, teams and their rosters" in response.content


def test_a_default_start_is_always_ahead_on_the_same_weekday(world: World) -> None:
    today = dt.date(2026, 6, 10)
    world.event.starts_on = dt.date(2025, 1, 4)  # a Saturday long past
    start = default_start(world.event, today)
    assert start > today
    assert start.weekday() == 5
    assert start - today <= dt.timedelta(weeks=4)
    world.event.starts_on = None
    assert default_start(world.event, today) == today + dt.timedelta(weeks=4)


def test_copying_opens_the_new_events_settings_with_what_was_copied(client: Client, world: World) -> None:
    client.force_login(world.users["alice"])
    start = timezone.localdate() + dt.timedelta(days=90)
    response = client.post(
        f"/e/{world.event.slug}/manage/copy/", {"name": "Winter Assault", "starts_on": start.isoformat()}
    )
    new = Event.objects.get(name="Winter Assault")
    assert response.status_code == 302
    assert response["Location"] == f"/e/{new.slug}/manage/settings/"
    (message,) = [str(m) for m in get_messages(response.wsgi_request)]
    assert message.startswith("Winter Assault is a new draft copy of Autumn Assault. Copied: the settings;")
    assert "4 tables with their layouts" in message
    assert "the awards: Best Painted" in message
    assert "Not copied: players, teams and their rosters;" in message
    assert new.starts_on == start
    assert not Player.objects.filter(event=new).exists()
    assert list(StaffRole.objects.filter(event=new).values_list("user__username", flat=True)) == ["alice"]
    page = client.get(response["Location"])
    assert b"is a new draft copy of Autumn Assault" in page.content


def test_a_refusal_is_shown_on_the_form_and_nothing_is_made(client: Client, world: World) -> None:
    client.force_login(world.users["alice"])
    start = timezone.localdate() + dt.timedelta(days=90)
    response = client.post(
        f"/e/{world.event.slug}/manage/copy/",
        {"name": "Winter Assault", "starts_on": start.isoformat(), "ends_on": "2020-01-01"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors == {"ends_on": ["The event cannot end before it starts."]}
    assert not Event.objects.filter(name="Winter Assault").exists()


def test_a_side_event_says_to_copy_its_main_event(client: Client, world: World) -> None:
    side = side_event_create(
        main=world.event, actor=world.users["alice"], name="Evening Skirmish", planned_rounds=2
    )
    client.force_login(world.users["alice"])
    response = client.get(f"/e/{side.slug}/manage/copy/")
    assert b"a side event is not copied on its own" in response.content
    assert b'<form method="post" class="stack narrow">' not in response.content
    before = Event.objects.count()
    client.post(f"/e/{side.slug}/manage/copy/", {"name": "X", "starts_on": "2030-01-01"})
    assert Event.objects.count() == before
    assert b"manage/copy/" not in client.get(f"/e/{side.slug}/manage/settings/").content


@pytest.mark.parametrize("who", ["hank", "bob", "mallory"])
def test_the_page_is_404_for_everyone_but_the_to(client: Client, world: World, who: str) -> None:
    client.force_login(world.users[who])
    assert client.get(f"/e/{world.event.slug}/manage/copy/").status_code == 404
    response = client.post(f"/e/{world.event.slug}/manage/copy/", {"name": "X", "starts_on": "2030-01-01"})
    assert response.status_code == 404
    assert not Event.objects.filter(name="X").exists()
