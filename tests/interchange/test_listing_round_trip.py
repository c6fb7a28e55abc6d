"""The event listing and side events in event/1 (docs/event-files.md): export, import, export.

The listing (OP Guide: The Tournament Organiser; Accessibility) travels as event settings,
in the public export too (its contacts are for players); a side event's file names its main
event (`side_event_of`), a main event's file lists its side events (`side_events`).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from interchange.event_export import export_event
from interchange.event_import import import_event
from interchange.values import EventImportError
from standings.eventfile import parse_event
from tests.builders.worlds import build_world
from tournaments.services.events import event_update
from tournaments.services.side_events import side_event_create

pytestmark = pytest.mark.django_db

DAY = dt.datetime(2026, 10, 3, tzinfo=dt.UTC)
LISTING = {
    "layouts_in_use": "Maps 1-6 of the 2026 pack",
    "pairing_platform": "Muster",
    "step_free_access": True,
    "accessible_toilet": False,
    "table_seating": "standing",
    "seating_on_request": True,
    "accommodations_contact": "access@example.org",
    "conduct_contact": "Hank, judges' table",
}


def as_file(data: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def without_slug(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in as_file(data).items() if k != "slug"}


@pytest.fixture
def main(users):
    world = build_world(users, name="Winter Clash", rosters=False, round_minutes=150)
    return event_update(
        event=world.event,
        actor=users["alice"],
        schedule=[
            {"round": 1, "starts_at": DAY.replace(hour=9)},
            {"round": 2, "starts_at": DAY.replace(hour=12)},
        ],
        accommodations_by=dt.date(2026, 9, 28),
        **LISTING,
    )


@pytest.fixture
def side(main, users):
    return side_event_create(
        main=main,
        actor=users["alice"],
        name="Evening Skirmish",
        planned_rounds=2,
        round_minutes=60,
        schedule=[{"round": 1, "starts_at": DAY.replace(hour=18)}],
    )


def test_the_listing_is_in_both_exports(main, side):
    for public in (False, True):
        data = as_file(export_event(main, public=public))
        for key, value in LISTING.items():
            assert data[key] == value, key
        assert data["schedule"] == [
            {"round": 1, "starts_at": "2026-10-03T09:00:00+00:00"},
            {"round": 2, "starts_at": "2026-10-03T12:00:00+00:00"},
        ]
        assert data["accommodations_by"] == "2026-09-28"
        assert data["side_events"] == [side.slug]
        assert "side_event_of" not in data
        side_data = as_file(export_event(side, public=public))
        assert side_data["side_event_of"] == main.slug
        assert "side_events" not in side_data


def test_export_import_export_is_identical_for_main_and_side(main, side):
    for event, slug in ((main, "main-copy"), (side, "side-copy")):
        first = as_file(export_event(event))
        copy = import_event(parse_event(first), slug=slug)
        assert without_slug(export_event(copy)) == without_slug(first)
    side_copy = copy
    assert side_copy.side_event_of == main  # the main event is here: linked again
    assert side_copy.schedule == side.schedule


def test_a_side_event_whose_main_is_elsewhere_keeps_the_link_as_written(main, side):
    data = as_file(export_event(side))
    data["side_event_of"] = "somewhere-else"
    copy = import_event(parse_event(data), slug="stray")
    assert copy.side_event_of is None
    assert as_file(export_event(copy))["side_event_of"] == "somewhere-else"


def test_an_import_is_refused_over_a_main_round_or_with_a_bad_schedule(main, side):
    data = as_file(export_event(side))
    data["schedule"] = [{"round": 1, "starts_at": "2026-10-03T10:00:00+00:00"}]
    with pytest.raises(EventImportError, match="overlaps round 1 of Winter Clash"):
        import_event(parse_event(data), slug="clash")
    data["schedule"] = [{"round": 1, "starts_at": "ten o'clock"}]
    with pytest.raises(EventImportError, match="ISO 8601"):
        import_event(parse_event(data), slug="clash")
    data["schedule"] = [{"round": 1, "starts_at": "2026-10-03T18:00:00+00:00"}]
    data["side_events"] = "all"
    with pytest.raises(EventImportError, match="side_events must be a list"):
        import_event(parse_event(data), slug="clash")
