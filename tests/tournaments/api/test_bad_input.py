"""Inputs a fuzzer (schemathesis against /api/schema/) turned into server errors.

Each case once answered 500; the rule is a clear 400 in the one error shape, and nothing
half-saved.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rosters.models import Roster
from tests.builders.documents import raynor
from tournaments.errors import ServiceError
from tournaments.models import Event, Player
from tournaments.services.rosters import read_roster

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("code", ["Ænon-ascii", "é", "\u00a0", "日本語のコード"])
def test_a_join_code_with_non_ascii_letters_is_a_wrong_code_not_a_crash(api, world, code):
    before = Player.objects.filter(event=world.event).count()
    response = api("mallory").post(f"{world.api_url()}players/", {"join_code": code}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "code": "bad-join-code",
        "message": "This registration link is not valid for the event.",
        "field": "join_code",
    }
    assert Player.objects.filter(event=world.event).count() == before


def _raw_json(client, url: str, body: dict[str, Any]):
    # json.dumps escapes a lone surrogate as `\ud800`; the test client's own encoder cannot send it.
    return client.post(url, json.dumps(body), content_type="application/json")


@pytest.mark.parametrize(("bad", "char"), [("Bob\u0000", "U+0000"), ("Bob\ud800", "U+D800")])
@pytest.mark.parametrize("endpoint", ["rosters/", "rosters/check/"])
def test_a_roster_document_with_a_nul_or_lone_surrogate_is_refused(api, world, bad, char, endpoint):
    # Before: a NUL reached the jsonb column (PostgreSQL refuses it) and a lone surrogate
    # could not be encoded into the response; both were 500s.
    body = {"slot": 1, "content": raynor(bad)}
    response = _raw_json(api("bob"), f"{world.api_url()}{endpoint}", body)
    assert response.status_code == 400
    data = response.json()
    assert data["code"] == "invalid"
    assert data["field"] == "content.player"
    assert char in data["message"]
    assert not Roster.objects.filter(player=world.bob).exists()


def test_a_lone_surrogate_in_a_json_key_is_refused(api, world):
    response = _raw_json(api("alice"), f"{world.api_url()}players/", {"name": "Zed", "\udc00": 1})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert not Player.objects.filter(event=world.event, name="Zed").exists()


def test_a_roster_sent_as_json_text_with_an_escaped_nul_is_unreadable(api, world):
    # The JSON parser sees a string; the NUL only appears once the roster text is decoded.
    text = json.dumps(raynor("Bob\u0000"))
    assert "\u0000" not in text
    response = api("bob").post(f"{world.api_url()}rosters/", {"slot": 1, "content": text}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "code": "unreadable",
        "message": "Text may not contain the character U+0000 (a NUL or an unpaired surrogate).",
        "field": "content",
    }
    assert not Roster.objects.filter(player=world.bob).exists()


def test_a_text_roster_with_a_nul_is_unreadable_for_every_caller_of_the_service():
    # The web forms post plain text straight to the service, past the API's JSON parser.
    with pytest.raises(ServiceError) as refused:
        read_roster(Event(), "Player: Bob\u0000\nFaction: Terran\nScale: Standard\n")
    assert refused.value.as_dict() == {
        "code": "unreadable",
        "message": "Text may not contain the character U+0000 (a NUL or an unpaired surrogate).",
        "field": "content",
    }


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(
    ("endpoint", "body"),
    [
        ("events", '{"name": "Deep Cup", "extra": ' + _deep(2_000) + "}"),
        ("rosters", '{"slot": 1, "content": ' + _deep(2_000) + "}"),
        ("players", '{"name": "Zed", "x": ' + '{"a":' * 5_000 + "1" + "}" * 5_000 + "}"),
    ],
)
def test_json_nested_thousands_deep_is_a_400_on_any_write(api, world, endpoint, body):
    url = "/api/events/" if endpoint == "events" else f"{world.api_url()}{endpoint}/"
    before = (Event.objects.count(), Player.objects.count(), Roster.objects.count())
    response = api("alice" if endpoint != "rosters" else "bob").post(
        url, body, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "parse-error"
    assert "nested deeper than" in response.json()["message"]
    assert (Event.objects.count(), Player.objects.count(), Roster.objects.count()) == before


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_roster_with_a_number_json_does_not_allow_is_refused(api, world, number):
    """Once stored as an IntegrityError on SQLite and a DataError on PostgreSQL (500s)."""
    document = json.dumps(raynor()).replace('"points_limit": 2000', f'"points_limit": {number}', 1)
    if '"points_limit"' not in document:
        document = document[:-1] + f', "note": {number}}}'
    as_body = api("bob").post(
        f"{world.api_url()}rosters/",
        '{"slot": 1, "content": ' + document + "}",
        content_type="application/json",
    )
    assert as_body.status_code == 400
    assert as_body.json()["code"] == "parse-error"
    as_text = api("bob").post(f"{world.api_url()}rosters/", {"slot": 1, "content": document}, format="json")
    assert as_text.status_code == 400
    assert as_text.json()["code"] == "unreadable"
    assert not Roster.objects.filter(player=world.bob).exists()
