"""The event's supplied pack travels with the event/1 export and is checked on import."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from interchange.event_export import export_event
from interchange.event_import import import_event
from interchange.values import EventImportError
from standings.eventfile import parse_event
from tests.builders.rows import make_event
from tournaments.models import Event, EventPack
from tournaments.services.packs import event_pack_supply

pytestmark = pytest.mark.django_db

# A StarCraft TO's erratum (the systems without built-in data are imported once they run events).
PACK = Path(__file__).parents[2] / "rules_engine" / "systems" / "starcraft_tmg" / "data" / "2026-09-25.json"


@pytest.fixture
def exported(alice) -> dict[str, Any]:
    event = make_event(to=alice, slug="loot-night", players=4)
    event_pack_supply(event=event, actor=alice, content=PACK.read_bytes(), filename="errata.json")
    return export_event(event)


def test_both_exports_carry_the_pack_with_its_fingerprint(exported, alice):
    stored = EventPack.objects.get(event__slug="loot-night")
    assert exported["pack"]["fingerprint"] == stored.fingerprint
    assert exported["pack"]["document"] == stored.document
    public = export_event(Event.objects.get(slug="loot-night"), public=True)
    assert public["pack"]["fingerprint"] == stored.fingerprint


def test_import_restores_the_pack_and_a_reexport_is_the_same(exported):
    event = import_event(parse_event(copy.deepcopy(exported)), slug="loot-night-again")
    pack = EventPack.objects.get(event=event)
    assert pack.fingerprint == exported["pack"]["fingerprint"]
    assert pack.filename == "errata.json"
    assert "pack" not in event.extra
    assert export_event(event)["pack"] == exported["pack"]


def test_an_altered_pack_is_refused_and_nothing_is_stored(exported):
    altered = copy.deepcopy(exported)
    altered["pack"]["document"]["source"] = "edited by hand"
    with pytest.raises(EventImportError, match=r"pack\.fingerprint"):
        import_event(parse_event(altered), slug="tampered")
    broken = copy.deepcopy(exported)
    broken["pack"]["document"]["units"] = "none"
    del broken["pack"]["fingerprint"]
    with pytest.raises(EventImportError, match=r"pack\.document"):
        import_event(parse_event(broken), slug="broken")
    assert not Event.objects.filter(slug__in=["tampered", "broken"]).exists()
