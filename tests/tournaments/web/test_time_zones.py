"""Each event keeps the venue's clock: times entered, shown, printed and mailed in its zone."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.test import RequestFactory
from django.utils import timezone

from tests.builders.worlds import build_world
from tests.tournaments.web.test_listing_pages import settings_post
from tournaments.event_time import event_zone_active, zone_label
from tournaments.middleware import site_time_zone
from tournaments.models import Event
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db

WARSAW = ZoneInfo("Europe/Warsaw")


@pytest.fixture
def world(users):
    return build_world(users, name="Winter Clash", rosters=False, round_minutes=150)


def test_times_typed_in_the_settings_are_the_venues(world):
    client = world.client("alice")
    data = settings_post(world) | {
        "time_zone": "Europe/Warsaw",
        "planned_rounds": "1",
        "schedule_1": "2026-10-03T09:00",
        "roster_deadline": "2026-10-01T20:00",
    }
    assert client.post(world.url("manage/settings/"), data).status_code == 302
    event = Event.objects.get(pk=world.event.pk)
    assert event.time_zone == "Europe/Warsaw"
    assert event.roster_deadline == dt.datetime(2026, 10, 1, 18, 0, tzinfo=dt.UTC)  # CEST is UTC+2
    assert event.schedule[0]["starts_at"].startswith("2026-10-03T07:00")
    # The pages show them on the same clock, and say which.
    page = world.client("anonymous").get(world.url()).content.decode()
    assert "Europe/Warsaw (UTC+" in page
    assert "09:00" in page
    form = client.get(world.url("manage/settings/")).content.decode()
    assert 'value="2026-10-01T20:00"' in form
    assert 'value="2026-10-03T09:00"' in form


def test_the_default_deadline_is_midnight_at_the_venue(alice):
    starts = timezone.localdate() + dt.timedelta(days=30)
    event = event_create(creator=alice, name="Warsaw Open", starts_on=starts, time_zone="Europe/Warsaw")
    assert event.roster_deadline is not None
    local = event.roster_deadline.astimezone(WARSAW)
    assert (local.hour, local.minute) == (0, 0)
    assert local.date() == starts - dt.timedelta(days=7)


def test_an_unknown_zone_is_refused_on_the_api(api, world):
    response = api("alice").patch(world.api_url(), {"time_zone": "Mars/Olympus"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "unknown-time-zone"
    ok = api("alice").patch(world.api_url(), {"time_zone": "America/Los_Angeles"}, format="json")
    assert ok.status_code == 200
    assert ok.json()["time_zone"] == "America/Los_Angeles"


def test_sheets_and_mails_render_on_the_venues_clock(world):
    world.event.time_zone = "America/Los_Angeles"
    with event_zone_active(world.event):
        assert timezone.get_current_timezone_name() == "America/Los_Angeles"
    assert timezone.get_current_timezone_name() != "America/Los_Angeles"
    assert zone_label(world.event).startswith("America/Los_Angeles (UTC-0")


def test_each_request_starts_on_the_sites_clock():
    timezone.activate(WARSAW)  # as an event page left it on this thread
    seen = []

    def view(request):
        seen.append(timezone.get_current_timezone_name())
        timezone.activate(WARSAW)
        from django.http import HttpResponse

        return HttpResponse("ok")

    site_time_zone(view)(RequestFactory().get("/"))
    assert seen == ["UTC"]
    assert timezone.get_current_timezone_name() == "UTC"
