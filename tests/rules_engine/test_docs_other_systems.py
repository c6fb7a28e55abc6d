"""docs/violations-other-systems.md: every example is what the validator says, and every
docs/interchange.md code of each system is documented (docs/interchange.md, "Other game systems")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules_engine.systems.morsdei import sample_pack as msample
from rules_engine.systems.morsdei.warband import validate_warband, warband_from_document
from rules_engine.systems.warpspawn_starcraft import builtin_pack
from rules_engine.systems.warpspawn_starcraft.deck import deck_from_document, validate_deck
from tests.rules_engine.systems.dropzone_commander.conftest import CORE, UCM12, army, judge

DOC = (Path(__file__).resolve().parents[2] / "docs" / "violations-other-systems.md").read_text(
    encoding="utf-8"
)

F = [{"id": "mbt", "name": "Main Battle Tank", "models": 4}]
dz = {
    "unit-wrong-faction": army(
        [{"id": "h", "name": "Hunter Drone", "models": 2}], points=800, cards=None, commanders=[]
    ),
    "invalid-squad-size": army(
        [{"id": "m", "name": "Main Battle Tank", "models": 10}], points=800, cards=None
    ),
    "unknown-variant": army(
        [{"id": "s", "name": "Sabre", "models": 3, "variants": {"Sabre": 2}}], points=800, cards=None
    ),
    "points-over-limit": army(
        [
            {"id": "m", "name": "Main Battle Tank", "models": 9},
            {"id": "n", "name": "Main Battle Tank", "models": 9},
        ],
        points=600,
        cards=None,
    ),
    "groups-over-limit": army(
        [{"id": f"m{i}", "name": "Main Battle Tank", "models": 2} for i in range(10)], points=1000, cards=None
    ),
    "category-over-standard": army(
        [{"id": "m", "name": "Main Battle Tank", "models": 3}, {"id": "g", "name": "Gladius", "models": 2}],
        points=800,
        cards=None,
    ),
    "group-over-quarter": army(
        [{"id": "m", "name": "Main Battle Tank", "models": 4}], points=559, cards=None
    ),
    "rare-over-limit": army(
        [
            {"id": "m", "name": "Main Battle Tank", "models": 7},
            {"id": "a1", "name": "Archangel", "models": 1},
            {"id": "a2", "name": "Archangel", "models": 1},
        ],
        points=1000,
        cards=None,
    ),
    "transport-incompatible": army(
        [
            *F,
            {"id": "c", "name": "Condor", "models": 1},
            {"id": "l", "name": "Legionnaires", "models": 3, "aboard": "c"},
        ],
        points=800,
        cards=None,
    ),
    "transport-without-cargo": army([*F, {"id": "c", "name": "Condor", "models": 1}], points=800, cards=None),
    "transports-insufficient": army(
        [
            *F,
            {"id": "s", "name": "Sabre", "models": 4, "aboard": "c"},
            {"id": "c", "name": "Condor", "models": 1},
        ],
        points=800,
        cards=None,
    ),
    "transport-not-full": army(
        [
            *F,
            {"id": "s", "name": "Sabre", "models": 4, "aboard": "c"},
            {"id": "c", "name": "Condor", "models": 2},
        ],
        points=1500,
    ),
    "shared-transport-not-single": army(
        [
            *F,
            {"id": "c", "name": "Condor", "models": 2},
            {"id": "s1", "name": "Sabre", "models": 3, "aboard": "c"},
            {"id": "s2", "name": "Sabre", "models": 3, "aboard": "c"},
        ],
        points=2000,
    ),
    "shared-transport-too-many-squads": army(
        F
        + [{"id": "alb", "name": "Albatross", "models": 1}]
        + [{"id": f"s{i}", "name": "Sabre", "models": 1, "aboard": "alb"} for i in range(6)]
        + [{"id": "g", "name": "Gladius", "models": 2, "aboard": "alb"}],
        points=3000,
    ),
    "commander-required": army(F, points=800, cards=None, commanders=[]),
    "commander-level-not-allowed": army(F, points=800, cards=None, commanders=[{"level": 6, "squad": "mbt"}]),
    "unknown-commander": army(F, points=1500, commanders=[{"name": "General Nobody", "squad": "mbt"}]),
    "commander-unassigned": army(F, points=800, cards=None, commanders=[{"level": 4}]),
    "commanders-in-one-squad": army(
        F, points=800, cards=None, commanders=[{"level": 4, "squad": "mbt"}, {"level": 5, "squad": "mbt"}]
    ),
    "commander-not-allowed-on-unit": army(
        [*F, {"id": "a", "name": "Archangel", "models": 1}],
        points=2000,
        commanders=[{"level": 4, "squad": "a"}],
    ),
    "deck-required": army(F, points=1500, cards=None),
    "deck-size": army(F, points=1500, cards=CORE),
    "card-wrong-faction": army(
        F, points=1500, cards=CORE + UCM12[:-1] + [{"name": "UCM Card 09", "copies": 1}, "Scourge Card 01"]
    ),
    "card-copies-exceeded": army(
        F, points=1500, cards=CORE + UCM12[:-1] + [{"name": "Core Card 01", "copies": 2}]
    ),
    "special-card-not-available": army(
        F,
        points=1500,
        cards=CORE + UCM12[:-1] + [{"name": "UCM Card 09", "copies": 1}, "Sample Special Orders"],
    ),
}


def mdoc(faction="Ashen Wardens", units=None):
    return {
        "format": "roster/1",
        "game_system": "morsdei",
        "player": "Bob",
        "faction": faction,
        "units": units,
    }


mo = {
    "unit-wrong-faction": mdoc(units=[{"name": "Kin Boss"}]),
    "base-size-mismatch": mdoc(units=[{"name": "Warden Hound", "base": "32mm"}]),
    "warband-empty": mdoc(units=[]),
    "unknown-upgrade": mdoc(units=[{"name": "Warden Sergeant", "upgrades": ["Plasma Gun"]}]),
}


def wdoc(faction="Terran", cards=None):
    return {
        "format": "roster/1",
        "game_system": "warpspawn-starcraft",
        "player": "Alice",
        "faction": faction,
        "cards": cards,
    }


ws = {
    "card-wrong-faction": wdoc(cards=["Zerglings"]),
    "card-copies-exceeded": wdoc(cards=[{"name": "Marine", "copies": 9}]),
}

CONTRACT = {
    "Dropzone Commander": set(dz),
    "MORSDEI": set(mo) | {"warband-size"},
    "Warpspawn": set(ws),
}


def _documented() -> dict[str, dict[str, dict[str, str]]]:
    """System heading -> code -> the documented violation."""
    found: dict[str, dict[str, dict[str, str]]] = {}
    for section in re.split(r"^## ", DOC, flags=re.MULTILINE)[1:]:
        title = section.split(" (")[0].strip()
        found[title] = {}
        for code, block in re.findall(
            r"^### `([a-z-]+)`.*?```json\n(.*?)\n```", section, re.MULTILINE | re.DOTALL
        ):
            found[title][code] = json.loads(block)
        for code in re.findall(r"^### `([a-z-]+)`", section, re.MULTILINE):
            found[title].setdefault(code, {})
    return found


def test_every_code_of_the_contract_is_documented():
    documented = _documented()
    for system, codes in CONTRACT.items():
        assert set(documented[system]) == codes, system


@pytest.mark.parametrize(
    ("system", "cases", "run"),
    [
        ("Dropzone Commander", dz, judge),
        ("MORSDEI", mo, lambda d: validate_warband(warband_from_document(d), msample())),
        ("Warpspawn", ws, lambda d: validate_deck(deck_from_document(d), builtin_pack())),
    ],
)
def test_every_example_is_the_validators_own_output(system, cases, run):
    documented = _documented()[system]
    for code, doc in cases.items():
        said = next(v.as_json() for v in run(doc).violations if v.code == code)
        assert documented[code] == said, code
