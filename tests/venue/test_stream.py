"""The featured table and its stream overlay (docs/venue.md): consent, the TO's choice,
withdrawal, and the overlay's page and JSON."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import timezone

from tests.builders.worlds import World
from tournaments.models import AuditEntry, Event, Game, Player, ResultStatus, RosterPublication, Round
from tournaments.services.reporting import ResultInput, result_report
from venue.services import featured_table_set, stream_consent_set


def _consent(*players: Player, value: bool = True) -> None:
    for player in players:
        stream_consent_set(player=player, consent=value, by=None)


def _round(world: World) -> Round:
    return Round.objects.get(event=world.event, number=1)


def _feature(world: World, table: int = 1, client: Any = None) -> Any:
    client = client or world.client("alice")
    return client.post(world.url("manage/rounds/1/featured-table/"), {"table": str(table)})


def test_consent_is_off_unless_ticked_at_registration(world: World, users: dict[str, Any]) -> None:
    event = world.event
    event.join_code = "open-sesame"
    event.save(update_fields=["join_code"])
    form = world.client("mallory").get(world.url("join/open-sesame/")).content.decode()
    assert 'name="stream_consent"' in form
    assert "checked" not in form.split('name="stream_consent"')[1].split(">")[0]
    world.client("mallory").post(world.url("join/open-sesame/"), {"name": "Mallory", "stream_consent": "on"})
    assert Player.objects.get(event=event, user=users["mallory"]).stream_consent is True
    assert Player.objects.get(pk=world.bob.pk).stream_consent is False


def test_a_player_changes_it_on_their_page(world: World) -> None:
    page = world.client("bob").get(world.url("me/")).content.decode()
    assert 'action="/e/autumn-assault/me/stream-consent/"' in page
    world.client("bob").post(world.url("me/stream-consent/"), {"stream_consent": "on"})
    assert Player.objects.get(pk=world.bob.pk).stream_consent is True
    assert 'id="stream-consent" checked' in world.client("bob").get(world.url("me/")).content.decode()
    world.client("bob").post(world.url("me/stream-consent/"), {})
    assert Player.objects.get(pk=world.bob.pk).stream_consent is False


def test_featuring_is_refused_without_both_consents(world: World) -> None:
    _consent(world.bob)
    alice = world.client("alice")
    response = _feature(world, client=alice)
    assert response.status_code == 302
    assert _round(world).featured_table is None
    page = alice.get(world.url("manage/rounds/1/")).content.decode()
    assert "Carol has not agreed to be shown on the stream" in page
    answer = world.api("alice").put(world.api_url("rounds/1/featured-table/"), {"table": 1})
    assert answer.status_code == 400
    assert answer.json()["code"] == "stream-consent-missing"


def test_featuring_is_allowed_with_both_and_the_to_clears_it(world: World) -> None:
    _consent(world.bob, world.carol)
    _feature(world)
    featured = _round(world).featured_table
    assert featured is not None
    assert featured.number == 1
    assert AuditEntry.objects.filter(event=world.event, action="featured-table-set").count() == 1
    world.client("alice").post(world.url("manage/rounds/1/featured-table/"), {"clear": "1"})
    assert _round(world).featured_table is None
    answer = world.api("alice").put(world.api_url("rounds/1/featured-table/"), {"table": 1})
    assert answer.status_code == 200
    assert answer.json() == {"round": 1, "table": 1}
    assert world.api("alice").delete(world.api_url("rounds/1/featured-table/")).json() == {
        "round": 1,
        "table": None,
    }


@pytest.mark.parametrize(
    ("table", "code"), [(2, "stream-consent-missing"), (3, "no-game-at-table"), (9, "no-table")]
)
def test_the_api_names_what_is_wrong(world: World, table: int, code: str) -> None:
    answer = world.api("alice").put(world.api_url("rounds/1/featured-table/"), {"table": table})
    assert answer.status_code == 400
    assert answer.json()["code"] == code


def test_only_the_to_features_a_table(world: World) -> None:
    _consent(world.bob, world.carol)
    for who in ("bob", "hank", "judy"):
        assert world.api(who).put(world.api_url("rounds/1/featured-table/"), {"table": 1}).status_code == 404
    assert (
        world.api("anonymous").put(world.api_url("rounds/1/featured-table/"), {"table": 1}).status_code == 401
    )
    assert _round(world).featured_table is None


def test_withdrawing_consent_unfeatures_the_table(world: World) -> None:
    _consent(world.bob, world.carol)
    featured_table_set(round_=_round(world), number=1, by=world.users["alice"])
    world.client("carol").post(world.url("me/stream-consent/"), {})
    assert _round(world).featured_table is None
    entry = AuditEntry.objects.get(event=world.event, action="featured-table-cleared")
    assert entry.reason == "Carol withdrew their consent to be streamed."
    assert entry.actor == world.users["carol"]
    assert AuditEntry.objects.filter(event=world.event, action="stream-consent-withdrawn").count() == 1
    assert world.client("anonymous").get(world.url("overlay.json")).json()["featured"] is False


def test_a_swap_that_brings_others_to_the_table_empties_the_overlay(world: World) -> None:
    _consent(world.bob, world.carol)
    featured_table_set(round_=_round(world), number=1, by=world.users["alice"])
    one, two = world.game(world.bob), world.game(world.dan)
    Game.objects.filter(pk=one.pk).update(table=two.table)
    Game.objects.filter(pk=two.pk).update(table=one.table)
    Event.objects.filter(pk=world.event.pk).update(version=world.event.version + 100)
    assert world.client("anonymous").get(world.url("overlay.json")).json() == {
        "featured": False,
        "event": "Autumn Assault",
    }


def test_the_overlay_shows_the_table_and_the_score_once_reported(world: World) -> None:
    _consent(world.bob, world.carol)
    featured_table_set(round_=_round(world), number=1, by=world.users["alice"])
    data = world.client("anonymous").get(world.url("overlay.json")).json()
    assert data["featured"] is True
    assert (data["round"], data["table"]) == (1, 1)
    assert [p["name"] for p in data["players"]] == ["Bob", "Carol"]
    # Rosters lock once round 1 is paired and are then public: the factions show.
    assert all(p["faction"] for p in data["players"])
    assert data["result_status"] == "pending"
    assert data["result"] == "Waiting for a result"
    game = world.game(world.bob)
    result_report(
        game=game,
        player=world.bob,
        result=ResultInput(outcome="played", vp_one=12, vp_two=7),
        by=world.users["bob"],
    )
    data = world.client("anonymous").get(world.url("overlay.json")).json()
    assert (data["result_status"], data["result"]) == ("awaiting", "Waiting for the opponent to confirm")
    result_report(
        game=Game.objects.get(pk=game.pk),
        player=world.carol,
        result=ResultInput(outcome="played", vp_one=12, vp_two=7),
        by=world.users["carol"],
    )
    data = world.client("anonymous").get(world.url("overlay.json")).json()
    assert data["result_status"] == ResultStatus.CONFIRMED
    assert data["result"] == "12\u20137"  # an en dash, as the pairings write it
    page = world.client("anonymous").get(world.url("overlay/")).content.decode()
    assert "Bob" in page
    assert "12\u20137" in page
    assert 'data-clock-src="/api/events/autumn-assault/rounds/1/clock/"' in page


def test_the_json_answers_304_until_something_changes(world: World) -> None:
    client = world.client("anonymous")
    first = client.get(world.url("overlay.json"))
    etag = first["ETag"]
    assert client.get(world.url("overlay.json"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    _consent(world.bob, world.carol)
    featured_table_set(round_=_round(world), number=1, by=world.users["alice"])
    changed = client.get(world.url("overlay.json"), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed.json()["featured"] is True
    assert client.get(world.url("overlay.json"), HTTP_IF_NONE_MATCH=changed["ETag"]).status_code == 304


def test_nothing_featured_is_an_empty_overlay(world: World) -> None:
    assert world.client("anonymous").get(world.url("overlay.json")).json() == {
        "featured": False,
        "event": "Autumn Assault",
    }
    page = world.client("anonymous").get(world.url("overlay/"))
    assert page.status_code == 200
    assert "overlay-bar" not in page.content.decode()


def test_factions_stay_hidden_while_rosters_are(world: World) -> None:
    Event.objects.filter(pk=world.event.pk).update(
        roster_publication=RosterPublication.ON_DATE,
        rosters_published_at=timezone.now() + dt.timedelta(days=2),
    )
    world.event.refresh_from_db()
    _consent(world.bob, world.carol)
    featured_table_set(round_=_round(world), number=1, by=world.users["alice"])
    data = world.client("anonymous").get(world.url("overlay.json")).json()
    assert [p["faction"] for p in data["players"]] == ["", ""]
    page = world.client("anonymous").get(world.url("overlay/")).content.decode()
    assert "Terran" not in page
