"""A file with a top cut travels through import and export unchanged: `cut`, each cut
round's `stage`, the first one's `seeds` and a game's `winner` (no column holds the first
three; they are kept with the event)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bracket import event_bracket
from interchange.event_export import event_file_from_db, export_event
from interchange.event_import import import_event
from standings.eventfile import parse_event
from tests.bracket.helpers import cut_doc

pytestmark = pytest.mark.django_db


def as_file(data: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


@pytest.mark.parametrize("system", ["starcraft-tmg", "dropzone-commander"])
def test_the_cut_survives_an_import_and_an_export(system):
    semis: dict[str, Any] = {"table": 1, "players": ["p1", "p4"], "vp": [5, 5], "winner": "p4"}
    other: dict[str, Any] = {"table": 2, "players": ["p2", "p3"], "vp": [7, 2]}
    if system == "dropzone-commander":
        semis["kp"], other["kp"] = [100, 100], [300, 200]
    doc = cut_doc(
        system, players=6, size=4, cut_rounds=[{"seeds": ["p1", "p2", "p3", "p4"], "games": [semis, other]}]
    )
    event = import_event(parse_event(doc), slug="cut")
    exported = as_file(export_event(event))
    assert exported["cut"] == {"size": 4, "after_round": 1}
    cut_round = exported["rounds"][1]
    assert (cut_round["stage"], cut_round["seeds"]) == ("cut", ["p1", "p2", "p3", "p4"])
    assert cut_round["games"][0]["winner"] == "p4"
    assert "stage" not in exported["rounds"][0]
    again = import_event(parse_event(exported), slug="again")
    assert {k: v for k, v in as_file(export_event(again)).items() if k != "slug"} == {
        k: v for k, v in exported.items() if k != "slug"
    }
    # The export's record is typed: the bracket runs on it as on the file.
    record = event_file_from_db(event, rosters=False)
    assert record.cut is not None
    assert record.rounds[1].seeds == ("p1", "p2", "p3", "p4")
    assert event_bracket(record).alive == ("p2", "p4")
