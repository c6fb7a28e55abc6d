"""StarCraft's roster report: totals and limits in Minerals and Vespene Gas, the slot ledger
(which card gave each slot and which unit took it), what each unit and card cost.

Part 9.1 (army building) decides every figure here; `as_json` is the `validate_roster
--json` roster shape of docs/interchange.md and `from_json` reads a stored one back
(an older one forgivingly: a missing key is its default). The core verdict
(`rules_engine.verdict`) holds this report through its generic `Report` interface.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.verdict import Advice, Report, Violation, as_int, as_list, as_map, as_str


@dataclass(frozen=True, slots=True)
class UpgradeLine:
    name: str
    minerals: int
    counted: bool


@dataclass(frozen=True, slots=True)
class UnitLine:
    """One roster unit as priced. `counted` is False when an error keeps it out of the totals."""

    name: str
    models: int
    supply: int
    minerals: int  # composition + counted upgrades
    composition_minerals: int
    upgrades: tuple[UpgradeLine, ...]
    slot: str | None
    counted: bool

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "models": self.models,
            "supply": self.supply,
            "minerals": self.minerals,
            "slot": self.slot,
            "counted": self.counted,
            "breakdown": {
                "composition": self.composition_minerals,
                "upgrades": [
                    {"name": u.name, "minerals": u.minerals, "counted": u.counted} for u in self.upgrades
                ],
            },
        }

    @classmethod
    def from_json(cls, data: Any) -> UnitLine:
        d = as_map(data)
        breakdown = as_map(d.get("breakdown"))
        slot = d.get("slot")
        return cls(
            name=as_str(d.get("name")),
            models=as_int(d.get("models")),
            supply=as_int(d.get("supply")),
            minerals=as_int(d.get("minerals")),
            composition_minerals=as_int(breakdown.get("composition")),
            upgrades=tuple(
                UpgradeLine(as_str(u.get("name")), as_int(u.get("minerals")), bool(u.get("counted", True)))
                for u in map(as_map, as_list(breakdown.get("upgrades")))
            ),
            slot=slot if isinstance(slot, str) else None,
            counted=bool(d.get("counted", True)),
        )


@dataclass(frozen=True, slots=True)
class CardLine:
    name: str
    kind: str
    gas: int
    counted: bool

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "gas": self.gas, "counted": self.counted}

    @classmethod
    def from_json(cls, data: Any) -> CardLine:
        d = as_map(data)
        return cls(
            as_str(d.get("name")), as_str(d.get("kind")), as_int(d.get("gas")), bool(d.get("counted", True))
        )


@dataclass(frozen=True, slots=True)
class SlotGrant:
    source: str
    where: str  # "faction_card" or "cards[i]"
    count: int


@dataclass(frozen=True, slots=True)
class SlotUse:
    unit: str
    where: str  # "units[i]"
    count: int


@dataclass(frozen=True, slots=True)
class SlotLedger:
    """One slot type: which card gave each slot and which unit took it."""

    kind: str
    available: int
    used: int
    granted_by: tuple[SlotGrant, ...]
    used_by: tuple[SlotUse, ...]


@dataclass(frozen=True, slots=True)
class Totals:
    minerals: int
    gas: int
    supply: int


@dataclass(frozen=True, slots=True)
class Limits:
    """An army's own budget; None for both in a team game, where the budget is the team's
    (Part 9.1.8)."""

    minerals: int | None
    gas: int | None


@dataclass(frozen=True, slots=True)
class RosterReport:
    player: str
    faction: str
    race: str | None  # None when the Faction Card is unknown
    scale: str
    rules_version: str
    totals: Totals
    limits: Limits
    slots: tuple[SlotLedger, ...]
    units: tuple[UnitLine, ...]
    cards: tuple[CardLine, ...]
    violations: tuple[Violation, ...]
    warnings: tuple[Advice, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def codes(self) -> set[str]:
        return {v.code for v in self.violations}

    def with_violations_first(self, first: Sequence[Violation]) -> RosterReport:
        return dataclasses.replace(self, violations=(*first, *self.violations))

    def with_violations(self, violations: Sequence[Violation]) -> RosterReport:
        return dataclasses.replace(self, violations=tuple(violations))

    def slot(self, kind: str) -> SlotLedger:
        for ledger in self.slots:
            if ledger.kind == kind:
                return ledger
        raise KeyError(kind)

    def as_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "faction": self.faction,
            "race": self.race,
            "scale": self.scale,
            "rules_version": self.rules_version,
            "legal": self.legal,
            "totals": {
                "minerals": self.totals.minerals,
                "gas": self.totals.gas,
                "supply": self.totals.supply,
            },
            "limits": {"minerals": self.limits.minerals, "gas": self.limits.gas},
            "slots": {s.kind: {"used": s.used, "available": s.available} for s in self.slots},
            "units": [u.as_json() for u in self.units],
            "cards": [c.as_json() for c in self.cards],
            "ledger": {
                s.kind: {
                    "granted_by": [
                        {"source": g.source, "where": g.where, "count": g.count} for g in s.granted_by
                    ],
                    "used_by": [{"unit": u.unit, "where": u.where, "count": u.count} for u in s.used_by],
                }
                for s in self.slots
            },
            "violations": [v.as_json() for v in self.violations],
            "warnings": [w.as_json() for w in self.warnings],
        }

    @classmethod
    def from_json(cls, data: Any) -> RosterReport:
        """The inverse of `as_json`; a report stored before `race` was written reads it as None."""
        d = as_map(data)
        totals, limits, ledger = as_map(d.get("totals")), as_map(d.get("limits")), as_map(d.get("ledger"))
        slots = []
        for kind, counts in as_map(d.get("slots")).items():
            entry = as_map(ledger.get(kind))
            slots.append(
                SlotLedger(
                    kind=kind,
                    available=as_int(as_map(counts).get("available")),
                    used=as_int(as_map(counts).get("used")),
                    granted_by=tuple(
                        SlotGrant(as_str(g.get("source")), as_str(g.get("where")), as_int(g.get("count")))
                        for g in map(as_map, as_list(entry.get("granted_by")))
                    ),
                    used_by=tuple(
                        SlotUse(as_str(u.get("unit")), as_str(u.get("where")), as_int(u.get("count")))
                        for u in map(as_map, as_list(entry.get("used_by")))
                    ),
                )
            )
        race = d.get("race")
        return cls(
            player=as_str(d.get("player")),
            faction=as_str(d.get("faction")),
            race=race if isinstance(race, str) else None,
            scale=as_str(d.get("scale")),
            rules_version=as_str(d.get("rules_version")),
            totals=Totals(
                as_int(totals.get("minerals")), as_int(totals.get("gas")), as_int(totals.get("supply"))
            ),
            limits=Limits(_limit(limits.get("minerals")), _limit(limits.get("gas"))),
            slots=tuple(slots),
            units=tuple(UnitLine.from_json(u) for u in as_list(d.get("units"))),
            cards=tuple(CardLine.from_json(c) for c in as_list(d.get("cards"))),
            violations=tuple(Violation.from_json(v) for v in as_list(d.get("violations"))),
            warnings=tuple(Advice.from_json(w) for w in as_list(d.get("warnings"))),
        )


def _limit(value: Any) -> int | None:
    return None if value is None else as_int(value)


def starcraft_report(report: Report | None) -> RosterReport | None:
    """A stored verdict's report as StarCraft's own (None when it is not one: never judged,
    or read back without its system); what StarCraft-only code (the draft's priority,
    the roster sheet's figures) reads."""
    return report if isinstance(report, RosterReport) else None
