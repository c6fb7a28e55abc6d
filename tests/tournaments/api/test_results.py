"""Results from the tables: report, confirm, dispute, the judge queue, reviews, the audit log.

Round 1 is published: bob v carol (game order bob, carol) and dan v erin.
"""

from __future__ import annotations

import pytest

from tests.builders.rows import version_of
from tournaments.models import AuditEntry, Game, Round

pytestmark = pytest.mark.django_db


def test_matching_reports_confirm_and_close_nothing_until_every_table_is_in(api, world, round_one):
    game = world.game(world.bob)
    url = f"{world.api_url()}games/{game.pk}/"
    assert (
        api("bob")
        .post(f"{url}report/", {"vp": [12, 3], "details": {"battle_rounds": 5}}, format="json")
        .status_code
        == 200
    )
    # Bob cannot confirm his own report; carol sees it waiting in /me and confirms.
    assert api("bob").post(f"{url}confirm/").json()["code"] == "nothing-to-confirm"
    waiting = api("carol").get("/api/me/").json()["events"][0]["current_game"]
    assert waiting["reports"][0]["by"] == world.bob.external_id
    assert waiting["reports"][0]["vp"] == [12, 3]
    body = api("carol").post(f"{url}confirm/").json()
    assert body["result_status"] == "confirmed"
    assert body["vp"] == [12, 3]
    assert body["details"] == {"battle_rounds": 5}
    assert Round.objects.get(pk=round_one.pk).status == "published"  # dan v erin still playing
    # A confirmed result is for the judges to correct now.
    again = api("bob").post(f"{url}report/", {"vp": [13, 3]}, format="json").json()
    assert again["code"] == "confirmed"


def test_dispute_goes_to_the_judges_who_set_it_with_a_reason(api, world, round_one, judy):
    game = world.game(world.bob)
    url = f"{world.api_url()}games/{game.pk}/"
    api("bob").post(f"{url}report/", {"vp": [12, 3]}, format="json")
    body = api("carol").post(f"{url}report/", {"vp": [3, 12]}, format="json").json()
    assert body["result_status"] == "disputed"

    queue = api("judy").get(f"{world.api_url()}judge-queue/").json()["results"]
    assert [(item["why"], item["game"]["id"]) for item in queue] == [("disputed", game.pk)]
    assert [r["vp"] for r in queue[0]["game"]["reports"]] == [[12, 3], [3, 12]]

    missing = api("judy").post(
        f"{url}result/", {"vp": [12, 3], "reason": " ", "version": version_of(game.pk)}, format="json"
    )
    assert missing.status_code == 400
    assert missing.json()["field"] == "reason"
    body = api("judy").post(
        f"{url}result/",
        {"vp": [12, 3], "reason": "checked the score sheet", "version": version_of(game.pk)},
        format="json",
    )
    assert body.json()["result_status"] == "confirmed"
    assert api("judy").get(f"{world.api_url()}judge-queue/").json()["results"] == []

    entry = AuditEntry.objects.get(event=world.event, action="result-set")
    assert entry.actor == judy
    assert entry.reason == "checked the score sheet"
    audit = api("hank").get(f"{world.api_url()}audit/").json()["results"]
    assert audit[0]["action"] == "result-set"
    assert audit[0]["actor"] == "judy"
    assert audit[0]["reason"] == "checked the score sheet"


def test_fewer_than_two_battle_rounds_waits_for_the_head_judge(api, world, round_one):
    game = world.game(world.bob)
    url = f"{world.api_url()}games/{game.pk}/"
    api("bob").post(f"{url}report/", {"vp": [6, 1], "details": {"battle_rounds": 1}}, format="json")
    body = api("carol").post(f"{url}confirm/").json()
    assert body["result_status"] == "confirmed"
    assert body["needs_review"] is True
    other = world.game(world.dan)
    api("alice").post(
        f"{world.api_url()}games/{other.pk}/result/",
        {"vp": [5, 5], "reason": "slip", "version": version_of(other.pk)},
        format="json",
    )
    # Every result is in, but one game has not been looked at: the round stays open.
    assert Round.objects.get(pk=round_one.pk).status == "published"
    queue = api("judy").get(f"{world.api_url()}judge-queue/").json()["results"]
    assert [(item["why"], item["game"]["id"]) for item in queue] == [("needs-review", game.pk)]

    decision = {"stands": True, "reason": "both players agreed to stop; no slow play"}
    assert api("judy").post(f"{url}review/", decision, format="json").status_code == 404  # Head Judge's call
    body = api("hank").post(f"{url}review/", decision, format="json").json()
    assert body["reviewed"] is True
    assert Round.objects.get(pk=round_one.pk).status == "closed"
    assert api("hank").post(f"{url}review/", decision, format="json").json()["code"] == "not-flagged"


def test_a_result_that_does_not_stand_goes_back_to_the_judges(api, world, round_one):
    game = world.game(world.bob)
    url = f"{world.api_url()}games/{game.pk}/"
    api("bob").post(f"{url}report/", {"vp": [6, 1], "details": {"battle_rounds": 1}}, format="json")
    api("carol").post(f"{url}confirm/")
    body = (
        api("hank")
        .post(f"{url}review/", {"stands": False, "reason": "slow play by bob"}, format="json")
        .json()
    )
    assert body["result_status"] == "disputed"
    assert [item["why"] for item in api("judy").get(f"{world.api_url()}judge-queue/").json()["results"]] == [
        "disputed"
    ]
    corrected = {"vp": [1, 6], "details": {"battle_rounds": 2}, "reason": "scored as the head judge ruled"}
    corrected["version"] = body["version"]
    body = api("judy").post(f"{url}result/", corrected, format="json").json()
    assert body["result_status"] == "confirmed"
    assert body["needs_review"] is False
    assert body["vp"] == [1, 6]


def test_reporting_a_concession_names_the_loser_among_the_players(api, world, round_one):
    game = world.game(world.bob)
    url = f"{world.api_url()}games/{game.pk}/report/"
    wrong = api("bob").post(url, {"outcome": "concession", "loser": world.dan.external_id}, format="json")
    assert wrong.status_code == 400
    assert wrong.json()["field"] == "loser"
    no_vp = api("bob").post(url, {"outcome": "played"}, format="json")
    assert no_vp.json()["field"] == "vp"
    # A Game Loss is a judge's penalty, not something a player reports.
    penalty = api("bob").post(url, {"outcome": "game-loss", "loser": world.carol.external_id}, format="json")
    assert penalty.json()["field"] == "outcome"
    ok = api("carol").post(url, {"outcome": "concession", "loser": world.carol.external_id}, format="json")
    assert ok.status_code == 200
    ok = api("bob").post(url, {"outcome": "concession", "loser": world.carol.external_id}, format="json")
    assert ok.json()["outcome"] == "concession"
    assert ok.json()["loser"] == world.carol.external_id
    assert Game.objects.get(pk=game.pk).loser_id == world.carol.pk


def test_draft_round_games_are_invisible_to_players(api, world):
    from tests.builders.rows import add_round

    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], "paired")
    game = world.game(world.bob)
    assert (
        api("bob")
        .post(f"{world.api_url()}games/{game.pk}/report/", {"vp": [1, 0]}, format="json")
        .status_code
        == 404
    )
    response = api("alice").post(
        f"{world.api_url()}games/{game.pk}/result/",
        {"vp": [1, 0], "reason": "x", "version": 0},
        format="json",
    )
    assert response.json()["code"] == "not-published"
