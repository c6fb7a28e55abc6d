"""A seat the TO invited an account to travels in the full file, never in the public one."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from interchange.event_export import export_event
from interchange.event_import import import_event
from standings.eventfile import parse_event
from tests.builders.rows import make_event
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def test_an_invited_seat_round_trips_and_stays_out_of_the_public_file(alice, bob):
    event = make_event(to=alice)
    Player.objects.create(
        event=event, name="Bob B", external_id="p1", invited_user=bob, invited_at=timezone.now()
    )
    full = json.loads(json.dumps(export_event(event)))
    [seat] = full["players"]
    assert seat["invited_user"] == "bob"
    assert "invited_at" in seat
    public = export_event(event, public=True)
    assert "invited_user" not in public["players"][0]
    assert "invited_at" not in public["players"][0]
    # Linked on import only through an explicit mapping, like every account.
    unlinked = import_event(parse_event(full), slug="copy-a")
    assert unlinked.players.get().invited_user is None
    assert export_event(unlinked)["players"][0]["invited_user"] == "bob"  # kept, as the file said
    linked = import_event(parse_event(full), slug="copy-b", link_users={"bob": "bob"})
    assert linked.players.get().invited_user == bob
