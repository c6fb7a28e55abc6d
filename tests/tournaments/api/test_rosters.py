"""Roster submission, live checks, the publication policy and the TO's roster board."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from rosters.models import Roster
from tests.builders.documents import illegal_roster, raynor
from tests.builders.worlds import build_world
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def submit(api, world, role, body):
    return api(role).post(f"{world.api_url()}rosters/", body, format="json")


def test_a_legal_roster_is_stored_with_its_verdict(api, world):
    response = submit(api, world, "bob", {"slot": 1, "content": raynor()})
    assert response.status_code == 201
    body = response.json()
    assert body["legal"] is True
    assert body["player"]["external_id"] == world.bob.external_id
    assert body["report"]["roster"]["totals"]["minerals"] <= 2000
    assert body["document"]["faction_card"] == "Raynor's Raiders"


def test_an_illegal_roster_is_stored_with_the_reasons(api, world):
    body = submit(api, world, "bob", {"content": illegal_roster()}).json()
    assert body["legal"] is False
    codes = {v["code"] for v in body["report"]["roster"]["violations"]}
    assert {"unknown-unit", "missions-count"} <= codes
    board = api("alice").get(f"{world.api_url()}roster-board/").json()["results"]
    bob = next(row for row in board if row["player"]["external_id"] == world.bob.external_id)
    assert bob["submitted"] is True
    assert bob["ready"] is False
    messages = [v["message"] for v in bob["rosters"][0]["violations"]]
    assert any("Death Star" in m for m in messages)


def test_an_unreadable_roster_is_refused_and_nothing_saved(api, world):
    response = submit(api, world, "bob", {"content": "{not json"})
    assert response.status_code == 400
    assert response.json()["code"] == "unreadable"
    assert response.json()["field"] == "content"
    wrong_format = submit(api, world, "bob", {"content": {"format": "roster/9"}})
    assert wrong_format.json()["code"] == "unreadable"
    assert not Roster.objects.exists()


def test_after_the_deadline_players_are_refused_and_judges_may_change_rosters(api, world, judy):
    world.event.roster_deadline = timezone.now() - dt.timedelta(hours=1)
    world.event.save(update_fields=["roster_deadline"])
    refused = submit(api, world, "bob", {"content": raynor()})
    assert refused.status_code == 400
    assert refused.json()["code"] == "deadline-passed"
    body = {"content": raynor(), "player": world.bob.external_id}
    assert submit(api, world, "judy", body).status_code == 201
    assert AuditEntry.objects.get(event=world.event, action="roster-changed-by-staff").actor == judy
    # Naming yourself does not make a player staff.
    assert submit(api, world, "bob", body).json()["code"] == "deadline-passed"


def test_staff_without_an_entry_must_say_whose_roster_it_is(api, world):
    response = submit(api, world, "alice", {"content": raynor()})
    assert response.status_code == 400
    assert response.json()["field"] == "player"


def test_second_roster_only_under_dual_list(api, users):
    single = build_world(users, name="Winter Clash", rosters=False, list_format="single")
    response = submit(api, single, "bob", {"slot": 2, "content": raynor()})
    assert response.status_code == 400
    assert response.json()["field"] == "slot"
    dual = build_world(users, name="Winter Clash", rosters=False)
    assert submit(api, dual, "bob", {"slot": 2, "content": raynor()}).status_code == 201


def test_live_check_validates_without_saving(api, world):
    response = api("bob").post(
        f"{world.api_url()}rosters/check/", {"content": illegal_roster()}, format="json"
    )
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False
    assert "unknown-unit" in {v["code"] for v in body["rosters"][0]["violations"]}
    assert (
        api("carol")
        .post(f"{world.api_url()}rosters/check/", {"content": raynor()}, format="json")
        .json()["legal"]
    )
    assert not Roster.objects.exists()


def visible(api, world, role):
    return sorted(
        r["player"]["external_id"] for r in api(role).get(f"{world.api_url()}rosters/").json()["results"]
    )


def test_rosters_are_seen_per_the_publication_policy(api, world):
    b, c, d = world.bob.external_id, world.carol.external_id, world.dan.external_id
    submit(api, world, "bob", {"content": raynor()})
    submit(api, world, "carol", {"content": raynor("Carol")})
    submit(api, world, "alice", {"content": raynor("Dan"), "player": d})
    # Before the deadline (policy: hidden until then) each player sees only their own.
    assert visible(api, world, "bob") == [b]
    assert visible(api, world, "mallory") == []
    assert visible(api, world, "anonymous") == []
    assert visible(api, world, "judy") == sorted([b, c, d])
    # Paired in a published round, where rosters are shown only to each opponent: opponents
    # see each other's roster, not the verdict.
    from tests.builders.rows import add_round

    world.event.roster_publication = "opponent-only"
    world.event.save(update_fields=["roster_publication"])
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], "published")
    assert visible(api, world, "bob") == [b, c]
    rows = {
        r["player"]["external_id"]: r for r in api("bob").get(f"{world.api_url()}rosters/").json()["results"]
    }
    assert "report" in rows[b]
    assert "report" not in rows[c]
    # Hidden until the roster deadline: round 1 paired locks them, and everyone sees every one.
    world.event.roster_publication = "after-deadline"
    world.event.save(update_fields=["roster_publication"])
    assert visible(api, world, "anonymous") == sorted([b, c, d])


def test_roster_board_lists_every_player_submitted_or_not(api, world):
    submit(api, world, "bob", {"content": raynor()})
    board = api("hank").get(f"{world.api_url()}roster-board/").json()["results"]
    assert [(row["player"]["name"], row["submitted"], row["ready"]) for row in board] == [
        ("Bob", True, True),
        ("Carol", False, False),
        ("Dan", False, False),
        ("Erin", False, False),
    ]


def test_a_roster_typed_as_text_is_read(api, world):
    from rules_engine.systems.starcraft_tmg.roster_json import roster_from_document
    from rules_engine.systems.starcraft_tmg.roster_text import write_roster_text

    text = write_roster_text(roster_from_document(raynor()))
    response = submit(api, world, "bob", {"content": text})
    assert response.status_code == 201, response.json()
    assert response.json()["legal"] is True
    assert response.json()["document"]["faction_card"] == "Raynor's Raiders"
    garbled = submit(api, world, "carol", {"content": "Player: Carol\nthis is not a roster"})
    assert garbled.status_code == 400
    assert garbled.json()["code"] == "unreadable"
