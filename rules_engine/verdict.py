"""What a rules check says about a roster: more than yes/no.

A verdict carries the totals and limits, where every slot came from and went, what each
unit and card cost, the violations (which make a roster illegal) and the warnings
(which never do). `as_json` gives the `validate_roster --json` shape of
shared/interchange.md, plus extra keys the contract allows; `from_json` reads it back
(what a stored verdict is: `RosterVerdict.to_dict` / `from_dict`).

`judge_rosters` is the one place a roster's verdict *in an event* is decided: the game's
army rules, then what the event itself asks (its game system and engagement scale), then
the Dual List Format rules between a player's rosters. The web live check, the
submission, the API check and `validate_roster` all call it, so one roster gets one
verdict wherever it is checked.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules_engine.roster_json import Roster


# Stored verdicts are JSON written by this module (or by an earlier version, or imported
# from another installation's export): read them forgivingly, a missing key its default.
def _map(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken rule: stable `code`, a sentence a player can act on, where, and the rule."""

    code: str
    message: str
    where: str
    section: str

    def as_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "where": self.where, "section": self.section}

    @classmethod
    def from_json(cls, data: Any) -> Violation:
        """Event violations stored before they carried a section read with an empty one."""
        d = _map(data)
        return cls(_str(d.get("code")), _str(d.get("message")), _str(d.get("where")), _str(d.get("section")))


@dataclass(frozen=True, slots=True)
class Advice:
    """A warning: worth telling the player, never a reason to reject the roster."""

    code: str
    message: str
    where: str = ""

    def as_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message, "where": self.where}

    @classmethod
    def from_json(cls, data: Any) -> Advice:
        d = _map(data)
        return cls(_str(d.get("code")), _str(d.get("message")), _str(d.get("where")))


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
        d = _map(data)
        breakdown = _map(d.get("breakdown"))
        slot = d.get("slot")
        return cls(
            name=_str(d.get("name")),
            models=_int(d.get("models")),
            supply=_int(d.get("supply")),
            minerals=_int(d.get("minerals")),
            composition_minerals=_int(breakdown.get("composition")),
            upgrades=tuple(
                UpgradeLine(_str(u.get("name")), _int(u.get("minerals")), bool(u.get("counted", True)))
                for u in map(_map, _list(breakdown.get("upgrades")))
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
        d = _map(data)
        return cls(_str(d.get("name")), _str(d.get("kind")), _int(d.get("gas")), bool(d.get("counted", True)))


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
        d = _map(data)
        totals, limits, ledger = _map(d.get("totals")), _map(d.get("limits")), _map(d.get("ledger"))
        slots = []
        for kind, counts in _map(d.get("slots")).items():
            entry = _map(ledger.get(kind))
            slots.append(
                SlotLedger(
                    kind=kind,
                    available=_int(_map(counts).get("available")),
                    used=_int(_map(counts).get("used")),
                    granted_by=tuple(
                        SlotGrant(_str(g.get("source")), _str(g.get("where")), _int(g.get("count")))
                        for g in map(_map, _list(entry.get("granted_by")))
                    ),
                    used_by=tuple(
                        SlotUse(_str(u.get("unit")), _str(u.get("where")), _int(u.get("count")))
                        for u in map(_map, _list(entry.get("used_by")))
                    ),
                )
            )
        race = d.get("race")
        return cls(
            player=_str(d.get("player")),
            faction=_str(d.get("faction")),
            race=race if isinstance(race, str) else None,
            scale=_str(d.get("scale")),
            rules_version=_str(d.get("rules_version")),
            totals=Totals(_int(totals.get("minerals")), _int(totals.get("gas")), _int(totals.get("supply"))),
            limits=Limits(_int(limits.get("minerals")), _int(limits.get("gas"))),
            slots=tuple(slots),
            units=tuple(UnitLine.from_json(u) for u in _list(d.get("units"))),
            cards=tuple(CardLine.from_json(c) for c in _list(d.get("cards"))),
            violations=tuple(Violation.from_json(v) for v in _list(d.get("violations"))),
            warnings=tuple(Advice.from_json(w) for w in _list(d.get("warnings"))),
        )


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


# OP Guide, Army Rosters: a roster is built for the event it is submitted to.
EVENT_RULES = "OP Guide: Army Rosters"
EVENT_CODES = ("wrong-game-system", "wrong-scale")


@dataclass(frozen=True, slots=True)
class EventRequirements:
    """What an event asks of every roster, beyond the game's army rules.

    `rules_date` is the event's rules cut-off (OP Guide: rules, errata and FAQ published
    after it do not apply); the caller supplies it, the engine never reads the clock.
    `scale` None means no scale is imposed (the command line checks files on their own).
    """

    game_system: str
    rules_date: dt.date
    scale: str | None = None


def event_violations(roster: Roster, requirements: EventRequirements) -> tuple[Violation, ...]:
    """The event's own rules: the roster is for the event's game system and scale."""
    problems = []
    if roster.game_system != requirements.game_system:
        problems.append(
            Violation(
                "wrong-game-system",
                f"This event plays {requirements.game_system}; the roster is for {roster.game_system}.",
                "game_system",
                EVENT_RULES,
            )
        )
    if requirements.scale is not None and roster.scale != requirements.scale:
        problems.append(
            Violation(
                "wrong-scale",
                f"This event is played at {requirements.scale} scale; the roster is built for "
                f"{roster.scale}.",
                "scale",
                EVENT_RULES,
            )
        )
    return tuple(problems)


def judge_rosters(rosters: Sequence[Roster], requirements: EventRequirements) -> ValidationResult:
    """One player's rosters (one, or a Dual List pair) judged for one event.

    Each roster gets the game's army rules under the rules of `requirements.rules_date`
    with the event's own violations first; the result's top-level violations are the
    Dual List Format rules between the rosters (OP Guide: Dual List Format).
    """
    from rules_engine.registry import get_system

    result = get_system(requirements.game_system).validate_rosters(rosters, requirements.rules_date)
    reports = tuple(
        dataclasses.replace(report, violations=(*event_violations(roster, requirements), *report.violations))
        for roster, report in zip(rosters, result.rosters, strict=True)
    )
    return ValidationResult(rosters=reports, violations=result.violations)


@dataclass(frozen=True, slots=True)
class RosterVerdict:
    """The verdict of one roster in its event, as stored with a submission.

    `roster` is its own report (the event's violations first); `dual_list` the problems
    between it and the player's other roster. Stored as `Roster.report`: `to_dict` writes
    `{"legal", "roster", "dual_list"}` and `from_dict` reads back anything stored so far,
    including an empty report (`roster` None: never judged).
    """

    roster: RosterReport | None
    dual_list: tuple[Violation, ...] = ()

    @property
    def legal(self) -> bool:
        """A roster never judged (stored without a report) is not known to be legal."""
        return self.roster is not None and self.roster.legal and not self.dual_list

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every violation: the roster's own (the event's first), then the pair's."""
        own = self.roster.violations if self.roster is not None else ()
        return (*own, *self.dual_list)

    @property
    def codes(self) -> set[str]:
        return {v.code for v in self.violations}

    def as_result(self) -> ValidationResult:
        """The `validate_roster --json` shape of this verdict (what the API check returns)."""
        rosters = (self.roster,) if self.roster is not None else ()
        return ValidationResult(rosters=rosters, violations=self.dual_list)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"legal": self.legal}
        if self.roster is not None:
            data["roster"] = self.roster.as_json()
        data["dual_list"] = [v.as_json() for v in self.dual_list]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> RosterVerdict:
        d = _map(data)
        roster = RosterReport.from_json(d["roster"]) if isinstance(d.get("roster"), dict) else None
        return cls(roster=roster, dual_list=tuple(Violation.from_json(v) for v in _list(d.get("dual_list"))))


def roster_verdict(
    roster: Roster, requirements: EventRequirements, *, others: Sequence[Roster] = (), slot: int = 1
) -> RosterVerdict:
    """The verdict of the roster in `slot` (1 or 2), judged with the player's `others`."""
    ordered = [roster, *others] if slot == 1 else [*others, roster]
    result = judge_rosters(ordered, requirements)
    mine = result.rosters[0 if slot == 1 else len(others)]
    return RosterVerdict(roster=mine, dual_list=result.violations)
