"""Optimistic concurrency on judges' rulings, idempotent reports and confirmations, single publish.

The parallel versions of these run on PostgreSQL in tests/races; these pin the sequential
behaviour on any database.
"""

from __future__ import annotations

import pytest

from tests.builders.rows import add_round, version_of
from tournaments.models import AuditEntry, Game, ResultReport

pytestmark = pytest.mark.django_db


def test_a_stale_ruling_is_refused_with_409_and_the_current_state(api, world, round_one):
    game = world.game(world.bob)
    url = f"{world.api_url()}games/{game.pk}/result/"
    seen = version_of(game.pk)
    first = api("hank").post(url, {"vp": [12, 3], "reason": "hank's ruling", "version": seen}, format="json")
    assert first.status_code == 200
    assert first.json()["version"] > seen
    stale = api("judy").post(url, {"vp": [3, 12], "reason": "judy's ruling", "version": seen}, format="json")
    assert stale.status_code == 409
    body = stale.json()
    assert body["code"] == "stale-version"
    assert body["field"] == "version"
    assert "12\N{EN DASH}3" in body["message"]
    assert body["current"]["vp"] == [12, 3]
    assert body["current"]["version"] == first.json()["version"]
    stored = Game.objects.get(pk=game.pk)
    assert [stored.vp_one, stored.vp_two] == [12, 3]
    assert AuditEntry.objects.filter(action="result-set").count() == 1
    # Ruling again from the version now shown is a deliberate correction, and it applies.
    again = {"vp": [3, 12], "reason": "judy's ruling", "version": body["current"]["version"]}
    assert api("judy").post(url, again, format="json").json()["vp"] == [3, 12]


def test_a_ruling_must_name_the_version_it_corrects(api, world, round_one):
    game = world.game(world.bob)
    response = api("hank").post(
        f"{world.api_url()}games/{game.pk}/result/", {"vp": [12, 3], "reason": "x"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "version"


def test_a_player_report_makes_a_judges_open_form_stale(api, world, round_one):
    game = world.game(world.bob)
    seen = version_of(game.pk)
    api("bob").post(f"{world.api_url()}games/{game.pk}/report/", {"vp": [12, 3]}, format="json")
    response = api("judy").post(
        f"{world.api_url()}games/{game.pk}/result/",
        {"vp": [1, 1], "reason": "x", "version": seen},
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["current"]["result_status"] == "awaiting"


def test_a_retried_report_with_its_key_is_stored_once(api, world, round_one):
    game = world.game(world.bob)
    url = f"{world.api_url()}games/{game.pk}/report/"
    first = api("bob").post(url, {"vp": [12, 3]}, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    retry = api("bob").post(url, {"vp": [12, 3]}, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == retry.status_code == 200
    assert first.json() == retry.json()
    assert ResultReport.objects.filter(game=game).count() == 1
    # Another key is another report.
    api("bob").post(url, {"vp": [12, 4]}, format="json", HTTP_IDEMPOTENCY_KEY="k-2")
    assert ResultReport.objects.filter(game=game).count() == 2


def test_a_key_is_not_reused_by_the_opponent_nor_malformed(api, world, round_one):
    game = world.game(world.bob)
    url = f"{world.api_url()}games/{game.pk}/report/"
    api("bob").post(url, {"vp": [12, 3]}, format="json", HTTP_IDEMPOTENCY_KEY="shared")
    reused = api("carol").post(url, {"vp": [12, 3]}, format="json", HTTP_IDEMPOTENCY_KEY="shared")
    assert reused.status_code == 400
    assert reused.json()["code"] == "idempotency-key-reused"
    bad = api("carol").post(url, {"vp": [12, 3]}, format="json", HTTP_IDEMPOTENCY_KEY="x" * 81)
    assert bad.status_code == 400
    assert bad.json()["code"] == "bad-idempotency-key"
    assert ResultReport.objects.filter(game=game).count() == 1


def test_a_confirmation_retried_after_a_lost_answer_succeeds_with_the_stored_result(api, world, round_one):
    """The confirmation was stored but the player got a 500; the retry must succeed."""
    game = world.game(world.bob)
    url = f"{world.api_url()}games/{game.pk}/"
    api("bob").post(f"{url}report/", {"vp": [12, 3]}, format="json")
    stored = api("carol").post(f"{url}confirm/", HTTP_IDEMPOTENCY_KEY="c-1")
    assert stored.json()["result_status"] == "confirmed"
    for headers in ({"HTTP_IDEMPOTENCY_KEY": "c-1"}, {}):  # with its key, and from an old client without
        retry = api("carol").post(f"{url}confirm/", **headers)
        assert retry.status_code == 200, retry.json()
        assert retry.json() == stored.json()
    assert ResultReport.objects.filter(game=game, reporter=world.carol).count() == 1
    # Bob, who reported, gets no error asking to confirm his own confirmed result either.
    assert api("bob").post(f"{url}confirm/").status_code == 200


def test_confirming_a_result_that_differs_from_yours_is_still_refused(api, world, round_one):
    game = world.game(world.bob)
    url = f"{world.api_url()}games/{game.pk}/"
    api("bob").post(f"{url}report/", {"vp": [12, 3]}, format="json")
    api("carol").post(f"{url}report/", {"vp": [3, 12]}, format="json")
    version = version_of(game.pk)
    api("judy").post(f"{url}result/", {"vp": [7, 7], "reason": "x", "version": version}, format="json")
    assert api("carol").post(f"{url}confirm/").json()["code"] == "nothing-to-confirm"


def test_a_second_publish_is_refused_and_audited_once(api, world):
    add_round(world.event, 1, [(world.bob, world.carol), (world.dan, world.erin)], "paired")
    url = f"{world.api_url()}rounds/1/publish/"
    # Nobody has a roster: the TO publishes past the pre-round check.
    assert api("alice").post(url, {"confirm": True}, format="json").status_code == 200
    second = api("alice").post(url, {"confirm": True}, format="json")
    assert second.status_code == 400
    assert second.json()["code"] == "published"
    assert AuditEntry.objects.filter(event=world.event, action="round-published").count() == 1


def test_the_audit_log_refuses_a_second_entry_with_the_same_once_key(world):
    from django.db import IntegrityError, transaction

    from tournaments.services.audit import audit

    audit(event=world.event, actor=None, action="round-published", once_key="round-published:1:v0")
    with pytest.raises(IntegrityError), transaction.atomic():
        audit(event=world.event, actor=None, action="round-published", once_key="round-published:1:v0")
    audit(event=world.event, actor=None, action="round-published", once_key="round-published:1:v2")
    audit(event=world.event, actor=None, action="result-set")  # no key: as many as happen
    audit(event=world.event, actor=None, action="result-set")
