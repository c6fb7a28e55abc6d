"""Each game system's round: its default length and the clock's calls.

The length a new event starts with, and what the clock announces, come from the system's
plug-in (`GameSystem.clock`): StarCraft's 150 minutes and "do not begin a new Battle Round"
belong to StarCraft, the others state their own (their DECISIONS.md).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from rest_framework.test import APIClient

from judging.models import RoundClock
from judging.selectors import clock_snapshot
from judging.services import clock_start
from rules_engine.registry import get_system
from tests.builders.pregame_systems import SYSTEMS, system_event
from tests.builders.rows import add_round
from tests.builders.worlds import T0
from tournaments.models import Event, RoundStatus
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db

# Each system's documented default (OP Guide: Round Length; DZ-D14, MOR-D06, WS-D08).
ROUND_MINUTES = {"starcraft-tmg": 150, "dropzone-commander": 150, "morsdei": 60, "warpspawn-starcraft": 30}


@pytest.mark.parametrize("slug", SYSTEMS)
def test_a_new_event_takes_its_systems_round_length(slug):
    assert get_system(slug).round_minutes == ROUND_MINUTES[slug]
    event = system_event(slug)  # saved without a round length
    assert Event.objects.get(pk=event.pk).round_minutes == ROUND_MINUTES[slug]


@pytest.mark.parametrize("slug", SYSTEMS)
def test_an_events_own_round_length_is_kept(slug):
    event = system_event(slug, round_minutes=95)
    assert Event.objects.get(pk=event.pk).round_minutes == 95


def test_the_service_web_form_and_api_default_to_the_systems_length(users, client):
    alice = users["alice"]
    made = event_create(creator=alice, name="Service Open", kind="community", scale="skirmish")
    assert made.round_minutes == get_system("starcraft-tmg").round_minutes
    client.force_login(alice)
    # The form leaves it empty (the system's length) and says the chosen system's length.
    form = client.get("/events/new/").context["form"]
    assert form["round_minutes"].value() is None
    assert "150 minutes" in form.fields["round_minutes"].help_text
    morsdei = client.get("/events/new/system-fields/", {"game_system": "morsdei"}).context["form"]
    assert "60 minutes" in morsdei.fields["round_minutes"].help_text
    api = APIClient()
    api.force_authenticate(alice)
    body = api.post("/api/events/", {"name": "Api Open", "kind": "community"}, format="json")
    assert body.status_code == 201
    assert body.json()["round_minutes"] == 150


def _snapshot_at(event: Event, minutes: float) -> dict[str, Any]:
    round_ = event.rounds.get(number=1)
    return clock_snapshot(event, round_, T0 + dt.timedelta(minutes=minutes))


def _started(slug: str, users) -> Event:
    event = system_event(slug, to=users["alice"], players=2)
    round_ = add_round(event, 1, [("p1", "p2")], RoundStatus.PUBLISHED, running=True)
    clock_start(round_=round_, by=users["alice"], at=T0)
    return event


@pytest.mark.parametrize(
    ("slug", "calls", "closing"),
    [
        (
            "starcraft-tmg",
            [
                "Round begins, draft now",
                "Drafts should be complete",
                "45 minutes gone",
                "Halfway",
                "30 minutes remaining",
                "15 minutes, do not begin a new Battle Round",
                "5 minutes",
            ],
            {"seconds": 900, "text": "Last 15 minutes: do not begin a new Battle Round"},
        ),
        (
            "dropzone-commander",
            ["Round begins", "Halfway", "30 minutes remaining", "15 minutes remaining", "5 minutes"],
            None,
        ),
        ("morsdei", ["Round begins", "Halfway", "15 minutes remaining", "5 minutes"], None),
        ("warpspawn-starcraft", ["Round begins", "Halfway", "5 minutes"], None),
    ],
)
def test_the_clock_makes_each_systems_calls(slug, calls, closing, users):
    event = _started(slug, users)
    length = ROUND_MINUTES[slug]
    assert RoundClock.objects.get(round__event=event).length_minutes == length
    made = []
    for minute in range(0, length + 1):
        call = _snapshot_at(event, minute)["current_call"]
        if call is not None and call["call"] not in made:
            made.append(call["call"])
    assert made == [*calls, "Time: dice down"]
    near_the_end = _snapshot_at(event, length - 1)
    assert near_the_end["closing"] == closing
    # Only a system with a closing period enters it; the others run until time is called.
    assert near_the_end["state"] == ("last-fifteen" if closing else "running")


def test_the_clock_pages_show_the_systems_closing_words(users, client):
    event = _started("starcraft-tmg", users)
    from django.utils import timezone

    late = T0 + dt.timedelta(minutes=140)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(timezone, "now", lambda: late)
        page = client.get(f"/e/{event.slug}/clock/")
    assert page.status_code == 200
    assert b"Last 15 minutes: do not begin a new Battle Round" in page.content
    other = _started("morsdei", users)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(timezone, "now", lambda: T0 + dt.timedelta(minutes=55))
        page = client.get(f"/e/{other.slug}/clock/")
    assert page.status_code == 200
    assert b"Battle Round" not in page.content
    assert b"Running" in page.content
