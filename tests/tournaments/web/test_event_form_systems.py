"""The event form follows the chosen game system: its scales, its budget, its round length,
dual list only where the system has it. The system select re-renders those fields (htmx
GET), a button does the same without JavaScript, and a submission is checked against the
system it names either way."""

from __future__ import annotations

import re

import pytest

from tests.builders.pregame_systems import system_event
from tournaments.models import Event

pytestmark = pytest.mark.django_db

BASE = {
    "name": "Friday Open",
    "kind": "community",
    "planned_rounds": "3",
    "roster_publication": "after-deadline",
    "first_round_extra_minutes": "0",
}


def _options(html: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    assert select is not None, f"no {name} select"
    return re.findall(r'<option value="([^"]*)"', select.group(1))


@pytest.fixture
def to(client, alice):
    client.force_login(alice)
    return client


def test_a_new_event_leaves_the_round_length_to_the_system(to):
    form = to.get("/events/new/").context["form"]
    assert form["round_minutes"].value() is None
    assert "150" in form.fields["round_minutes"].help_text  # StarCraft's, the default system


@pytest.mark.parametrize(
    ("system", "scales", "dual", "minutes"),
    [
        ("starcraft-tmg", ["skirmish", "standard", "grand-offensive"], True, 150),
        ("dropzone-commander", ["skirmish", "clash", "battle", "reconquest"], False, 150),
        ("morsdei", ["standard"], False, 60),
        ("warpspawn-starcraft", ["standard"], False, 30),
    ],
)
def test_the_system_fields_follow_the_chosen_system(to, system, scales, dual, minutes):
    fragment = to.get("/events/new/system-fields/", {"game_system": system, "planned_rounds": "5"})
    html = fragment.content.decode()
    assert 'id="system-fields"' in html
    assert _options(html, "scale") == scales
    assert ('value="dual"' in html) is dual
    assert f"{minutes} minutes" in html
    assert 'name="planned_rounds" value="5"' in html  # what the TO typed is kept
    # The full page offers the same for a system chosen before (no-JS refresh, or an edit).
    page = to.post("/events/new/", BASE | {"game_system": system, "refresh_system": "1"})
    assert page.status_code == 200
    assert _options(page.content.decode(), "scale") == scales
    assert not page.context["form"].errors
    assert not Event.objects.exists()


def test_the_system_select_asks_for_its_fields_and_works_without_javascript(to):
    html = to.get("/events/new/").content.decode()
    select = re.search(r'<select name="game_system"[^>]*>', html)
    assert select is not None
    assert 'hx-get="/events/new/system-fields/"' in select.group(0)
    assert 'hx-target="#system-fields"' in select.group(0)
    assert '<noscript><button type="submit" name="refresh_system"' in html


@pytest.mark.parametrize(("system", "minutes"), [("morsdei", 60), ("warpspawn-starcraft", 30)])
def test_an_empty_round_length_is_the_systems(to, system, minutes):
    response = to.post("/events/new/", BASE | {"game_system": system, "scale": "standard"})
    assert response.status_code == 302
    event = Event.objects.get(name="Friday Open")
    assert (event.round_minutes, event.list_format) == (minutes, "single")


def test_a_scale_or_list_format_from_another_system_is_refused_at_the_top(to):
    response = to.post(
        "/events/new/",
        BASE | {"game_system": "dropzone-commander", "scale": "standard", "list_format": "dual"},
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "Dropzone Commander has no engagement scale" in errors["scale"][0]
    assert "Dropzone Commander has no dual lists" in errors["list_format"][0]
    html = response.content.decode()
    summary = html.index('class="error-summary"')
    assert summary < html.index('name="name"')  # above the first field, not mid-form
    assert '<a href="#id_scale">' in html
    assert not Event.objects.exists()


def test_the_settings_page_offers_the_events_own_system(client, alice):
    event = system_event("dropzone-commander", to=alice, points_limit=800)
    client.force_login(alice)
    html = client.get(f"/e/{event.slug}/manage/settings/").content.decode()
    assert _options(html, "scale") == ["skirmish", "clash", "battle", "reconquest"]
    assert 'value="dual"' not in html


def test_redrawn_fields_drop_what_the_new_system_lacks(to):
    """Switching from StarCraft's dual-list Standard to MORSDEI must not carry either over."""
    fragment = to.get(
        "/events/new/system-fields/",
        {"game_system": "morsdei", "scale": "grand-offensive", "list_format": "dual"},
    ).content.decode()
    assert 'name="list_format" value="single"' in fragment
    assert re.search(r'<option value="standard" selected>', fragment)


def test_the_side_event_form_offers_the_main_events_system(client, alice):
    event = system_event("dropzone-commander", to=alice, scale="clash", points_limit=1500)
    client.force_login(alice)
    url = f"/e/{event.slug}/manage/side-events/"
    html = client.get(url).content.decode()
    assert _options(html, "scale") == ["skirmish", "clash", "battle", "reconquest"]
    assert "150 minutes" in html  # Dropzone's round length, left empty
    response = client.post(url, {"name": "Friday Skirmish", "kind": "community", "scale": "skirmish",
                                 "points_limit": "800", "planned_rounds": "2"})  # fmt: skip
    assert response.status_code == 302
    side = Event.objects.get(name="Friday Skirmish")
    assert (side.game_system, side.scale, side.points_limit) == ("dropzone-commander", "skirmish", 800)
    refused = client.post(url, {"name": "Other", "kind": "community", "scale": "grand-offensive",
                                "planned_rounds": "2"})  # fmt: skip
    assert "Dropzone Commander has no engagement scale" in refused.context["form"].errors["scale"][0]
