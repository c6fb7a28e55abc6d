"""Properties over the real 2026-09-25 pack: sums add up, removal never breaks, text round-trips."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.systems.starcraft_tmg import rules_pack
from rules_engine.systems.starcraft_tmg.army import validate_roster
from rules_engine.systems.starcraft_tmg.pack import SLOT_TYPES, Faction, Unit
from rules_engine.systems.starcraft_tmg.report import RosterReport
from rules_engine.systems.starcraft_tmg.roster_json import (
    Roster,
    RosterUnit,
    roster_from_document,
    roster_to_document,
)
from rules_engine.systems.starcraft_tmg.roster_text import read_roster_text, write_roster_text

PACK = rules_pack()
LIMITS = {"skirmish": 1000, "standard": 2000}
BUDGET_AND_SLOTS = {"minerals-over-limit", "gas-over-limit", "slots-exceeded"}
UPGRADE_NAMES = sorted({up.name for unit in PACK.units for up in unit.upgrades})


def _roster(**fields: Any) -> Roster:
    return Roster(game_system="starcraft-tmg", **fields)


@st.composite
def unit_entries(draw: st.DrawFn) -> RosterUnit:
    unit: Unit = draw(st.sampled_from(PACK.units))
    options = [c.models for c in unit.compositions] or [1]
    models = draw(st.one_of(st.sampled_from(options), st.integers(0, 20)))
    own = [u.name for u in unit.upgrades]
    upgrade = st.sampled_from(own) if own else st.sampled_from(UPGRADE_NAMES)
    upgrades = draw(
        st.lists(st.one_of(upgrade, st.sampled_from([*UPGRADE_NAMES, "Laser Sight"])), max_size=4)
    )
    name = draw(st.sampled_from([unit.name, *unit.aliases, unit.name.upper(), "Marin"]))
    return RosterUnit(name, models, tuple(upgrades))


@st.composite
def any_rosters(draw: st.DrawFn) -> Roster:
    """Legal or not, mostly made of real names."""
    return _roster(
        player="p",
        scale=draw(st.sampled_from(sorted(LIMITS))),
        faction_card=draw(st.sampled_from([f.name for f in PACK.factions] + ["Nobody"])),
        cards=tuple(draw(st.lists(st.sampled_from([c.name for c in PACK.cards] + ["Barraks"]), max_size=8))),
        units=tuple(draw(st.lists(unit_entries(), max_size=10))),
        missions=tuple(draw(st.lists(st.sampled_from([m.name for m in PACK.missions]), max_size=3))),
        deployments=tuple(draw(st.lists(st.sampled_from([d.name for d in PACK.deployments]), max_size=3))),
    )


@st.composite
def legal_rosters(draw: st.DrawFn) -> Roster:
    """Built to the rules by construction (Part 9.1), with its own arithmetic."""
    faction: Faction = draw(st.sampled_from(PACK.factions))
    scale = draw(st.sampled_from(sorted(LIMITS)))
    minerals_left, gas_left = LIMITS[scale], LIMITS[scale] // 10
    slots = dict(faction.slots)
    cards: list[str] = []
    eligible = [c for c in PACK.cards if set(c.tags) <= set(faction.tags)]
    if faction.creep_required:
        creep = draw(st.sampled_from([c for c in eligible if c.kind == "creep"]))
        cards.append(creep.name)
        gas_left -= creep.gas
    for card in draw(st.lists(st.sampled_from([c for c in eligible if c.kind == "tactical"]), max_size=8)):
        if card.gas > gas_left or (card.unique and card.name in cards):
            continue
        cards.append(card.name)
        gas_left -= card.gas
        for kind, count in card.slots.items():
            slots[kind] += count
    units: list[RosterUnit] = []
    musterable = [u for u in PACK.units if not u.summoned and set(u.tags) <= set(faction.tags)]
    for unit, pick, wanted in draw(
        st.lists(
            st.tuples(st.sampled_from(musterable), st.integers(0, 9), st.lists(st.integers(0, 9))),
            max_size=12,
        )
    ):
        composition = unit.compositions[pick % len(unit.compositions)]
        upgrades = []
        specialists = 0
        for index in wanted:
            if not unit.upgrades:
                break
            upgrade = unit.upgrades[index % len(unit.upgrades)]
            if upgrade.name in upgrades or (upgrade.specialist and specialists == composition.models):
                continue
            upgrades.append(upgrade.name)
            specialists += upgrade.specialist
        cost = composition.minerals + sum(
            next(u for u in unit.upgrades if u.name == name).costs[composition.models] for name in upgrades
        )
        assert unit.slot is not None
        if cost > minerals_left or composition.supply > slots[unit.slot]:
            continue
        if unit.unique and any(u.name == unit.name for u in units):
            continue
        units.append(RosterUnit(unit.name, composition.models, tuple(upgrades)))
        minerals_left -= cost
        slots[unit.slot] -= composition.supply
    missions = draw(st.permutations([m.name for m in PACK.missions if scale in m.scales]))[:2]
    deployments = draw(st.permutations([d.name for d in PACK.deployments if d.scale == scale]))[:2]
    return _roster(
        player="p",
        scale=scale,
        faction_card=faction.name,
        cards=tuple(cards),
        units=tuple(units),
        missions=tuple(missions),
        deployments=tuple(deployments),
    )


def _budget_and_slot_problems(report: RosterReport) -> set[tuple[str, str]]:
    return {
        (v.code, v.where if v.code == "slots-exceeded" else "")
        for v in report.violations
        if v.code in BUDGET_AND_SLOTS
    }


@settings(max_examples=300)
@given(any_rosters())
def test_totals_are_the_sum_of_the_parts(roster):
    report = validate_roster(roster, PACK)
    counted = [u for u in report.units if u.counted]
    assert report.totals.minerals == sum(u.minerals for u in counted)
    assert report.totals.supply == sum(u.supply for u in counted)
    assert report.totals.gas == sum(c.gas for c in report.cards if c.counted)
    for line in counted:
        assert line.minerals == line.composition_minerals + sum(
            u.minerals for u in line.upgrades if u.counted
        )
        unit = PACK.unit(line.name)
        assert unit is not None
        assert line.composition_minerals == unit.by_models[line.models].minerals
    for ledger in report.slots:
        assert ledger.used == sum(use.count for use in ledger.used_by)
        assert ledger.used == sum(u.supply for u in counted if u.slot == ledger.kind)
        assert ledger.available == sum(grant.count for grant in ledger.granted_by)
    assert len(report.units) == len(roster.units)
    assert len(report.cards) == len(roster.cards)
    assert {s.kind for s in report.slots} == set(SLOT_TYPES)


@settings(max_examples=300)
@given(legal_rosters())
def test_rosters_built_to_the_rules_are_legal(roster):
    report = validate_roster(roster, PACK)
    assert report.legal, [v.message for v in report.violations]


@settings(max_examples=200)
@given(legal_rosters(), st.integers(0, 20))
def test_removing_a_unit_keeps_a_legal_roster_legal(roster, pick):
    if not roster.units:
        return
    index = pick % len(roster.units)
    smaller = dataclasses.replace(roster, units=roster.units[:index] + roster.units[index + 1 :])
    report = validate_roster(smaller, PACK)
    assert _budget_and_slot_problems(report) == set()
    assert report.legal


@settings(max_examples=300)
@given(any_rosters(), st.integers(0, 20))
def test_removing_a_unit_never_adds_a_budget_or_slot_violation(roster, pick):
    # Any roster, legal or not. (Removing the first copy of a Unique unit is excluded: the
    # second copy then stands in, and it may cost more.)
    if not roster.units:
        return
    index = pick % len(roster.units)
    unit = PACK.unit(roster.units[index].name)
    if unit is not None and unit.unique:
        return
    smaller = dataclasses.replace(roster, units=roster.units[:index] + roster.units[index + 1 :])
    before = _budget_and_slot_problems(validate_roster(roster, PACK))
    after = _budget_and_slot_problems(validate_roster(smaller, PACK))
    assert after <= before


SAFE_NAME = st.from_regex(r"[A-Za-z][A-Za-z0-9' .\-]{0,18}[A-Za-z0-9]", fullmatch=True)


@st.composite
def writable_rosters(draw: st.DrawFn) -> Roster:
    names = st.one_of(SAFE_NAME, st.sampled_from([c.name for c in PACK.cards]))
    unit_names = st.one_of(SAFE_NAME, st.sampled_from([u.name for u in PACK.units]))
    units = draw(
        st.lists(
            st.builds(
                RosterUnit,
                unit_names,
                st.integers(0, 30),
                st.lists(st.one_of(SAFE_NAME, st.sampled_from(UPGRADE_NAMES)), max_size=3).map(tuple),
            ),
            max_size=6,
        )
    )
    scale = draw(st.sampled_from(["skirmish", "standard", "grand-offensive"]))
    return _roster(
        player=draw(SAFE_NAME),
        scale=scale,
        faction_card=draw(st.one_of(SAFE_NAME, st.sampled_from([f.name for f in PACK.factions]))),
        cards=tuple(draw(st.lists(names, max_size=5))),
        units=tuple(units),
        missions=tuple(draw(st.lists(SAFE_NAME, max_size=3))),
        deployments=tuple(draw(st.lists(SAFE_NAME, max_size=3))),
        minerals=draw(st.integers(2001, 9999)) if scale == "grand-offensive" else None,
    )


@settings(max_examples=300)
@given(writable_rosters())
def test_text_format_round_trips(roster):
    text = write_roster_text(roster)
    assert read_roster_text(text) == roster
    assert write_roster_text(read_roster_text(text)) == text


@settings(max_examples=100)
@given(any_rosters())
def test_json_round_trips(roster):
    assert roster_from_document(roster_to_document(roster)) == roster
