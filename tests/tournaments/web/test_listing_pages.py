"""The event listing on the settings and public pages, and side events on the web (OP Guide:
The Tournament Organiser, Accessibility, Side Events)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django import forms

from tests.builders.worlds import build_world
from tournaments.forms.settings import EventForm, ScheduleWidget
from tournaments.models import Event, Player
from tournaments.services.events import EDITABLE_FIELDS
from tournaments.services.side_events import side_event_create
from tournaments.views.settings import event_initial

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(users):
    return build_world(users, name="Winter Clash", rosters=False, round_minutes=150)


def settings_post(world) -> dict[str, Any]:
    """The settings form as the page renders it, every field with its current value."""
    form = EventForm(initial=event_initial(world.event))
    data: dict[str, Any] = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if (
            isinstance(value, bool)
            and isinstance(field, forms.BooleanField)
            and not isinstance(field, forms.NullBooleanField)
        ):
            if value:
                data[name] = "on"
            continue
        if isinstance(field.widget, ScheduleWidget):  # one input per round
            data.update({f"{name}_{n}": time for n, time in value.items()})
            continue
        shown = field.widget.format_value(value)
        if shown is not None:
            data[name] = shown
    return data


def test_the_settings_page_saves_the_listing_and_dates_round_trip(world):
    client = world.client("alice")
    data = settings_post(world)
    data.update(
        {
            "layouts_in_use": "Maps 1-6",
            "planned_rounds": "2",
            "schedule_1": "2026-10-03T09:00",
            "schedule_2": "2026-10-03T12:30",
            "step_free_access": "true",
            "accessible_toilet": "false",
            "table_seating": "standing",
            "seating_on_request": "on",
            "accommodations_contact": "access@example.org",
            "accommodations_by": "2026-09-25",
            "rules_cutoff": "2026-09-19",
        }
    )
    response = client.post(world.url("manage/settings/"), data)
    assert response.status_code == 302, response.context["form"].errors
    event = world.event
    event.refresh_from_db()
    assert event.schedule == [
        {"round": 1, "starts_at": "2026-10-03T09:00:00+00:00"},
        {"round": 2, "starts_at": "2026-10-03T12:30:00+00:00"},
    ]
    assert (event.step_free_access, event.accessible_toilet, event.table_seating) == (True, False, "standing")
    assert event.accommodations_by == dt.date(2026, 9, 25)
    page = client.get(world.url("manage/settings/")).content.decode()
    assert 'value="2026-09-25"' in page
    assert 'value="2026-09-19"' in page
    assert 'name="schedule_1" id="id_schedule_1" value="2026-10-03T09:00"' in page
    assert 'name="schedule_2" id="id_schedule_2" value="2026-10-03T12:30"' in page
    # Saving the page again as rendered changes nothing: no date is blanked.
    again = client.post(world.url("manage/settings/"), settings_post(world))
    assert again.status_code == 302
    before = {key: getattr(event, key) for key in EDITABLE_FIELDS}
    event.refresh_from_db()
    assert {key: getattr(event, key) for key in EDITABLE_FIELDS} == before


def _times(*times: str) -> dict[str, str]:
    return {f"schedule_{n}": time for n, time in enumerate(times, start=1)}


def test_a_bad_schedule_is_a_form_error_and_nothing_is_saved(world):
    def refused(data: dict[str, Any]) -> str:
        response = world.client("alice").post(world.url("manage/settings/"), data)
        assert response.status_code == 200
        world.event.refresh_from_db()
        assert world.event.schedule == []
        return str(response.content.decode())

    base = settings_post(world) | {"planned_rounds": "2"}
    assert "Round 1: &#x27;round one at nine&#x27; is not a date and time" in refused(
        base | _times("round one at nine", "2026-10-03T12:30")
    )
    overlap = refused(base | _times("2026-10-03T09:00", "2026-10-03T10:00"))
    assert "before round 1 ends" in overlap
    backwards = refused(base | _times("2026-10-03T12:30", "2026-10-03T09:00"))
    assert "Round 2 must start after round 1" in backwards
    short = refused(base | {"planned_rounds": "3"} | _times("2026-10-03T09:00", "2026-10-03T12:30"))
    assert (
        "Give a start time for each of the 3 planned rounds, or none yet: round 3 has no start time" in short
    )
    assert 'id="id_schedule_3"' in short  # the form now shows the third round's input
    gap = refused(base | {"schedule_1": "2026-10-03T09:00", "schedule_3": "2026-10-03T15:30"})
    assert "round 2 has no start time" in gap
    beyond = refused(base | _times("2026-10-03T09:00", "2026-10-03T12:30", "2026-10-03T15:30"))
    assert "round 3 is beyond the 2 planned" in beyond


def test_the_settings_page_shows_one_labelled_time_per_planned_round(world):
    world.event.planned_rounds = 4
    world.event.save(update_fields=["planned_rounds"])
    page = world.client("alice").get(world.url("manage/settings/")).content.decode()
    for n in range(1, 5):
        assert f'<label for="id_schedule_{n}">Round {n}</label>' in page
        assert f'type="datetime-local" name="schedule_{n}"' in page
    assert 'name="schedule_5"' not in page
    assert '<textarea name="schedule"' not in page
    # No times at all is fine: none announced yet.
    cleared = settings_post(world)
    assert world.client("alice").post(world.url("manage/settings/"), cleared).status_code == 302


def test_the_public_page_shows_the_event_details(world, users):
    from tournaments.services.events import event_update

    event_update(
        event=world.event,
        actor=users["alice"],
        layouts_in_use="Maps 1-6",
        schedule=[{"round": 1, "starts_at": dt.datetime(2026, 10, 3, 9, tzinfo=dt.UTC)}],
        step_free_access=True,
        table_seating="standing",
        seating_on_request=True,
        accommodations_contact="access@example.org",
    )
    page = world.client("anonymous").get(world.url()).content.decode()
    assert "<h2>Event details</h2>" in page
    for text in (
        "Maps 1-6",
        "Muster",
        "Hank (Head Judge), judges&#x27; table",
        "Round 1: Saturday 3 October, 09:00\u201311:30",
        "Standing; seating can be provided on request",
        "Contact access@example.org by",
    ):
        assert text in page, text
    deadline = world.event.starts_on - dt.timedelta(days=7)
    assert f"by {deadline.day} {deadline:%B %Y}" in page  # a week before, by default


def test_side_events_from_the_manage_page_to_a_one_tap_join(world, users):
    alice = world.client("alice")
    clash = alice.post(
        world.url("manage/settings/"),
        settings_post(world) | {"planned_rounds": "1", "schedule_1": "2026-10-03T09:00"},
    )
    assert clash.status_code == 302
    refused = alice.post(
        world.url("manage/side-events/"),
        {"name": "Skirmish", "kind": "community", "scale": "standard", "planned_rounds": 1,
         "round_minutes": 60, "schedule_1": "2026-10-03T10:00"},
    )  # fmt: skip
    assert refused.status_code == 200
    assert "overlaps round 1 of Winter Clash" in refused.content.decode()
    made = alice.post(
        world.url("manage/side-events/"),
        {"name": "Skirmish", "kind": "community", "scale": "standard", "planned_rounds": 1,
         "round_minutes": 60, "schedule_1": "2026-10-03T18:00"},
    )  # fmt: skip
    assert made.status_code == 302
    side = world.event.side_events.get()
    main_page = world.client("bob").get(world.url()).content.decode()
    assert "<h2>Side events</h2>" in main_page
    assert f'action="/e/{side.slug}/side-join/"' in main_page
    joined = world.client("bob").post(f"/e/{side.slug}/side-join/")
    assert joined.status_code == 302
    assert joined["Location"] == f"/e/{side.slug}/me/"
    assert Player.objects.filter(event=side, user=users["bob"]).exists()
    assert "You are in" in world.client("bob").get(world.url()).content.decode()
    side_page = world.client("anonymous").get(f"/e/{side.slug}/").content.decode()
    assert f'A side event of <a href="/e/{world.event.slug}/">Winter Clash</a>' in side_page
    stranger = world.client("mallory").post(f"/e/{side.slug}/side-join/", follow=True)
    assert "register for Skirmish with its registration link" in stranger.content.decode()
    assert not Player.objects.filter(event=side, user=users["mallory"]).exists()


def test_once_a_side_event_runs_its_join_button_says_why_it_is_gone(world, users):
    from tournaments.models import Event, EventStatus

    side = side_event_create(main=world.event, actor=users["alice"], name="Skirmish")
    Event.objects.filter(pk=side.pk).update(status=EventStatus.RUNNING)
    main_page = world.client("bob").get(world.url()).content.decode()
    assert f'action="/e/{side.slug}/side-join/"' not in main_page
    assert "Joining is closed: it has started." in main_page
    side_page = world.client("bob").get(f"/e/{side.slug}/").content.decode()
    assert "Joining is closed: it has started." in side_page
    # Someone who is not a main-event player is not told about a one-tap join at all.
    assert "Joining is closed" not in world.client("mallory").get(world.url()).content.decode()


def test_a_side_event_cannot_have_side_events(world, users):
    side = side_event_create(main=world.event, actor=users["alice"], name="Skirmish")
    page = world.client("alice").get(f"/e/{side.slug}/manage/side-events/").content.decode()
    assert "is a side event of" in page
    assert "Add the side event" not in page


def test_the_to_deletes_an_unplayed_side_event_from_the_manage_page(world, users):
    side = side_event_create(main=world.event, actor=users["alice"], name="Open play")
    page = world.client("alice").get(world.url("manage/side-events/")).content.decode()
    url = f"/e/{world.event.slug}/manage/side-events/{side.slug}/delete/"
    assert f'action="{url}"' in page
    assert world.client("judy").post(url).status_code == 404  # the TO's alone
    done = world.client("alice").post(url, {"confirmed": "yes"}, follow=True)
    assert "Open play is deleted" in done.content.decode()
    assert not Event.objects.filter(pk=side.pk).exists()
    assert Event.objects.filter(pk=world.event.pk).exists()


def test_a_refused_side_event_deletion_says_what_to_do_instead(world, users):
    from tournaments.services.rounds import round_pair
    from tournaments.services.side_events import side_event_join

    side = side_event_create(main=world.event, actor=users["alice"], name="Open play", planned_rounds=2)
    side_event_join(side=side, user=users["bob"])
    side_event_join(side=side, user=users["carol"])
    round_pair(event=side, by=users["alice"], seed=1, confirm=True)
    url = f"/e/{world.event.slug}/manage/side-events/{side.slug}/delete/"
    refused = world.client("alice").post(url, {"confirmed": "yes"}, follow=True).content.decode()
    assert "cannot be deleted" in refused
    assert "undo its rounds first" in refused
    assert Event.objects.filter(pk=side.pk).exists()


def test_a_side_events_start_times_match_its_planned_rounds(world, users):
    page = world.client("alice").get(world.url("manage/side-events/")).content.decode()
    assert 'name="schedule_1"' in page
    assert 'name="schedule_2"' in page  # two rounds planned by default
    short = world.client("alice").post(
        world.url("manage/side-events/"),
        {"name": "Skirmish", "kind": "community", "scale": "standard", "planned_rounds": 2,
         "round_minutes": 60, "schedule_1": "2026-10-03T18:00"},
    )  # fmt: skip
    assert short.status_code == 200
    assert "Give a start time for each of the 2 planned rounds" in short.content.decode()
    assert not world.event.side_events.exists()
