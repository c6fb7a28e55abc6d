from __future__ import annotations

import pytest

from rules_engine.systems.dropzone_commander import sample_pack
from rules_engine.systems.dropzone_commander.army import validate_army
from rules_engine.systems.dropzone_commander.roster import roster_from_document

CORE = [{"name": f"Core Card {i:02d}", "copies": 3 if i <= 3 else 2} for i in range(1, 16)]  # 33
UCM12 = [{"name": f"UCM Card {i:02d}", "copies": 2} for i in range(4, 10)]  # 12


def army(units, *, points=1500, commanders=None, cards=CORE + UCM12, faction="UCM", **extra):
    doc = {
        "format": "roster/1",
        "game_system": "dropzone-commander",
        "player": "Alice",
        "faction": faction,
        "points": points,
        "units": units,
        "commanders": commanders if commanders is not None else [{"level": 4, "squad": units[0]["id"]}],
        **extra,
    }
    if cards is not None:
        doc["cards"] = cards
    return doc


def judge(doc, **kw):
    return validate_army(roster_from_document(doc), sample_pack(), **kw)


def pairs(report):
    return [(v.code, v.where) for v in report.violations]


@pytest.fixture
def legal_clash():
    return army(
        [
            {"id": "mbt", "name": "Main Battle Tank", "models": 4},
            {"id": "sabres", "name": "Sabre", "models": 3, "aboard": "condor"},
            {"id": "condor", "name": "Condor", "models": 1},
            {"id": "legion", "name": "Legionnaires", "models": 3, "aboard": "bear"},
            {"id": "bear", "name": "Bear APC", "models": 1},
            {"id": "gladius", "name": "Gladius", "models": 2},
            {"id": "hazard", "name": "Hazard Suits", "models": 2, "aboard": "ferrets"},
            {"id": "ferrets", "name": "Ferret", "models": 2},
        ],
        commanders=[{"level": 5, "squad": "mbt"}],
    )
