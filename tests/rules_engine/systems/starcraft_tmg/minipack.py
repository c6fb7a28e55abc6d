"""A small hand-made data pack and a legal base roster, with hand-worked numbers.

Kept independent of the real pack so the rules are tested even where the book's data
cannot reach (a unit with more SPECIALIST upgrades than models, a Standard-only mission).

Base roster ("alice", Test Raiders, standard: 2000 minerals, 200 gas):
  Faction Test Raiders    slots core 2, support 1, air 1, hero 1
  cards[0] Barracks       25 gas, +1 core                  -> core 3 available
  units[0] 6x Marine (AGG-12)   160 + 10 = 170, supply 1 core
  units[1] 9x Marine            210,            supply 2 core -> core 3/3
  units[2] 1x Hero              250,            supply 1 hero -> hero 1/1
  totals: 630 minerals, 25 gas, supply 4
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from rules_engine.systems.starcraft_tmg.pack import pack_from_document
from rules_engine.systems.starcraft_tmg.roster_json import Roster, roster_from_document


def _slots(**given: int) -> dict[str, int]:
    return {"core": 0, "elite": 0, "support": 0, "air": 0, "hero": 0, **given}


def _unit(
    name: str, tags: list[str], slot: str | None, options: list[tuple[int, int, int]], **more: Any
) -> dict[str, Any]:
    return {
        "name": name,
        "race": tags[0],
        "tags": tags,
        "slot": slot,
        "unique": more.pop("unique", False),
        "summoned": more.pop("summoned", False),
        "aliases": more.pop("aliases", []),
        "compositions": [{"models": m, "minerals": c, "supply": s} for m, c, s in options],
        "upgrades": more.pop("upgrades", []),
        "source": "test",
    }


def _card(
    name: str, tags: list[str], gas: int, kind: str = "tactical", unique: bool = False, **slots: int
) -> dict[str, Any]:
    return {
        "name": name,
        "kind": kind,
        "race": tags[0],
        "tags": tags,
        "unique": unique,
        "gas": gas,
        "slots": _slots(**slots),
        "aliases": [],
        "source": "test",
    }


MINI_DOCUMENT: dict[str, Any] = {
    "format": "datapack/1",
    "game_system": "starcraft-tmg",
    "effective": "2026-01-01",
    "source": "hand-made test pack",
    "factions": [
        {
            "name": "Test Raiders",
            "race": "Terran",
            "tags": ["Terran", "Raiders"],
            "unique": True,
            "slots": _slots(core=2, support=1, air=1, hero=1),
            "creep_required": False,
            "aliases": ["Raiders Faction"],
            "source": "test",
        },
        {
            "name": "Terran Army",
            "race": "Terran",
            "tags": ["Terran"],
            "unique": True,
            "slots": _slots(core=3, support=1, air=1),
            "creep_required": False,
            "aliases": [],
            "source": "test",
        },
        {
            "name": "Swarm",
            "race": "Zerg",
            "tags": ["Zerg"],
            "unique": True,
            "slots": _slots(core=3),
            "creep_required": True,
            "aliases": [],
            "source": "test",
        },
        {
            "name": "Brood",
            "race": "Zerg",
            "tags": ["Zerg", "Brood"],
            "unique": True,
            "slots": _slots(core=3),
            "creep_required": True,
            "aliases": [],
            "source": "test",
        },
    ],
    "cards": [
        _card("Barracks", ["Terran"], 25, core=1),
        _card("Academy", ["Terran"], 35, unique=True, support=2),
        _card("Raider Post", ["Terran", "Raiders"], 20, unique=True, core=1),
        _card("Spawning Pool", ["Zerg"], 25, core=2),
        _card("Creep A", ["Zerg"], 0, kind="creep", unique=True),
        _card("Creep B", ["Zerg", "Brood"], 10, kind="creep", unique=True),
    ],
    "units": [
        _unit(
            "Marine",
            ["Terran"],
            "core",
            [(6, 160, 1), (9, 210, 2)],
            upgrades=[
                {"name": "AGG-12", "specialist": True, "replaces": "C-14 Rifle", "costs": {"6": 10, "9": 10}},
                {
                    "name": "Rocket Launcher",
                    "specialist": True,
                    "replaces": None,
                    "costs": {"6": 40, "9": 40},
                },
                {"name": "Combat Shield", "specialist": False, "replaces": None, "costs": {"6": 20, "9": 30}},
                {"name": "Bayonet", "specialist": False, "replaces": "Strike", "costs": {"9": 30}},
            ],
        ),
        _unit("Hero", ["Terran"], "hero", [(1, 250, 1)], unique=True),
        _unit("Raider (Marine)", ["Terran", "Raiders"], "core", [(6, 230, 1)], aliases=["Raider"]),
        _unit(
            "Sniper",
            ["Terran"],
            "support",
            [(1, 100, 1)],
            upgrades=[
                {"name": "Scope", "specialist": True, "replaces": None, "costs": {"1": 10}},
                {"name": "Silencer", "specialist": True, "replaces": None, "costs": {"1": 15}},
                {"name": "Camo", "specialist": False, "replaces": None, "costs": {"1": 5}},
            ],
        ),
        _unit("Battlecruiser", ["Terran"], "air", [(1, 900, 1)]),
        _unit("Scout Drone", ["Terran"], "core", [(1, 30, 0)]),
        _unit("Defence Drone", ["Terran"], None, [], summoned=True),
        _unit("Zergling", ["Zerg"], "core", [(12, 180, 1), (18, 220, 2)]),
        _unit("Brood Raptor", ["Zerg", "Brood"], "core", [(6, 250, 1)]),
    ],
    "missions": [
        {"name": "Supply Drop", "scales": ["standard", "skirmish"], "aliases": []},
        {"name": "Hold Position", "scales": ["standard", "skirmish"], "aliases": []},
        {"name": "Frontlines", "scales": ["standard", "skirmish"], "aliases": []},
        {"name": "Siege", "scales": ["standard"], "aliases": []},
    ],
    "deployments": [
        {"name": "Gauntlet", "scale": "standard", "aliases": []},
        {"name": "Typhoon", "scale": "standard", "aliases": []},
        {"name": "Agria Valley", "scale": "skirmish", "aliases": []},
        {"name": "Dirt Side", "scale": "skirmish", "aliases": []},
    ],
    "decisions": [{"id": "T01", "subject": "test", "decision": "test", "reason": "test"}],
}

MINI = pack_from_document(MINI_DOCUMENT)
assert MINI.effective == dt.date(2026, 1, 1)

DEPLOYMENTS = {"standard": ["Gauntlet", "Typhoon"], "skirmish": ["Agria Valley", "Dirt Side"]}


def base_document(scale: str = "standard", **changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "roster/1",
        "game_system": "starcraft-tmg",
        "player": "alice",
        "scale": scale,
        "faction_card": "Test Raiders",
        "cards": ["Barracks"],
        "units": [
            {"name": "Marine", "models": 6, "upgrades": ["AGG-12"]},
            {"name": "Marine", "models": 9, "upgrades": []},
            {"name": "Hero", "models": 1, "upgrades": []},
        ],
        "missions": ["Supply Drop", "Hold Position"],
        "deployments": list(DEPLOYMENTS.get(scale, DEPLOYMENTS["standard"])),
    }
    if scale == "grand-offensive":
        doc["minerals"] = 2500
    doc.update(changes)
    return doc


def base_roster(scale: str = "standard", **changes: Any) -> Roster:
    return roster_from_document(base_document(scale, **changes))


def with_unit(
    doc: dict[str, Any], name: str, models: int, upgrades: list[str] | None = None
) -> dict[str, Any]:
    doc = dict(doc)
    doc["units"] = [*doc["units"], {"name": name, "models": models, "upgrades": upgrades or []}]
    return doc
