"""Army validation throughput on the real data pack (target: at least 5,000 rosters/s on one core).

10,000 seeded rosters are generated from the 2026-09-25 pack: about half built to the
rules (Part 9.1) and half with one or two random mistakes (a misspelt name, a model
count that is no Composition Option, an extra unit past the budget or the slots, a
second Unique card, a repeated or wrong-scale draft card...). Timed: validation alone,
then reading roster/1 JSON + validation, then reading the text format + validation.
Figures are the best of three runs.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Callable

from rules_engine.systems.starcraft_tmg import rules_pack
from rules_engine.systems.starcraft_tmg.army import validate_roster
from rules_engine.systems.starcraft_tmg.pack import DataPack, Faction
from rules_engine.systems.starcraft_tmg.roster_json import (
    Roster,
    RosterUnit,
    read_roster_json,
    write_roster_json,
)
from rules_engine.systems.starcraft_tmg.roster_text import read_roster_text, write_roster_text

ROSTERS = 10_000
TARGET = 5_000
LIMITS = {"skirmish": 1000, "standard": 2000}


def legal_roster(pack: DataPack, rng: random.Random, player: str) -> Roster:
    """Cards then units, each taken only if it still fits the gas, the minerals and the slots."""
    faction: Faction = rng.choice(pack.factions)
    scale = rng.choice(sorted(LIMITS))
    minerals, gas = LIMITS[scale], LIMITS[scale] // 10
    slots = dict(faction.slots)
    eligible = [c for c in pack.cards if c.tag_keys <= faction.tag_keys]
    cards: list[str] = []
    if faction.creep_required:
        creep = rng.choice([c for c in eligible if c.kind == "creep"])
        cards.append(creep.name)
        gas -= creep.gas
    for card in rng.sample([c for c in eligible if c.kind == "tactical"], k=min(6, len(eligible) - 2)):
        if card.gas <= gas:
            cards.append(card.name)
            gas -= card.gas
            for kind, count in card.slots.items():
                slots[kind] += count
    units: list[RosterUnit] = []
    musterable = [u for u in pack.units if not u.summoned and u.tag_keys <= faction.tag_keys]
    for _ in range(14):
        unit = rng.choice(musterable)
        composition = rng.choice(unit.compositions)
        upgrades = [u for u in unit.upgrades if rng.random() < 0.3 and not u.specialist]
        cost = composition.minerals + sum(u.costs[composition.models] for u in upgrades)
        assert unit.slot is not None
        taken = unit.unique and any(u.name == unit.name for u in units)
        if taken or cost > minerals or composition.supply > slots[unit.slot]:
            continue
        units.append(RosterUnit(unit.name, composition.models, tuple(u.name for u in upgrades)))
        minerals -= cost
        slots[unit.slot] -= composition.supply
    missions = rng.sample([m.name for m in pack.missions if scale in m.scales], 2)
    deployments = rng.sample([d.name for d in pack.deployments if d.scale == scale], 2)
    return Roster(
        game_system="starcraft-tmg",
        player=player,
        scale=scale,
        faction_card=faction.name,
        cards=tuple(cards),
        units=tuple(units),
        missions=tuple(missions),
        deployments=tuple(deployments),
    )


def _mistake(roster: Roster, pack: DataPack, rng: random.Random) -> Roster:
    units = list(roster.units)
    choice = rng.randrange(8)
    if choice == 0 and units:
        first = units[0]
        units[0] = RosterUnit("Z" + first.name[1:], first.models, first.upgrades)  # a misspelt name
    elif choice == 1 and units:
        units[-1] = RosterUnit(units[-1].name, units[-1].models + 1, units[-1].upgrades)
    elif choice == 2:
        big = max((u for u in pack.units if u.compositions), key=lambda u: u.compositions[-1].minerals)
        units += [RosterUnit(big.name, big.compositions[-1].models)] * 3
    elif choice == 3:
        return dataclasses.replace(roster, cards=(*roster.cards, *roster.cards[:2]))
    elif choice == 4:
        return dataclasses.replace(roster, missions=(roster.missions[0], roster.missions[0]))
    elif choice == 5:
        wrong = next(d.name for d in pack.deployments if d.scale != roster.scale)
        return dataclasses.replace(roster, deployments=(roster.deployments[0], wrong))
    elif choice == 6 and units:
        units[0] = RosterUnit(units[0].name, units[0].models, (*units[0].upgrades, "Laser Sight"))
    else:
        return dataclasses.replace(roster, faction_card=roster.faction_card + " Legion")
    return dataclasses.replace(roster, units=tuple(units))


def make_rosters(pack: DataPack, count: int = ROSTERS, seed: int = 11) -> list[Roster]:
    rng = random.Random(seed)
    rosters = []
    for i in range(count):
        roster = legal_roster(pack, rng, f"player {i}")
        for _ in range(rng.choice((0, 0, 1, 2))):
            roster = _mistake(roster, pack, rng)
        rosters.append(roster)
    return rosters


def _best_of(runs: int, work: Callable[[], None]) -> tuple[float, float]:
    """Best wall-clock and best CPU seconds over `runs` runs."""
    wall = cpu = float("inf")
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu


def run() -> None:
    pack = rules_pack()
    rosters = make_rosters(pack)
    legal = 0
    codes: set[str] = set()
    for roster in rosters:  # warm-up, and what the mix holds
        report = validate_roster(roster, pack)
        legal += report.legal
        codes.update(report.codes)
    json.dumps(report.as_json())
    as_json = [write_roster_json(r) for r in rosters]
    as_text = [write_roster_text(r) for r in rosters]

    # Each verdict is dropped as soon as it is made, as in a submission request.
    def validate_all() -> None:
        for roster in rosters:
            validate_roster(roster, pack)

    def from_json() -> None:
        for text in as_json:
            validate_roster(read_roster_json(text), pack)

    def from_text() -> None:
        for text in as_text:
            validate_roster(read_roster_text(text), pack)

    count = len(rosters)
    wall, cpu = _best_of(3, validate_all)
    verdict = "ok" if count / wall >= TARGET else "SLOW"
    print(
        f"rules: validated {count} rosters ({legal} legal, {count - legal} illegal) in {wall:.3f} s: "
        f"{count / wall:,.0f} rosters/s (target >= {TARGET:,}/s, one core) {verdict}",
        flush=True,
    )
    print(f"rules: validation on CPU time alone: {count / cpu:,.0f} rosters/s", flush=True)
    wall, _cpu = _best_of(3, from_json)
    print(f"rules: read roster/1 JSON + validate: {count / wall:,.0f} rosters/s", flush=True)
    wall, _cpu = _best_of(3, from_text)
    print(f"rules: read text format + validate: {count / wall:,.0f} rosters/s", flush=True)
    print(f"rules: violation codes in the mix: {len(codes)} ({', '.join(sorted(codes))})", flush=True)


if __name__ == "__main__":
    run()
