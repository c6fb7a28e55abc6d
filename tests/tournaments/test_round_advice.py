"""The suggested round count is StarCraft's OP Guide table (Event Size and Format), given
by its game system package; the other systems' books suggest none, so the event form's
hint, the event page and the API suggest nothing for them (Dropzone's Skirmish is not
StarCraft's)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rules_engine.registry import get_system
from tests.builders.pregame_systems import system_event
from tests.builders.rows import make_event

pytestmark = pytest.mark.django_db

OTHERS = ("dropzone-commander", "morsdei", "warpspawn-starcraft")


def test_only_starcraft_has_a_round_table():
    advice = get_system("starcraft-tmg").suggested_rounds
    assert advice is not None
    # OP Guide: community, 17-32 players: 4 rounds on Skirmish, 3 on Standard; competitive 33-128: 5.
    assert advice(kind="community", scale="skirmish", players=20) == 4
    assert advice(kind="community", scale="standard", players=20) == 3
    assert advice(kind="competitive", scale="standard", players=40) == 5
    for slug in OTHERS:
        assert get_system(slug).suggested_rounds is None


@pytest.mark.parametrize("slug", OTHERS)
def test_the_form_hint_suggests_nothing_for_the_other_systems(client, slug):
    page = client.get(
        "/events/new/rounds-hint/",
        {"game_system": slug, "kind": "community", "scale": "skirmish", "expected_players": 20},
    ).content.decode()
    assert "suggests" not in page
    assert get_system(slug).name in page  # says the game sets no round count
    starcraft = client.get(
        "/events/new/rounds-hint/",
        {"game_system": "starcraft-tmg", "kind": "community", "scale": "skirmish", "expected_players": 20},
    ).content.decode()
    assert "suggests <strong>4 rounds</strong>" in starcraft


def test_the_event_page_and_api_suggest_nothing_for_dropzone(alice):
    event = system_event("dropzone-commander", to=alice, scale="skirmish", points_limit=800, players=20)
    event.planned_rounds = 3
    event.save(update_fields=["planned_rounds"])
    page = APIClient().get(f"/e/{event.slug}/").content.decode()
    assert "the guide suggests" not in page
    api = APIClient()
    api.force_authenticate(alice)
    assert api.get(f"/api/events/{event.slug}/").json()["suggested_rounds"] is None
    # StarCraft's community Skirmish event of 20 players still hears the guide's 4.
    starcraft = make_event(to=alice, slug="sc-open", players=20)
    assert "the guide suggests 4" in APIClient().get(f"/e/{starcraft.slug}/").content.decode()
