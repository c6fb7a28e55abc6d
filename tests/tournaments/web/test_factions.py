"""Each player's faction beside their name on the pairings and standings, once rosters are
public (OP Guide: Submission and Publication) and never before."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from tests.builders.documents import raynor, terran_document
from tests.builders.rows import add_roster, add_round, make_event, player_of
from tournaments.models import RosterPublication, RoundStatus

pytestmark = pytest.mark.django_db

RAIDERS = "Raynor's Raiders"
TERRAN = "Terran Armed Forces"


def event_with_rosters(*, public: bool):
    """Ada (two rosters of one faction: a dual list) v Bob (one), round 1 played."""
    deadline = timezone.now() + dt.timedelta(days=-1 if public else 3)
    event = make_event(
        players=["Ada", "Bob", "Cy"],
        # Published on a set date: round 1 locks the rosters, the date makes them public.
        roster_publication=RosterPublication.ON_DATE,
        rosters_published_at=deadline,
    )
    ada, bob = player_of(event, "p1"), player_of(event, "p2")
    add_roster(ada, 1, raynor("Ada"))
    add_roster(ada, 2, raynor("Ada", missions=["Frontlines", "Artefact Hunt"]))
    add_roster(bob, 1, terran_document("Bob"))
    add_round(event, 1, [("p1", "p2"), ("p3", None)], status=RoundStatus.CLOSED, results=[(9, 4)])
    return event


def test_pairings_name_each_players_faction_once_rosters_are_public(client):
    event_with_rosters(public=True)
    page = client.get("/e/spring-skirmish/pairings/").content.decode()
    assert page.count("Raynor&#x27;s Raiders") == 2  # by table and in "find your table", once each
    assert page.count(TERRAN) == 2
    assert 'class="faction"' in page


def test_standings_name_each_players_faction_once_rosters_are_public(client):
    event_with_rosters(public=True)
    page = client.get("/e/spring-skirmish/standings/").content.decode()
    assert page.count("Raynor&#x27;s Raiders") == 1  # one dual list, one faction
    assert page.count(TERRAN) == 1


@pytest.mark.parametrize("url", ["/e/spring-skirmish/pairings/", "/e/spring-skirmish/standings/"])
def test_no_faction_shows_before_rosters_are_public(client, bob, url):
    event = event_with_rosters(public=False)
    bob_entry = player_of(event, "p2")
    bob_entry.user = bob
    bob_entry.save()
    for who in (None, bob):  # not even to the opponent, on the shared pages
        if who is not None:
            client.force_login(who)
        page = client.get(url).content.decode()
        assert "Raynor" not in page
        assert TERRAN not in page


def test_factions_appear_when_the_publication_date_arrives_without_a_write(client):
    event = event_with_rosters(public=False)
    first = client.get("/e/spring-skirmish/standings/")
    assert TERRAN not in first.content.decode()
    event.rosters_published_at = timezone.now() - dt.timedelta(minutes=1)
    event.save(update_fields=["rosters_published_at"])  # no version bump: time alone publishes them
    again = client.get("/e/spring-skirmish/standings/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert TERRAN in again.content.decode()
