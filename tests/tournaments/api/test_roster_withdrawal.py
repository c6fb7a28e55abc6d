"""Withdrawing a second roster before the deadline: back to a single list, audited."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from rosters.models import Roster
from tests.builders.documents import raynor
from tests.builders.rows import add_round
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def _two_rosters(api, world) -> None:
    for slot in (1, 2):
        body = {"slot": slot, "content": raynor()}
        assert api("bob").post(f"{world.api_url()}rosters/", body, format="json").status_code == 201


def test_a_player_withdraws_roster_two_and_roster_one_is_judged_alone(api, world):
    _two_rosters(api, world)
    first = Roster.objects.get(player=world.bob, slot=1)
    first.report = {"stale": True}
    first.save(update_fields=["report"])
    response = api("bob").delete(f"{world.api_url()}rosters/2/")
    assert response.status_code == 204
    assert list(Roster.objects.filter(player=world.bob).values_list("slot", flat=True)) == [1]
    # Roster 1's verdict is judged again, on its own.
    first.refresh_from_db()
    assert (first.legal, first.report["legal"], first.report["dual_list"]) == (True, True, [])
    entry = AuditEntry.objects.get(action="roster-withdrawn")
    assert entry.actor is not None
    assert (entry.actor.username, entry.subject) == ("bob", "Bob roster 2")


def test_withdrawal_is_refused_after_the_deadline_and_nothing_changes(api, world):
    _two_rosters(api, world)
    world.event.roster_deadline = timezone.now() - dt.timedelta(minutes=1)
    world.event.save(update_fields=["roster_deadline"])
    response = api("bob").delete(f"{world.api_url()}rosters/2/")
    assert (response.status_code, response.json()["code"]) == (400, "deadline-passed")
    assert Roster.objects.filter(player=world.bob).count() == 2
    assert not AuditEntry.objects.filter(action__startswith="roster-withdrawn").exists()
    # A judge can still do it for the player before play begins.
    staff = api("judy").delete(f"{world.api_url()}rosters/2/?player={world.bob.external_id}")
    assert staff.status_code == 204
    assert AuditEntry.objects.filter(action="roster-withdrawn-by-staff").count() == 1


def test_only_roster_two_goes_and_only_if_there_is_one(api, world):
    response = api("bob").delete(f"{world.api_url()}rosters/2/")
    assert (response.status_code, response.json()["code"]) == (400, "no-roster")
    _two_rosters(api, world)
    response = api("bob").delete(f"{world.api_url()}rosters/1/")
    assert (response.status_code, response.json()["field"]) == (400, "slot")
    assert Roster.objects.filter(player=world.bob).count() == 2


def test_once_play_has_begun_rosters_are_fixed(api, world):
    _two_rosters(api, world)
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], "published")
    for role, query in (("bob", ""), ("alice", f"?player={world.bob.external_id}")):
        response = api(role).delete(f"{world.api_url()}rosters/2/{query}")
        assert (response.status_code, response.json()["code"]) == (400, "play-begun")
    assert Roster.objects.filter(player=world.bob).count() == 2


def test_nobody_withdraws_someone_elses_roster(api, world):
    _two_rosters(api, world)
    assert (
        api("carol").delete(f"{world.api_url()}rosters/2/?player={world.bob.external_id}").status_code == 404
    )
    assert api("mallory").delete(f"{world.api_url()}rosters/2/").status_code == 404
    assert api("anonymous").delete(f"{world.api_url()}rosters/2/").status_code == 401
    assert Roster.objects.filter(player=world.bob).count() == 2
