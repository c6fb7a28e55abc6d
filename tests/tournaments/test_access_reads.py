"""The access check's three reads in SQL made once give exactly the rows the ORM gives."""

from __future__ import annotations

import datetime as dt

import pytest
from django.forms.models import model_to_dict
from django.utils import timezone

from tests.builders.rows import add_staff, make_event
from tournaments.access import access_event
from tournaments.access_reads import entry_of, event_by_slug, staff_roles_of
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db


def _fields(row: object) -> dict[str, object]:
    return {f.attname: getattr(row, f.attname) for f in type(row)._meta.concrete_fields}  # type: ignore[attr-defined]


def test_the_event_read_equals_the_orms_to_the_last_field(alice):
    event = make_event(to=alice, players=2)
    # Values of every kind the row holds: dates, times, JSON, booleans, nulls.
    Event.objects.filter(pk=event.pk).update(
        roster_deadline=timezone.now() + dt.timedelta(days=3), registration_open=False, extra={"a": [1, 2]}
    )
    ours = event_by_slug(event.slug)
    orms = Event.objects.get(pk=event.pk)
    assert ours is not None
    assert _fields(ours) == _fields(orms)
    assert ours.extra == {"a": [1, 2]}
    assert ours.registration_open is False
    assert ours._state.adding is False
    assert ours._state.db == "default"
    assert model_to_dict(ours) == model_to_dict(orms)


def test_an_unknown_slug_reads_nothing():
    assert event_by_slug("no-such-event") is None


def test_the_entry_and_the_roles_are_the_callers_own(alice, judy):
    event = make_event(to=alice, players=3)
    player = Player.objects.filter(event=event).order_by("name").first()
    assert player is not None
    player.user = judy
    player.checked_in_at = timezone.now()
    player.save()
    add_staff(event, judy, "floor-judge")
    ours = entry_of(event.pk, judy.pk)
    assert ours is not None
    assert _fields(ours) == _fields(Player.objects.get(pk=player.pk))
    assert entry_of(event.pk, alice.pk) is None
    assert staff_roles_of(event.pk, judy.pk) == {"floor-judge"}
    assert staff_roles_of(event.pk, alice.pk) == {"to"}
    access = access_event(judy, event.slug)
    assert access.player == player
    assert access.roles == frozenset({"floor-judge", "player"})
