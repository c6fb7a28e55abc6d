"""The API's pairings and standings name each player's faction once rosters are public
(OP Guide: Submission and Publication), and nothing before; the schema documents it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from tests.builders.documents import raynor, terran_document
from tests.builders.rows import add_roster, add_round, make_event, player_of
from tournaments.models import RosterPublication, RoundStatus

pytestmark = pytest.mark.django_db

EVENT = "/api/events/spring-skirmish"


def _event(*, public: bool) -> None:
    event = make_event(
        players=["Ada", "Bob", "Cy"],
        # Published on a set date: round 1 locks the rosters, the date makes them public.
        roster_publication=RosterPublication.ON_DATE,
        rosters_published_at=timezone.now() + dt.timedelta(days=-1 if public else 3),
    )
    add_roster(player_of(event, "p1"), 1, raynor("Ada"))
    add_roster(player_of(event, "p1"), 2, raynor("Ada", missions=["Frontlines", "Artefact Hunt"]))
    add_roster(player_of(event, "p2"), 1, terran_document("Bob"))
    add_round(event, 1, [("p1", "p2"), ("p3", None)], status=RoundStatus.CLOSED, results=[(9, 4)])


def test_pairings_and_standings_name_factions_once_rosters_are_public(api):
    _event(public=True)
    games = api("anonymous").get(f"{EVENT}/rounds/1/").json()["games"]
    by_first = {g["player_one"]["external_id"]: g["factions"] for g in games}
    assert by_first == {"p1": ["Raynor's Raiders", "Terran Armed Forces"], "p3": ["", None]}
    rows = {
        r["player"]: r["faction"] for r in api("anonymous").get(f"{EVENT}/standings/").json()["standings"]
    }
    assert rows == {"p1": "Raynor's Raiders", "p2": "Terran Armed Forces", "p3": ""}


def test_no_faction_before_rosters_are_public(api):
    _event(public=False)
    games = api("anonymous").get(f"{EVENT}/rounds/1/").json()["games"]
    assert [g["factions"] for g in games] == [None, None]
    rows = api("anonymous").get(f"{EVENT}/standings/").json()["standings"]
    assert {r["faction"] for r in rows} == {None}


def test_the_schema_documents_the_faction_fields(api):
    schema = api("anonymous").get("/api/schema/?format=json").json()["components"]["schemas"]
    assert "faction" in schema["StandingRow"]["properties"]
    assert "factions" in schema["PairedGame"]["properties"]
    assert "public" in schema["StandingRow"]["properties"]["faction"]["description"]
