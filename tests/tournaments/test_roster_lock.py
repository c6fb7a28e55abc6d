"""When rosters lock: at the roster deadline, and in any case once round 1 is paired.

An event created on its first day has no deadline of its own, and a TO may set one later
than the first pairing; either way the armies played must not change once play begins
(OP Guide: Army Rosters). One rule answers "locked?" and "public?" everywhere: the
services, the player page and its live check, the rosters page, the API and the scenario
choice (DZC:328).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from rosters.models import Roster
from tests.builders.documents import terran_text
from tests.builders.pregame_systems import system_event
from tests.builders.rows import add_player, add_staff, make_event
from tests.builders.rows import add_round as add_round_
from tournaments.errors import ServiceError
from tournaments.models import AuditEntry, Event, ListFormat, RosterPublication, RoundStatus, StaffRoleKind
from tournaments.selectors import rosters_public
from tournaments.services.events import event_create
from tournaments.services.rosters import roster_submit, roster_withdraw
from tournaments.services.scenarios import round_set_scenario

pytestmark = pytest.mark.django_db

NOON = dt.datetime(2030, 6, 1, 12, 0, tzinfo=dt.UTC)
LATER = timezone.now() + dt.timedelta(days=3)


def test_the_rule_deadline_or_round_one_whichever_comes_first():
    from tournaments.event_format import roster_lock

    assert roster_lock(deadline=None, now=NOON, round_one_paired=False) is None
    assert roster_lock(deadline=NOON, now=NOON - dt.timedelta(seconds=1), round_one_paired=False) is None
    assert roster_lock(deadline=NOON, now=NOON, round_one_paired=False) == "deadline-passed"
    assert roster_lock(deadline=None, now=NOON, round_one_paired=True) == "play-begun"
    assert roster_lock(deadline=NOON + dt.timedelta(days=1), now=NOON, round_one_paired=True) == "play-begun"
    assert roster_lock(deadline=NOON, now=NOON, round_one_paired=True) == "deadline-passed"


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _paired(event: Event) -> None:
    """Round 1 paired (not yet published): the moment rosters lock at the latest."""
    bob, carol = event.players.order_by("id")[:2]
    add_round_(event, 1, [(bob, carol)], RoundStatus.PAIRED)


@pytest.fixture(params=[None, LATER], ids=["no-deadline", "deadline-after-round-one"])
def event(request, alice, bob, carol, judy) -> Event:
    event = make_event(to=alice, roster_deadline=request.param, list_format=ListFormat.DUAL)
    add_staff(event, judy, StaffRoleKind.FLOOR_JUDGE)
    add_player(event, bob, "Bob")
    add_player(event, carol, "Carol")
    return event


def test_an_event_created_on_its_first_day_says_when_rosters_lock(alice, client):
    event = event_create(
        creator=alice,
        name="Same Day Open",
        starts_on=timezone.localdate(),
        kind="community",
        scale="skirmish",
    )
    assert event.roster_deadline is None  # midnight before the first day has passed
    page = client.get(f"/e/{event.slug}/").content.decode()
    assert "Not set" not in page
    assert "When round 1 is paired" in page


def test_players_change_rosters_until_round_one_is_paired_then_only_staff(event, bob, judy):
    bob_player = event.players.get(name="Bob")
    roster_submit(player=bob_player, slot=1, content=terran_text(), by=bob)
    roster_submit(player=bob_player, slot=2, content=terran_text(), by=bob)
    _paired(event)
    with pytest.raises(ServiceError) as refused:
        roster_submit(player=bob_player, slot=1, content=terran_text(), by=bob)
    assert refused.value.code == "play-begun"
    with pytest.raises(ServiceError) as withdrawn:
        roster_withdraw(player=bob_player, slot=2, by=bob)
    assert withdrawn.value.code == "play-begun"
    # Judges and the TO still correct a roster after the lock.
    roster_submit(player=bob_player, slot=1, content=terran_text(), by=judy, as_staff=True)
    assert Roster.objects.filter(player=bob_player).count() == 2


def test_the_player_page_and_live_check_say_rosters_are_locked(event, bob):
    _paired(event)
    client = _client(bob)
    page = client.get(f"/e/{event.slug}/me/").content.decode()
    assert "Rosters are locked" in page
    assert "Resubmit as often as you like" not in page
    check = client.post(f"/e/{event.slug}/rosters/check/", {"r1-content": terran_text(), "slot": "1"})
    assert "Submission is closed" in check.content.decode()
    saved = client.post(f"/e/{event.slug}/me/rosters/1/", {"r1-content": terran_text()})
    assert "a judge can make changes for you" in saved.content.decode()
    assert not Roster.objects.exists()


def test_rosters_hidden_until_the_deadline_are_published_once_round_one_is_paired(event, carol, alice):
    assert event.roster_publication == RosterPublication.AFTER_DEADLINE
    roster_submit(
        player=event.players.get(name="Bob"), slot=1, content=terran_text(), by=alice, as_staff=True
    )
    assert not rosters_public(event)
    _paired(event)
    assert rosters_public(event)
    # Anyone reads them now, on the page and in the API.
    assert "Bob" in Client().get(f"/e/{event.slug}/rosters/").content.decode()
    listed = APIClient().get(f"/api/events/{event.slug}/rosters/").json()["results"]
    assert [r["player"]["name"] for r in listed] == ["Bob"]


def test_the_api_refuses_a_player_and_says_rosters_are_locked(event, bob):
    api = APIClient()
    api.force_authenticate(bob)
    url = f"/api/events/{event.slug}/"
    assert api.get(url).json()["rosters_locked"] is False
    _paired(event)
    assert api.get(url).json()["rosters_locked"] is True
    refused = api.post(f"{url}rosters/", {"slot": 1, "content": terran_text()}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (400, "play-begun")


def test_a_dropzone_scenario_is_set_once_round_one_is_paired_without_a_deadline(alice, bob, carol):
    event = system_event("dropzone-commander", to=alice, roster_deadline=None)
    add_player(event, bob, "Bob")
    add_player(event, carol, "Carol")
    _paired(event)
    round_set_scenario(round_=event.rounds.get(number=1), scenario="Crucible", by=alice)
    assert event.rounds.get(number=1).scenario == "Crucible"


def test_a_deadline_left_empty_in_the_settings_is_the_default_too(alice):
    """The form's help ("leave empty for midnight one week before the start") holds when the
    start date arrives later, or the deadline is emptied, not only when the event is created."""
    from tournaments.services.events import event_update

    event = event_create(creator=alice, name="Undated Open", kind="community", scale="skirmish")
    assert event.roster_deadline is None
    starts = timezone.localdate() + dt.timedelta(days=30)
    week_before = dt.datetime.combine(
        starts - dt.timedelta(days=7), dt.time(0, 0), tzinfo=timezone.get_current_timezone()
    )
    event = event_update(event=event, actor=alice, starts_on=starts)
    assert event.roster_deadline == week_before
    chosen = week_before + dt.timedelta(days=2)
    assert event_update(event=event, actor=alice, roster_deadline=chosen).roster_deadline == chosen
    assert event_update(event=event, actor=alice, roster_deadline=None).roster_deadline == week_before
    entry = AuditEntry.objects.filter(event=event, action="event-updated").order_by("id").first()
    assert entry is not None
    assert set(entry.data) == {"starts_on", "roster_deadline"}
