"""A whole event through the API: pair, review, publish, report, close, and on to the end.

Scores by hand (Standard bands, OP Guide: Scoring a Game): a 9-VP margin is a Decisive
Victory (3 MP 4 TP / 0 MP 1 TP), 10+ an Annihilation (3 MP 5 TP / 0 / 0), 0-2 a
Stalemate (1 MP 2 TP each); a concession scores as an Annihilation for the opponent.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders.documents import raynor
from tests.builders.rows import version_of
from tournaments.models import AuditEntry, Event, Round

pytestmark = pytest.mark.django_db


def game_with(round_body: dict[str, Any], external_id: str) -> dict[str, Any]:
    for game in round_body["games"]:
        ids = [game["player_one"]["external_id"], (game["player_two"] or {}).get("external_id")]
        if external_id in ids:
            found: dict[str, Any] = game
            return found
    raise AssertionError(f"{external_id} is not paired")


def vp_in_order(game: dict[str, Any], scores: dict[str, int]) -> list[int]:
    """VP in the game's player order, from {player id: VP}."""
    return [scores[game["player_one"]["external_id"]], scores[game["player_two"]["external_id"]]]


def opponent(game: dict[str, Any], external_id: str) -> str:
    one: str = game["player_one"]["external_id"]
    two: str = game["player_two"]["external_id"]
    return two if one == external_id else one


def test_two_round_event_from_pairing_to_final_standings_and_export(api, world):
    to, bob, carol = api("alice"), api("bob"), api("carol")
    b, c, d, e = (p.external_id for p in (world.bob, world.carol, world.dan, world.erin))
    assert bob.post(f"{world.api_url()}rosters/", {"content": raynor()}, format="json").status_code == 201

    # Two rounds instead of three, announced before round one: recorded on the event.
    response = to.patch(world.api_url(), {"planned_rounds": 2}, format="json")
    assert response.status_code == 200
    assert response.json()["rounds_changed_at"] is not None

    # Round 1: only bob has a roster and nobody has checked in at this competitive event, so
    # the pre-round check stops the TO until they confirm.
    response = to.post(f"{world.api_url()}rounds/", {"seed": 11}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "not-ready"
    assert {(p["player"], p["code"]) for p in response.json()["problems"]} == {
        (c, "no-roster"),
        (d, "no-roster"),
        (e, "no-roster"),
    } | {(pid, "not-checked-in") for pid in (b, c, d, e)}
    assert not Round.objects.exists()
    # A draft only the staff see.
    response = to.post(f"{world.api_url()}rounds/", {"seed": 11, "confirm": True}, format="json")
    assert response.status_code == 201
    draft = response.json()
    assert draft["status"] == "paired"
    assert "pairing_report" in draft
    assert bob.get(f"{world.api_url()}rounds/1/").status_code == 404
    assert bob.get(f"{world.api_url()}rounds/").json()["results"] == []

    # The TO puts bob against carol by hand (swapping twice if the engine already did).
    swaps = (
        [[c, d], [d, c]] if opponent(game_with(draft, b), b) == c else [[c, opponent(game_with(draft, b), b)]]
    )
    for pair in swaps:
        response = to.post(f"{world.api_url()}rounds/1/swap-players/", {"players": pair}, format="json")
        assert response.status_code == 200
        draft = response.json()
    assert opponent(game_with(draft, b), b) == c
    table_before = game_with(draft, b)["table"]
    response = to.post(f"{world.api_url()}rounds/1/swap-tables/", {"tables": [1, 2]}, format="json")
    assert response.status_code == 200
    draft = response.json()
    assert game_with(draft, b)["table"] == 3 - table_before
    assert opponent(game_with(draft, b), b) == c

    response = to.post(f"{world.api_url()}rounds/1/publish/", {"confirm": True}, format="json")
    assert response.status_code == 200
    published = bob.get(f"{world.api_url()}rounds/1/").json()
    assert published["status"] == "published"
    assert "pairing_report" not in published
    assert (
        to.post(f"{world.api_url()}rounds/1/swap-tables/", {"tables": [1, 2]}, format="json").status_code
        == 400
    )

    # Bob wins 12-3; carol confirms. Dan and Erin draw 10-10, entered by the TO.
    game = game_with(published, b)
    report: dict[str, Any] = {"vp": vp_in_order(game, {b: 12, c: 3}), "details": {"battle_rounds": 5}}
    response = bob.post(f"{world.api_url()}games/{game['id']}/report/", report, format="json")
    assert response.status_code == 200
    assert response.json()["result_status"] == "awaiting"
    response = carol.post(f"{world.api_url()}games/{game['id']}/confirm/")
    assert response.status_code == 200
    assert response.json()["result_status"] == "confirmed"
    # Results are in, so round 1 can no longer be re-paired or undone.
    assert to.post(f"{world.api_url()}rounds/1/repair/", {}, format="json").json()["code"] == "has-results"
    assert to.delete(f"{world.api_url()}rounds/1/").json()["code"] == "has-results"

    other = game_with(published, d)
    result: dict[str, Any] = {
        "vp": vp_in_order(other, {d: 10, e: 10}),
        "details": {"battle_rounds": 4},
        "reason": "slip handed in",
    }
    result["version"] = version_of(other["id"])
    assert to.post(f"{world.api_url()}games/{other['id']}/result/", result, format="json").status_code == 200
    assert to.get(f"{world.api_url()}rounds/1/").json()["status"] == "closed"

    # Round 2: bob (3 MP) meets dan or erin (1 MP each), never carol again.
    assert (
        to.post(f"{world.api_url()}rounds/", {"seed": 3, "confirm": True}, format="json").status_code == 201
    )
    published = to.post(f"{world.api_url()}rounds/2/publish/", {"confirm": True}, format="json")
    assert published.status_code == 200
    second = bob.get(f"{world.api_url()}rounds/2/").json()
    x = opponent(game_with(second, b), b)
    y = opponent(game_with(second, c), c)
    assert {x, y} == {d, e}

    # bob annihilates x 15-5 (both report the same); y concedes to carol (entered by a judge).
    game = game_with(second, b)
    report = {"vp": vp_in_order(game, {b: 15, x: 5}), "details": {"battle_rounds": 5}}
    assert bob.post(f"{world.api_url()}games/{game['id']}/report/", report, format="json").status_code == 200
    result = {
        **report,
        "reason": "x has no account; the TO enters the slip",
        "version": version_of(game["id"]),
    }
    assert to.post(f"{world.api_url()}games/{game['id']}/result/", result, format="json").status_code == 200
    game = game_with(second, c)
    concession = {
        "outcome": "concession",
        "loser": y,
        "reason": "conceded at the table",
        "version": version_of(game["id"]),
    }
    assert (
        api("judy")
        .post(f"{world.api_url()}games/{game['id']}/result/", concession, format="json")
        .status_code
        == 200
    )

    assert Round.objects.get(event=world.event, number=2).status == "closed"
    assert Event.objects.get(pk=world.event.pk).status == "finished"

    standings = api("anonymous").get(f"{world.api_url()}standings/").json()
    assert standings["final"] is True
    assert standings["rounds_played"] == 2
    assert standings["planned_rounds"] == 2
    rows = [
        {key: row[key] for key in ("rank", "player", "mp", "tp", "sos", "otp", "placed", "status")}
        for row in standings["standings"]
    ]
    # bob 3+3 MP, 4+5 TP; carol 0+3, 1+5; x 1+0, 2+0; y 1+0, 2+0.
    # SoS: bob (3+1)/2, carol (6+1)/2, x (1+6)/2, y (1+3)/2; oTP likewise with TP.
    assert rows == [
        {
            "rank": 1,
            "player": b,
            "mp": 6,
            "tp": 9,
            "sos": 2.0,
            "otp": 4.0,
            "placed": True,
            "status": "active",
        },
        {
            "rank": 2,
            "player": c,
            "mp": 3,
            "tp": 6,
            "sos": 3.5,
            "otp": 5.5,
            "placed": True,
            "status": "active",
        },
        {
            "rank": 3,
            "player": x,
            "mp": 1,
            "tp": 2,
            "sos": 3.5,
            "otp": 5.5,
            "placed": True,
            "status": "active",
        },
        {
            "rank": 4,
            "player": y,
            "mp": 1,
            "tp": 2,
            "sos": 2.0,
            "otp": 4.0,
            "placed": True,
            "status": "active",
        },
    ]
    explanation = api("anonymous").get(f"{world.api_url()}standings/{y}/").json()
    assert explanation["rank"] == 4
    assert explanation["above"] == x
    assert explanation["separated_by"] == "SoS"
    assert [c_["player"] for c_ in explanation["counted"]] == [x, c]
    assert "SoS" in explanation["text"]

    # No more rounds; the export carries everything, rosters included.
    assert to.post(f"{world.api_url()}rounds/", {}, format="json").json()["code"] == "no-more-rounds"
    export = to.get(f"{world.api_url()}export/?scope=full").json()
    assert export["format"] == "event/1"
    assert [r["number"] for r in export["rounds"]] == [1, 2]
    bob_entry = next(p for p in export["players"] if p["id"] == b)
    assert bob_entry["rosters"][0]["faction_card"] == "Raynor's Raiders"
    actions = set(AuditEntry.objects.filter(event=world.event).values_list("action", flat=True))
    assert {"round-paired", "pairing-swapped", "tables-swapped", "round-published", "round-closed"} <= actions


def test_a_dropped_player_is_not_paired_again(api, world):
    to = api("alice")
    to.post(f"{world.api_url()}rounds/", {"seed": 1, "confirm": True}, format="json")
    to.post(f"{world.api_url()}rounds/1/publish/", {"confirm": True}, format="json")
    for game in to.get(f"{world.api_url()}rounds/1/").json()["games"]:
        to.post(
            f"{world.api_url()}games/{game['id']}/result/",
            {"vp": [8, 2], "reason": "slips", "version": game["version"]},
            format="json",
        )
    assert to.get(f"{world.api_url()}rounds/1/").json()["status"] == "closed"

    # Bob withdraws before round 2 is paired (OP Guide: Drops).
    response = api("bob").post(
        f"{world.api_url()}players/{world.bob.external_id}/drop/", {"reason": "train"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["status"] == "dropped"
    assert response.json()["dropped_after_round"] == 1
    assert (
        api("bob").post(f"{world.api_url()}players/{world.bob.external_id}/drop/").json()["code"]
        == "already-dropped"
    )

    second = to.post(f"{world.api_url()}rounds/", {"seed": 1, "confirm": True}, format="json").json()
    paired = {g["player_one"]["external_id"] for g in second["games"]} | {
        g["player_two"]["external_id"] for g in second["games"] if g["player_two"]
    }
    assert world.bob.external_id not in paired
    assert paired == {world.carol.external_id, world.dan.external_id, world.erin.external_id}
    assert sum(1 for g in second["games"] if g["player_two"] is None) == 1  # three players: one bye


def test_repair_and_undo_only_without_results(api, world):
    to = api("alice")
    to.post(f"{world.api_url()}rounds/", {"seed": 1, "confirm": True}, format="json")
    response = to.post(f"{world.api_url()}rounds/1/repair/", {"seed": 2}, format="json")
    assert response.status_code == 200
    assert response.json()["seed"] == 2
    assert response.json()["status"] == "paired"
    assert to.delete(f"{world.api_url()}rounds/1/").status_code == 204
    assert to.get(f"{world.api_url()}rounds/").json()["results"] == []
    assert (
        to.post(f"{world.api_url()}rounds/", {"seed": 1, "confirm": True}, format="json").status_code == 201
    )
    assert to.post(f"{world.api_url()}rounds/", {"seed": 1}, format="json").json()["code"] == "open-round"
