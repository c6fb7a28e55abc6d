"""Names are one line: no line breaks, tabs or other control characters, for every way in."""

from __future__ import annotations

import pytest

from tests.builders.rows import make_event
from tournaments.errors import ServiceError
from tournaments.models import Event, Player
from tournaments.services.events import event_create, event_update
from tournaments.services.players import player_register

pytestmark = pytest.mark.django_db

BAD = ["Bob\nSmith", "Bob\r\nBcc: x@example.org", "Bob\tSmith", "Bob\x07", "Bob\u2028Smith", "Bob\x85Smith"]


@pytest.mark.parametrize("name", BAD)
def test_a_player_name_with_a_control_character_is_refused(alice, name):
    event = make_event(to=alice)
    with pytest.raises(ServiceError) as caught:
        player_register(event=event, name=name, by=alice)
    assert caught.value.code == "control-characters"
    assert caught.value.field == "name"
    assert not Player.objects.filter(event=event).exists()


@pytest.mark.parametrize("name", BAD)
def test_an_event_name_with_a_control_character_is_refused(alice, name):
    with pytest.raises(ServiceError) as caught:
        event_create(creator=alice, name=name)
    assert caught.value.code == "control-characters"
    event = make_event(to=alice)
    with pytest.raises(ServiceError):
        event_update(event=event, actor=alice, name=name)
    event.refresh_from_db()
    assert "\n" not in event.name
    assert Event.objects.count() == 1


def test_the_api_and_the_csv_import_refuse_it_too(api, world):
    response = api("alice").post(f"{world.api_url()}players/", {"name": "Zed\nBcc: x@y.org"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "control-characters"
    imported = api("alice").post(
        f"{world.api_url()}players/import/", {"csv": 'Name\n"Zed\nBcc"\n'}, format="json"
    )
    assert imported.status_code == 400
    assert "one line" in imported.json()["message"]
    assert not Player.objects.filter(event=world.event, name__startswith="Zed").exists()
