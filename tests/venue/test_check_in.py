"""Check-in at the door (docs/venue.md, "QR codes"): the TO's page shows today's code as
a QR, a player who opens it is checked in (`via="qr"`), and every other case is a page
saying why, with a stable code."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.utils import timezone

from tests.builders.worlds import World, build_world
from tests.venue.qr_reading import codes_on_page
from tournaments.models import AuditEntry, CheckInVia, Player
from tournaments.services.players import player_drop
from venue.check_in import CodeVerdict, check_in_code, read_code, venue_today


def _code_path(world: World) -> str:
    """The check-in address as the TO's page shows it, read from its QR code's pixels."""
    page = world.client("alice").get(world.url("manage/check-in/"))
    assert page.status_code == 200
    codes = codes_on_page(page.content.decode())
    assert len(codes) == 1
    url = codes[0]
    assert url.startswith("https://muster.example.org" + world.url("check-in/"))
    return url.removeprefix("https://muster.example.org")


def _result(response: Any) -> str:
    found = re.search(r'id="check-in-result" data-code="([^"]+)"', response.content.decode())
    assert found is not None
    return found.group(1)


def test_the_qr_code_on_the_tos_page_checks_the_player_in(world: World) -> None:
    path = _code_path(world)
    response = world.client("bob").get(path)
    assert response.status_code == 200
    assert _result(response) == "checked-in"
    bob = Player.objects.get(pk=world.bob.pk)
    assert bob.checked_in_at is not None
    assert bob.checked_in_via == CheckInVia.QR
    entry = AuditEntry.objects.get(event=world.event, action="player-checked-in")
    assert entry.data == {"via": "qr"}
    assert entry.actor == world.users["bob"]


def test_the_to_sees_who_checked_in_how(world: World) -> None:
    world.client("bob").get(_code_path(world))
    world.client("alice").post(world.url(f"manage/players/{world.carol.pk}/check-in/"))
    players = world.client("alice").get(world.url("manage/players/")).content.decode()
    assert "by the door&#x27;s QR code" in players or "by the door's QR code" in players
    assert "by a staff tap" in players
    door = world.client("alice").get(world.url("manage/check-in/")).content.decode()
    assert re.search(r'id="checked-in-count">2</strong> of 4', door)
    assert Player.objects.get(pk=world.carol.pk).checked_in_via == CheckInVia.STAFF


def test_the_api_lists_how_and_records_its_own(world: World) -> None:
    world.client("bob").get(_code_path(world))
    answer = world.api("alice").post(world.api_url(f"players/{world.carol.external_id}/check-in/"))
    assert answer.status_code == 200
    assert answer.json()["checked_in_via"] == "api"
    rows = {p["external_id"]: p for p in world.api("alice").get(world.api_url("players/")).json()["results"]}
    assert rows[world.bob.external_id]["checked_in_via"] == "qr"
    # Staff only, like checked_in_at.
    public = {
        p["external_id"]: p for p in world.api("anonymous").get(world.api_url("players/")).json()["results"]
    }
    assert "checked_in_via" not in public[world.bob.external_id]


def test_opening_it_again_says_already_checked_in(world: World) -> None:
    path = _code_path(world)
    world.client("bob").get(path)
    again = world.client("bob").get(path)
    assert again.status_code == 200
    assert _result(again) == "already-checked-in"


def test_anonymous_logs_in_then_comes_back(world: World) -> None:
    path = _code_path(world)
    response = world.client("anonymous").get(path)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={path}"


def test_not_a_player_and_dropped_are_refused(world: World) -> None:
    path = _code_path(world)
    stranger = world.client("mallory").get(path)
    assert stranger.status_code == 400
    assert _result(stranger) == "not-a-player"
    player_drop(player=world.carol, by=world.users["alice"])
    dropped = world.client("carol").get(path)
    assert _result(dropped) == "dropped"
    assert Player.objects.get(pk=world.carol.pk).checked_in_at is None


def test_a_code_of_another_day_is_refused(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _code_path(world)
    tomorrow = timezone.now() + dt.timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: tomorrow)
    response = world.client("bob").get(path)
    assert response.status_code == 400
    assert _result(response) == "check-in-code-expired"
    assert "not today&#x27;s" in response.content.decode() or "not today's" in response.content.decode()
    assert Player.objects.get(pk=world.bob.pk).checked_in_at is None
    # The TO's page shows the new day's code, which works.
    assert _code_path(world) != path
    assert _result(world.client("bob").get(_code_path(world))) == "checked-in"


def test_the_day_is_the_venues(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 23:30 UTC it is already tomorrow in Tokyo and still today in Los Angeles."""
    moment = dt.datetime(2026, 10, 3, 23, 30, tzinfo=dt.UTC)
    monkeypatch.setattr(timezone, "now", lambda: moment)
    world.event.time_zone = "Asia/Tokyo"
    assert venue_today(world.event) == dt.date(2026, 10, 4)
    assert check_in_code(world.event).startswith("20261004-")
    world.event.time_zone = "America/Los_Angeles"
    assert venue_today(world.event) == dt.date(2026, 10, 3)
    code = check_in_code(world.event)
    assert read_code(world.event, code) == CodeVerdict.VALID
    world.event.time_zone = "Asia/Tokyo"
    assert read_code(world.event, code) == CodeVerdict.OTHER_DAY


def test_another_events_code_and_a_garbled_one_are_refused(world: World, users: dict[str, Any]) -> None:
    other = build_world(users, name="Winter Warfare")
    elsewhere = check_in_code(other.event)
    for code in (
        elsewhere,
        elsewhere[:-1] + ("0" if elsewhere[-1] != "0" else "1"),
        "garbled",
        "20261399-" + "0" * 20,
    ):
        response = world.client("bob").get(world.url(f"check-in/{code}/"))
        assert response.status_code == 400, code
        assert _result(response) == "check-in-code-wrong"
    assert Player.objects.get(pk=world.bob.pk).checked_in_at is None


def test_only_the_to_has_the_door_page(world: World) -> None:
    for who in ("bob", "judy", "hank", "mallory"):
        assert world.client(who).get(world.url("manage/check-in/")).status_code == 404
