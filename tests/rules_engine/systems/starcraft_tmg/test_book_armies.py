"""The book's own armies (Part 12.12 and the 9.1.7 example) against the real data pack.

Each fixture under rules_engine/systems/starcraft_tmg/examples/ carries the book's
figures in `expected`. The hand-worked sums below are from the book's printed line
items (Part 12.12 prints per-unit and per-card costs but no army totals; 9.1.7 prints
185 gas and 1670 minerals, and no Supply total).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine.registry import get_system
from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR, rules_pack
from rules_engine.systems.starcraft_tmg.army import validate_roster, validate_rosters
from rules_engine.systems.starcraft_tmg.pack import pack_gaps
from rules_engine.systems.starcraft_tmg.roster_json import roster_from_document

EXAMPLES = sorted(EXAMPLES_DIR.glob("*.json"))

# Hand-worked from the book (line numbers in the seed text), independent of `expected`.
BOOK = {
    # 12.12 Terran Starter: 280 + 170 + 190 + 140 + 220; gas 25 + 35 + 25; supply 2+1+1+1+2
    "terran-starter": (1000, 85, 7),
    # 12.12 Terran Founders: 210 + 230 + 170 + 140 + 250; gas 25 + 35 + 25
    "terran-founders": (1000, 85, 5),
    # 12.12 Zerg Starter: 260 + 280 + 300 + 160; gas 0 + 30 + 25 + 35
    "zerg-starter": (1000, 90, 6),
    # 12.12 Zerg Founders: 180 + 250 + 170 + 150 + 250; gas 10 + 30 + 25 + 25
    "zerg-founders": (1000, 90, 5),
    # 12.12 Protoss Starter: 210 + 190 + 180 + 210 + 210; gas 30 + 45 + 25
    "protoss-starter": (1000, 100, 6),
    # 12.12 Protoss Founders: 170 + 280 + 170 + 130 + 250; gas 25 + 35 + 25
    "protoss-founders": (1000, 85, 7),
    # 9.1.7: 1670 minerals (line 1334), 185 gas (line 1315), supply 2+2+1+2+1+1+1+1+2
    "raynors-raiders-9-1-7": (1670, 185, 13),
}


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _example(stem: str) -> dict[str, Any]:
    return _load(EXAMPLES_DIR / f"{stem}.json")


def test_the_pack_has_every_example_army():
    assert {p.stem for p in EXAMPLES} >= set(BOOK)


def test_pack_loads_without_gaps():
    pack = rules_pack()
    assert pack.version == "2026-09-25"
    assert pack_gaps(pack) == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_book_army_is_legal_with_the_books_costs(path):
    doc = _load(path)
    report = validate_roster(roster_from_document(doc), rules_pack())
    assert report.legal, [v.message for v in report.violations]
    totals = (report.totals.minerals, report.totals.gas, report.totals.supply)
    expected = doc["expected"]
    # No example's `notes` records a contradiction between the book's totals and its line
    # items (DECISIONS.md, "Example armies and their totals"), so all three must agree.
    assert totals == (expected["minerals"], expected["gas"], expected["supply"])
    if path.stem in BOOK:
        assert totals == BOOK[path.stem]


def test_book_unit_costs_line_by_line():
    # Part 12.12, Zerg Starter: each printed COST is composition + upgrades.
    report = validate_roster(roster_from_document(_example("zerg-starter")), rules_pack())
    assert [(u.name, u.minerals, u.supply) for u in report.units] == [
        ("Swarmling (Zergling)", 260, 1),
        ("Corpser (Roach)", 280, 1),  # 240 + Burrow Ambush 20 + Tunneling Claws 10 + Hydriodic Bile 10
        ("Hydralisk", 300, 3),  # 260 + Ancillary Carapace 40 (4 models)
        ("Queen", 160, 1),
    ]


def test_9_1_7_slot_ledger_matches_the_book():
    # Line 1336: "Slots used: 8/8 Core · 1/1 Hero · 2/3 Support · 0/1 Air · 2/2 Elite".
    report = validate_roster(roster_from_document(_example("raynors-raiders-9-1-7")), rules_pack())
    used = {s.kind: (s.used, s.available) for s in report.slots}
    assert used == {"core": (8, 8), "hero": (1, 1), "support": (2, 3), "air": (0, 1), "elite": (2, 2)}
    warnings = {w.code: w.message for w in report.warnings}
    assert warnings["gas-unspent"].startswith("15 of 200")  # "15 Vespene Gas remaining" (line 1317)
    assert warnings["minerals-unspent"].startswith("330 of 2000")  # "330 Minerals remain" (line 1334)


def test_the_registry_hook_uses_the_pack_in_effect():
    doc = _example("terran-founders")
    result = get_system("starcraft-tmg").validate_rosters([roster_from_document(doc)])
    assert result.legal
    assert result.rosters[0].rules_version == "2026-09-25"


# --- a failing roster for every code, built from the book's armies -----------------------------


def _mutated(stem: str, change) -> dict[str, Any]:
    doc = copy.deepcopy(_example(stem))
    change(doc)
    return doc


def _unit(doc: dict[str, Any], index: int, **fields: Any) -> None:
    doc["units"][index].update(fields)


REAL_MISTAKES = {
    # Terran Founders (skirmish, exactly 1000 of 1000 minerals, 85 of 100 gas)
    "unknown-faction": ("terran-founders", lambda d: d.update(faction_card="Raynor's Raider")),
    "unknown-unit": ("terran-founders", lambda d: d["units"].append({"name": "Marin", "models": 9})),
    "unknown-card": ("terran-founders", lambda d: d["cards"].__setitem__(0, "Barraks")),
    "unknown-upgrade": ("terran-founders", lambda d: d["units"][0]["upgrades"].append("Laser Sight")),
    "unknown-mission": ("terran-founders", lambda d: d["missions"].__setitem__(1, "Divide and Concur")),
    "unknown-deployment": ("terran-founders", lambda d: d["deployments"].__setitem__(1, "Dirty Side")),
    "faction-tag-mismatch": ("terran-founders", lambda d: d["cards"].append("Spawning Pool")),
    "invalid-composition": ("terran-founders", lambda d: _unit(d, 0, models=7)),
    "summoned-unit": (
        "terran-founders",
        lambda d: d["units"].append({"name": "Point Defence Drone", "models": 1}),
    ),
    "minerals-over-limit": ("terran-founders", lambda d: _unit(d, 2, models=4)),  # Marauder 4: 280 + 40
    "gas-over-limit": ("terran-founders", lambda d: d["cards"].append("Engineering Bay")),  # 85 + 25
    # Goliath (Elite, Supply 2) for the 210-mineral Marine: Raynor's Raiders has no Elite slot
    "slots-exceeded": (
        "terran-founders",
        lambda d: d["units"].__setitem__(0, {"name": "Goliath", "models": 1, "upgrades": []}),
    ),
    "unique-duplicated": (
        "terran-founders",
        lambda d: d["units"].append({"name": "Jim Raynor", "models": 1}),
    ),
    "upgrade-not-allowed": ("terran-founders", lambda d: _unit(d, 4, upgrades=["Combat Shield"])),
    "upgrade-duplicated": ("terran-founders", lambda d: d["units"][0]["upgrades"].append("agg-12")),
    "missions-count": ("terran-founders", lambda d: d["missions"].append("Hold Position")),
    "deployments-count": ("terran-founders", lambda d: d["deployments"].pop()),
    "deployment-wrong-scale": ("terran-founders", lambda d: d["deployments"].__setitem__(1, "Gauntlet")),
    "duplicate-mission": ("terran-founders", lambda d: d["missions"].__setitem__(1, "SUPPLY DROP")),
    "duplicate-deployment": ("terran-founders", lambda d: d["deployments"].__setitem__(1, "Agria Valley")),
    # Zerg Founders (Kerrigan's Swarm must take exactly one Creep Card)
    "creep-card-required": ("zerg-founders", lambda d: d["cards"].remove("Malignant Creep")),
}


@pytest.mark.parametrize("code", sorted(REAL_MISTAKES))
def test_real_pack_one_mistake_one_code(code):
    stem, change = REAL_MISTAKES[code]
    report = validate_roster(roster_from_document(_mutated(stem, change)), rules_pack())
    assert [v.code for v in report.violations] == [code], [v.message for v in report.violations]


def test_two_creep_cards_is_creep_card_required():
    doc = _mutated("zerg-founders", lambda d: d["cards"].append("Accelerating Creep"))
    report = validate_roster(roster_from_document(doc), rules_pack())
    assert [v.code for v in report.violations] == ["creep-card-required"]


def test_zerg_swarm_cannot_take_malignant_creep():
    # D21: Malignant Creep carries Kerrigan's Swarm; swapping it in is one mistake.
    doc = _mutated("zerg-starter", lambda d: d["cards"].__setitem__(0, "Malignant Creep"))
    report = validate_roster(roster_from_document(doc), rules_pack())
    assert [v.code for v in report.violations] == ["faction-tag-mismatch"]


def test_the_interchange_sample_roster_uses_skirmish_deployments():
    # docs/interchange.md's sample is a standard roster with Agria Valley and Dirt Side, which the
    # book prints as Skirmish Level cards (DECISIONS.md D23): both are reported.
    doc = {
        "format": "roster/1",
        "game_system": "starcraft-tmg",
        "player": "Katherine",
        "scale": "standard",
        "faction_card": "Raynor's Raiders",
        "cards": ["Barracks", "Academy", "Orbital Command"],
        "units": [
            {"name": "Marine", "models": 6, "upgrades": ["AGG-12", "Rocket Launcher"]},
            {"name": "Jim Raynor", "models": 1, "upgrades": []},
        ],
        "missions": ["Supply Drop", "Divide and Conquer"],
        "deployments": ["Agria Valley", "Dirt Side"],
    }
    report = validate_roster(roster_from_document(doc), rules_pack())
    assert [(v.code, v.where) for v in report.violations] == [
        ("deployment-wrong-scale", "deployments[0]"),
        ("deployment-wrong-scale", "deployments[1]"),
    ]
    assert report.totals.minerals == 210 + 250


def test_dual_list_of_two_book_armies():
    terran = roster_from_document(_example("terran-starter"))
    raiders = roster_from_document(_example("terran-founders"))
    zerg = roster_from_document(_example("zerg-starter"))
    pack = rules_pack()
    assert validate_rosters([terran, raiders], pack).legal  # both Terran
    mixed = validate_rosters([terran, zerg], pack)
    assert [v.code for v in mixed.violations] == ["dual-list-faction-mismatch"]
    assert [v.code for v in validate_rosters([terran, raiders, terran], pack).violations] == [
        "dual-list-too-many"
    ]
