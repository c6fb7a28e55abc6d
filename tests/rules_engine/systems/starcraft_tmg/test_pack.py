"""Loading StarCraft's data packs: frozen, indexed by forgiving names, versioned by date, cached."""

from __future__ import annotations

import copy
import dataclasses
import datetime as dt
import json
from typing import Any

import pytest

from rules_engine.names import name_key
from rules_engine.registry import NoPackInEffect, discover_packs
from rules_engine.systems.starcraft_tmg import SYSTEM, rules_pack
from rules_engine.systems.starcraft_tmg.pack import PackError, load_pack, pack_from_document, pack_gaps
from tests.rules_engine.systems.starcraft_tmg.minipack import MINI, MINI_DOCUMENT


def test_lookups_use_names_and_aliases():
    assert getattr(MINI.unit("raider"), "name", None) == "Raider (Marine)"
    assert getattr(MINI.unit("RAIDER (MARINE)"), "name", None) == "Raider (Marine)"
    assert getattr(MINI.faction("raiders faction"), "name", None) == "Test Raiders"
    assert getattr(MINI.card("barracks"), "gas", None) == 25
    assert getattr(MINI.mission("hold-position"), "name", None) == "Hold Position"
    assert getattr(MINI.deployment("agria valley"), "scale", None) == "skirmish"
    assert MINI.unit("Nothing") is None
    assert MINI.is_upgrade("combat shield")
    assert not MINI.is_upgrade("laser sight")


def test_pack_entries_are_frozen():
    marine = MINI.unit("Marine")
    assert marine is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        marine.name = "Space Marine"  # type: ignore[misc]
    with pytest.raises(TypeError):
        marine.by_models[12] = marine.compositions[0]  # type: ignore[index]
    assert marine.by_models[9].minerals == 210
    assert marine.upgrade_index[name_key("AGG-12")].costs == {6: 10, 9: 10}


def test_real_pack_summoned_units_have_no_slot():
    pack = rules_pack()
    drone = pack.unit("Point Defence Drone")
    assert drone is not None
    assert drone.summoned
    assert drone.slot is None
    assert {u.name for u in pack.units if u.summoned} == {
        "Point Defense Drone",
        "Omega Worm",
        "Roachling",
        "Pylon",
    }


def test_real_pack_upgrade_aliases():
    # DECISIONS.md D14: card spellings are aliases of the Part 12.10 names.
    corpser = rules_pack().unit("Corpser (Roach)")
    assert corpser is not None
    assert corpser.upgrade_index[name_key("Tunnelling Claws")].name == "Tunneling Claws"


def _broken(change) -> dict[str, Any]:
    doc = copy.deepcopy(MINI_DOCUMENT)
    change(doc)
    return doc


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.update(format="datapack/2"), "expected 'datapack/1'"),
        (lambda d: d.update(game_system="chess"), "expected 'starcraft-tmg'"),
        (lambda d: d.update(effective="soon"), "not YYYY-MM-DD"),
        (lambda d: d["units"][0].update(slot="flank"), "units[0] (Marine).slot must be one of"),
        (lambda d: d["units"][0]["compositions"][0].update(minerals=-5), "minerals must be a whole number"),
        (lambda d: d["cards"][0].pop("gas"), "cards[0] (Barracks): missing field 'gas'"),
        (lambda d: d["cards"][0].update(kind="faction"), "kind must be one of tactical, creep"),
        (lambda d: d["cards"][0]["slots"].update(flank=1), "unknown slot types ['flank']"),
        (lambda d: d["deployments"][0].update(scale="huge"), "known scales"),
        (lambda d: d["units"][1].update(aliases=["marine"]), "cannot be told apart"),
        (lambda d: d["units"][0].update(compositions=[]), "needs at least one composition option"),
        (lambda d: d.pop("missions"), "must be a list"),
    ],
)
def test_broken_packs_are_refused_with_the_entry_named(change, fragment):
    with pytest.raises(PackError) as info:
        pack_from_document(_broken(change))
    assert fragment in str(info.value)


def test_file_name_and_effective_date_must_agree(tmp_path):
    path = tmp_path / "2027-01-01.json"
    path.write_text(json.dumps(MINI_DOCUMENT), encoding="utf-8")
    with pytest.raises(PackError, match="file name says 2027-01-01"):
        load_pack(path)


def test_load_pack_is_cached(tmp_path):
    path = tmp_path / "2026-01-01.json"
    path.write_text(json.dumps(MINI_DOCUMENT), encoding="utf-8")
    assert load_pack(path) is load_pack(path)
    assert rules_pack() is rules_pack()


def test_pack_for_picks_the_latest_pack_in_effect(tmp_path):
    for effective in ("2026-01-01", "2026-06-01"):
        doc = dict(MINI_DOCUMENT, effective=effective)
        (tmp_path / f"{effective}.json").write_text(json.dumps(doc), encoding="utf-8")
    system = dataclasses.replace(SYSTEM, packs=discover_packs(tmp_path, "test"))
    assert load_pack(system.pack_for(dt.date(2026, 5, 31)).path).version == "2026-01-01"
    assert load_pack(system.pack_for(dt.date(2026, 6, 1)).path).version == "2026-06-01"
    with pytest.raises(NoPackInEffect):
        system.pack_for(dt.date(2025, 12, 31))


def test_rules_pack_before_the_first_pack_is_refused():
    with pytest.raises(NoPackInEffect):
        rules_pack(dt.date(2026, 9, 24))


def test_pack_gaps_reports_an_upgrade_without_a_price():
    assert pack_gaps(MINI) == ["Marine: upgrade Bayonet has no cost for [6] models"]
