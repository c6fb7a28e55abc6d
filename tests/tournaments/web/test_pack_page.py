"""Players read and download the data pack their rosters are judged against: the TO's
when one is supplied, else the built-in one; the roster help's examples come from it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.builders.rows import add_player, make_event
from tournaments.services.packs import event_pack_supply

pytestmark = pytest.mark.django_db

MORSDEI_PACK = Path(__file__).parents[3] / "rules_engine" / "systems" / "morsdei" / "data" / "2000-01-01.json"


def _own_pack() -> dict[str, Any]:
    """The sample pack with its fighters renamed: what only this TO's pack lists."""
    data: dict[str, Any] = json.loads(MORSDEI_PACK.read_text(encoding="utf-8"))
    data["sample"] = False
    data["source"] = "Loot Night house pack"
    for unit in data["units"]:
        unit["name"] = unit["name"].replace("Warden", "Ember")
    return data


@pytest.fixture
def event(alice):
    return make_event(to=alice, slug="loot-night", game_system="morsdei", scale="standard")


@pytest.fixture
def supplied(event, alice):
    content = json.dumps(_own_pack()).encode()
    return event_pack_supply(event=event, actor=alice, content=content, filename="loot-night.json")


def test_anyone_reads_the_pack_in_effect_and_downloads_it(client, event, supplied):
    page = client.get("/e/loot-night/pack/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "loot-night.json" in html
    assert "Loot Night house pack" in html
    assert "Ember Sergeant" in html
    assert 'href="/e/loot-night/pack/download/"' in html
    download = client.get("/e/loot-night/pack/download/")
    assert download.status_code == 200
    assert download["Content-Type"].startswith("application/json")
    assert 'filename="loot-night.json"' in download["Content-Disposition"]
    assert json.loads(download.content) == _own_pack()


def test_without_a_supplied_pack_the_built_in_one_is_shown_and_served(client, event):
    html = client.get("/e/loot-night/pack/").content.decode()
    assert "built-in" in html
    assert "Warden Sergeant" in html
    download = client.get("/e/loot-night/pack/download/")
    assert json.loads(download.content) == json.loads(MORSDEI_PACK.read_text(encoding="utf-8"))


def test_the_event_page_and_the_player_page_link_the_pack(client, event, supplied, bob):
    assert 'href="/e/loot-night/pack/"' in client.get("/e/loot-night/").content.decode()
    add_player(event, bob, "Bob")
    client.force_login(bob)
    me = client.get("/e/loot-night/me/").content.decode()
    assert 'href="/e/loot-night/pack/"' in me


def test_the_roster_help_examples_come_from_the_pack_in_effect(client, event, supplied, bob):
    add_player(event, bob, "Bob")
    client.force_login(bob)
    me = client.get("/e/loot-night/me/").content.decode()
    assert "Ember Sergeant (32mm)" in me
    assert "Warden Sergeant" not in me


def test_the_to_pack_page_links_the_guide(client, event, alice):
    client.force_login(alice)
    html = client.get("/e/loot-night/manage/pack/").content.decode()
    assert "game-systems guide</a>" in html
