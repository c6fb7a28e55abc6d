"""What a rules check says about a roster: more than yes/no.

A verdict carries the totals and limits, where every slot came from and went, what each
unit and card cost, the violations (which make a roster illegal) and the warnings
(which never do). `as_json` gives the `validate_roster --json` shape of
shared/interchange.md, plus extra keys the contract allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken rule: stable `code`, a sentence a player can act on, where, and the rule."""

    code: str
    message: str
    where: str
    section: str

    def as_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "where": self.where, "section": self.section}


@dataclass(frozen=True, slots=True)
class Advice:
    """A warning: worth telling the player, never a reason to reject the roster."""

    code: str
    message: str
    where: str = ""

    def as_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "where": self.where}


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


@dataclass(frozen=True, slots=True)
class CardLine:
    name: str
    kind: str
    gas: int
    counted: bool

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "gas": self.gas, "counted": self.counted}


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
    minerals: int
    gas: int


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

    def slot(self, kind: str) -> SlotLedger:
        for ledger in self.slots:
            if ledger.kind == kind:
                return ledger
        raise KeyError(kind)

    def as_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "faction": self.faction,
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


@dataclass(frozen=True, slots=True)
class ValidationResult:
    """One or more rosters of one player, plus the problems between them (Dual List Format)."""

    rosters: tuple[RosterReport, ...]
    violations: tuple[Violation, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.violations and all(r.legal for r in self.rosters)

    @property
    def codes(self) -> set[str]:
        return {v.code for v in self.violations}

    def as_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "rosters": [r.as_json() for r in self.rosters],
            "violations": [v.as_json() for v in self.violations],
        }
