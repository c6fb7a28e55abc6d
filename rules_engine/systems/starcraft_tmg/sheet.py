"""StarCraft's printed roster sheet (the `printing` roster pack) and its rosters CSV.

What StarCraft prints beside every system's heading (player, faction, legal, problems):
Minerals, Vespene Gas and Supply against the limits (Part 9.1.1), each unit's models,
slot, Supply and cost with its upgrades' costs, the cards' gas, the slot ledger, and the
Mission and Deployment Cards. Pure: the print layer (`printing.sheets`) calls it through
`GameSystem.roster_sheet` and lays it out with `templates/games/starcraft_tmg/roster_sheet.html`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules_engine.stored_json import as_text, dicts, texts, times, whole

if TYPE_CHECKING:
    from rules_engine.roster_report import RosterVerdict

Cell = str | int | None


@dataclass(frozen=True, slots=True)
class RosterUnit:
    name: str
    models: int | None
    slot: str
    supply: int | None
    minerals: int | None
    upgrades: tuple[str, ...]  # "Rocket Launcher (20)"
    counted: bool


@dataclass(frozen=True, slots=True)
class RosterCard:
    name: str
    kind: str
    gas: int | None
    counted: bool


@dataclass(frozen=True, slots=True)
class SlotLine:
    kind: str
    used: int
    available: int
    granted_by: tuple[str, ...]  # "Raynor's Raiders", TIMES, "3"
    used_by: tuple[str, ...]  # "Marine", TIMES, "2"


@dataclass(frozen=True, slots=True)
class StarCraftSheet:
    minerals: int | None
    minerals_limit: int | None
    gas: int | None
    gas_limit: int | None
    supply: int | None
    units: tuple[RosterUnit, ...]
    cards: tuple[RosterCard, ...]
    slots: tuple[SlotLine, ...]
    missions: tuple[str, ...]
    deployments: tuple[str, ...]


def starcraft_sheet(document: Mapping[str, Any], verdict: RosterVerdict) -> StarCraftSheet:
    """A roster as printed: the stored verdict's prices and slot ledger over the roster/1 document.

    `verdict` is what `tournaments.services.rosters.roster_submit` stores (`Roster.verdict`);
    a roster without one (imported bare) prints its document with the costs left blank.
    """
    from rules_engine.systems.starcraft_tmg.report import starcraft_report  # on first use

    report = starcraft_report(verdict.roster)
    listed = dicts(document.get("units"))
    units = []
    priced = report.units if report is not None else ()
    for index in range(max(len(priced), len(listed))):
        raw: Mapping[str, Any] = listed[index] if index < len(listed) else {}
        if index < len(priced):
            unit = priced[index]
            units.append(
                RosterUnit(
                    name=unit.name or as_text(raw.get("name")),
                    models=unit.models,
                    slot=unit.slot or "",
                    supply=unit.supply,
                    minerals=unit.minerals,
                    upgrades=tuple(f"{u.name} ({u.minerals})" for u in unit.upgrades)
                    or texts(raw.get("upgrades")),
                    counted=unit.counted,
                )
            )
        else:
            units.append(
                RosterUnit(
                    name=as_text(raw.get("name")),
                    models=whole(raw.get("models")),
                    slot="",
                    supply=None,
                    minerals=None,
                    upgrades=texts(raw.get("upgrades")),
                    counted=True,
                )
            )
    if report is not None and report.cards:
        cards = tuple(RosterCard(c.name, c.kind, c.gas, c.counted) for c in report.cards)
    else:
        cards = tuple(RosterCard(name, "", None, True) for name in texts(document.get("cards")))
    slot_lines = tuple(
        SlotLine(
            kind=ledger.kind,
            used=ledger.used,
            available=ledger.available,
            granted_by=tuple(times(g.source, g.count) for g in ledger.granted_by),
            used_by=tuple(times(u.unit, u.count) for u in ledger.used_by),
        )
        for ledger in (report.slots if report is not None else ())
    )
    return StarCraftSheet(
        minerals=report.totals.minerals if report is not None else None,
        minerals_limit=report.limits.minerals if report is not None else None,
        gas=report.totals.gas if report is not None else None,
        gas_limit=report.limits.gas if report is not None else None,
        supply=report.totals.supply if report is not None else None,
        units=tuple(units),
        cards=cards,
        slots=slot_lines,
        missions=texts(document.get("missions")),
        deployments=texts(document.get("deployments")),
    )


class StarCraftRosterSheet:
    """`GameSystem.roster_sheet` for StarCraft: the sheet, and the rosters CSV's columns."""

    def sheet(self, document: Mapping[str, Any], verdict: RosterVerdict) -> StarCraftSheet:
        return starcraft_sheet(document, verdict)

    csv_header = (
        "minerals",
        "gas",
        "supply",
        "line",
        "item",
        "models",
        "slot",
        "card_kind",
        "item_supply",
        "item_minerals",
        "item_gas",
        "upgrades",
    )

    def csv_rows(self, sheet: Any) -> list[tuple[Cell, ...]]:
        """The roster's totals, then one unit or card, for each unit and card."""
        assert isinstance(sheet, StarCraftSheet)
        common: tuple[Cell, ...] = (sheet.minerals, sheet.gas, sheet.supply)
        rows: list[tuple[Cell, ...]] = []
        for unit in sheet.units:
            upgrades = "; ".join(unit.upgrades)
            rows.append(
                (
                    *common,
                    "unit",
                    unit.name,
                    unit.models,
                    unit.slot,
                    "",
                    unit.supply,
                    unit.minerals,
                    None,
                    upgrades,
                )
            )
        for card in sheet.cards:
            rows.append((*common, "card", card.name, None, "", card.kind, None, None, card.gas, ""))
        return rows
