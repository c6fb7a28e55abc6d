"""Dropzone Commander's scenario, chosen by the TO per round once rosters lock (DZC:328).

Through the service, the TO's round page and the API; shown to both players with their
pairing, on the public pairings and in the API; carried by the event/1 export. The other
systems: MORSDEI shows its one scenario, StarCraft and Warpspawn have none to choose.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from interchange.event_export import export_event
from interchange.event_import import import_event
from standings.eventfile import parse_event
from tests.builders.pregame_systems import system_event
from tests.builders.rows import add_player, add_round
from tournaments.errors import ServiceError
from tournaments.models import AuditEntry, Event, Round, RoundStatus
from tournaments.services.scenarios import round_set_scenario

pytestmark = pytest.mark.django_db

LATER = timezone.now() + dt.timedelta(days=3)
EARLIER = timezone.now() - dt.timedelta(days=3)


def _event(users: dict[str, Any], slug: str = "dropzone-commander", *, deadline: dt.datetime) -> Event:
    event = system_event(slug, to=users["alice"], roster_deadline=deadline)
    add_player(event, users["bob"], "Bob")
    add_player(event, users["carol"], "Carol")
    bob, carol = event.players.order_by("id")
    add_round(event, 1, [(bob, carol)], RoundStatus.PUBLISHED, running=True)
    return event


def _round(event: Event) -> Round:
    return event.rounds.get(number=1)


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize("deadline", [LATER, None], ids=["deadline-later", "no-deadline"])
def test_set_once_round_one_is_paired_whatever_the_deadline_and_audited(users, deadline):
    # Rosters lock at the deadline or once round 1 is paired (selectors.roster_lock): a
    # round to set a scenario for means the armies are already fixed.
    event = _event(users, deadline=deadline)
    round_set_scenario(round_=_round(event), scenario="crucible", by=users["alice"])
    assert _round(event).scenario == "Crucible"  # as the book spells it
    round_set_scenario(round_=_round(event), scenario="Kill Box", by=users["alice"])
    entries = AuditEntry.objects.filter(event=event, action="round-scenario-set").order_by("id")
    assert [e.data for e in entries] == [
        {"scenario": "Crucible"},
        {"scenario": "Kill Box", "before": "Crucible"},
    ]


def test_unknown_names_and_closed_rounds_are_refused(users):
    event = _event(users, deadline=EARLIER)
    with pytest.raises(ServiceError) as refused:
        round_set_scenario(round_=_round(event), scenario="Capture the Flag", by=users["alice"])
    assert refused.value.code == "unknown-scenario"
    round_set_scenario(round_=_round(event), scenario="Encroach", by=users["alice"])
    Round.objects.filter(pk=_round(event).pk).update(status=RoundStatus.CLOSED)
    with pytest.raises(ServiceError) as closed:
        round_set_scenario(round_=_round(event), scenario="Crucible", by=users["alice"])
    assert closed.value.code == "round-closed"
    assert _round(event).scenario == "Encroach"


@pytest.mark.parametrize("slug", ["starcraft-tmg", "morsdei", "warpspawn-starcraft"])
def test_the_other_systems_have_no_scenario_to_choose(users, slug):
    event = _event(users, slug, deadline=EARLIER)
    with pytest.raises(ServiceError) as refused:
        round_set_scenario(round_=_round(event), scenario="Crucible", by=users["alice"])
    assert refused.value.code == "no-scenario-choice"


def test_the_api_sets_it_once_round_one_is_paired(users):
    event = _event(users, deadline=LATER)
    url = f"/api/events/{event.slug}/rounds/1/scenario/"
    assert _api(users["bob"]).put(url, {"scenario": "Crucible"}, format="json").status_code == 404
    done = _api(users["alice"]).put(url, {"scenario": "Crucible"}, format="json")
    assert done.status_code == 200
    assert done.json()["scenario"] == "Crucible"
    unknown = _api(users["alice"]).put(url, {"scenario": "Tag"}, format="json")
    assert (unknown.status_code, unknown.json()["code"]) == (400, "unknown-scenario")
    # Both players read it with their round, and in the list of rounds.
    for player in ("bob", "carol"):
        body = _api(users[player]).get(f"/api/events/{event.slug}/rounds/1/").json()
        assert body["scenario"] == "Crucible"
    listed = _api(users["bob"]).get(f"/api/events/{event.slug}/rounds/").json()["results"]
    assert [r["scenario"] for r in listed] == ["Crucible"]


def test_the_to_sets_it_on_the_round_page_and_both_players_see_it(users):
    event = _event(users, deadline=LATER)
    to = _client(users["alice"])
    page = to.get(f"/e/{event.slug}/manage/rounds/1/")
    assert b"No scenario chosen yet" in page.content
    assert b"Targets of Opportunity" in page.content  # the list to choose from
    bob_page = _client(users["bob"]).get(f"/e/{event.slug}/me/")
    assert b"The TO has not announced this round's scenario yet" in bob_page.content
    # The deadline is days away, but round 1 is paired: rosters are locked.
    done = to.post(f"/e/{event.slug}/manage/rounds/1/scenario/", {"scenario": "Crucible"})
    assert done.status_code == 302
    assert (
        b"This round plays <strong>Crucible</strong>" in to.get(f"/e/{event.slug}/manage/rounds/1/").content
    )
    for player in ("bob", "carol"):
        me = _client(users[player]).get(f"/e/{event.slug}/me/")
        assert b"Scenario: <strong>Crucible</strong>" in me.content
        assert b"Pre-game draft" not in me.content  # Dropzone has no draft
    public = Client().get(f"/e/{event.slug}/pairings/")
    assert b"Scenario: <strong>Crucible</strong>" in public.content


def test_morsdei_shows_its_one_scenario_and_starcraft_its_draft(users):
    morsdei = _event(users, "morsdei", deadline=LATER)
    me = _client(users["bob"]).get(f"/e/{morsdei.slug}/me/")
    assert b"Scenario: <strong>Three Loot Points</strong>" in me.content
    assert b"Three Loot Points" in Client().get(f"/e/{morsdei.slug}/pairings/").content
    body = _api(users["bob"]).get(f"/api/events/{morsdei.slug}/rounds/1/").json()
    assert body["scenario"] == "Three Loot Points"
    assert (
        b"<strong>Three Loot Points</strong> (every game)"
        in _client(users["alice"]).get(f"/e/{morsdei.slug}/manage/rounds/1/").content
    )
    starcraft = _event(users, "starcraft-tmg", deadline=LATER)
    page = _client(users["bob"]).get(f"/e/{starcraft.slug}/me/")
    assert b"Pre-game draft" in page.content
    assert b"Scenario" not in page.content
    # A system without a draft has no draft pages or endpoints, even for the game's players.
    game = _round(morsdei).games.get()
    assert _client(users["bob"]).get(f"/e/{morsdei.slug}/games/{game.pk}/draft/").status_code == 404
    assert _api(users["bob"]).get(f"/api/events/{morsdei.slug}/games/{game.pk}/draft/").status_code == 404
    assert _client(users["alice"]).get(f"/e/{morsdei.slug}/judge/drafts/").status_code == 404
    sc_game = _round(starcraft).games.get()
    assert _client(users["bob"]).get(f"/e/{starcraft.slug}/games/{sc_game.pk}/draft/").status_code == 200


def test_the_export_carries_the_scenario_and_the_import_keeps_it(users):
    event = _event(users, deadline=EARLIER)
    round_set_scenario(round_=_round(event), scenario="Domination", by=users["alice"])
    data = export_event(event)
    assert data["rounds"][0]["scenario"] == "Domination"
    copy = import_event(parse_event(data), slug="dropzone-copy")
    assert copy.rounds.get(number=1).scenario == "Domination"
    assert export_event(copy)["rounds"][0]["scenario"] == "Domination"
