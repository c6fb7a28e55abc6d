"""The smallest change that makes an illegal roster legal.

OP Guide, "Illegal Rosters": when a roster turns out illegal after play has begun, "the
player corrects the roster under judge supervision, with the smallest change that fixes
it". This module proposes that change for the judge to show the player: it searches edit
sets breadth-first (every single edit, then every pair), re-validates each candidate with
the game system's own rules, and returns the legal candidate that changes the army least.

Only removals and composition downgrades are tried, so a proposal never adds anything the
player did not bring, and the repaired roster is always strictly smaller than the original.
A roster that needs something added or renamed (a missing Mission Card, a misspelt Faction
Card) has no such repair: `propose_repair` returns None and the judge corrects it by hand.

Pure: no Django, no storage. The rules are passed in as a `validate` callable, so the
search knows nothing about any one game system.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, Literal, TypeAlias

from rules_engine.systems.starcraft_tmg.army import validate_rosters_on
from rules_engine.systems.starcraft_tmg.report import RosterReport
from rules_engine.systems.starcraft_tmg.roster_json import (
    Roster,
    RosterUnit,
    roster_from_document,
    roster_to_document,
)

EditKind: TypeAlias = Literal[
    "remove-unit",
    "reduce-models",
    "remove-upgrade",
    "remove-card",
    "remove-mission",
    "remove-deployment",
]
Validate: TypeAlias = Callable[[Roster], RosterReport]
ModelOptions: TypeAlias = Callable[[str, int], Sequence[int]]

MAX_EDITS = 2  # the brief's "small edit sets": one edit, then two


@dataclass(frozen=True)
class Edit:
    """One removal or downgrade, addressed by its position in the original roster."""

    kind: EditKind
    where: str  # "units[2]", "units[2].upgrades[1]", "cards[0]", "missions[1]", ...
    name: str
    unit: int | None = None  # the unit's index, for unit, model and upgrade edits
    index: int | None = None  # the entry's index in its list (an upgrade's within its unit)
    models: int | None = None  # the new model count of a composition downgrade

    def describe(self) -> str:
        if self.kind == "reduce-models":
            return f"Field {self.name} with {self.models} models ({self.where})."
        what = {
            "remove-unit": "unit",
            "remove-upgrade": "upgrade",
            "remove-card": "card",
            "remove-mission": "Mission Card",
            "remove-deployment": "Deployment Card",
        }[self.kind]
        return f"Remove the {what} {self.name} ({self.where})."

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "where": self.where, "name": self.name}
        if self.models is not None:
            out["models"] = self.models
        out["text"] = self.describe()
        return out


@dataclass(frozen=True)
class Repair:
    """A legal roster reached from the original by `edits`, and what it gives up."""

    edits: tuple[Edit, ...]
    roster: Roster
    report: RosterReport
    minerals_change: int  # repaired total minus original total (negative: minerals given up)
    gas_change: int

    @property
    def document(self) -> dict[str, Any]:
        return roster_to_document(self.roster)

    def as_json(self) -> dict[str, Any]:
        return {
            "edits": [e.as_json() for e in self.edits],
            "minerals_change": self.minerals_change,
            "gas_change": self.gas_change,
            "totals": {
                "minerals": self.report.totals.minerals,
                "gas": self.report.totals.gas,
                "supply": self.report.totals.supply,
            },
            "document": self.document,
        }


def roster_size(roster: Roster) -> int:
    """Everything a player listed, counted once each: what a repair may only make smaller."""
    return (
        len(roster.units)
        + sum(max(u.models, 0) for u in roster.units)
        + sum(len(u.upgrades) for u in roster.units)
        + len(roster.cards)
        + len(roster.missions)
        + len(roster.deployments)
    )


def every_smaller_count(_unit: str, models: int) -> tuple[int, ...]:
    """Without knowledge of a system's Composition Options, try every smaller model count."""
    return tuple(range(models - 1, 0, -1))


def single_edits(roster: Roster, model_options: ModelOptions = every_smaller_count) -> tuple[Edit, ...]:
    """Every removal and downgrade of the roster, each on its own."""
    edits: list[Edit] = []
    for i, unit in enumerate(roster.units):
        where = f"units[{i}]"
        edits.append(Edit("remove-unit", where, unit.name, unit=i))
        for count in model_options(unit.name, unit.models):
            if 0 < count < unit.models:
                edits.append(Edit("reduce-models", where, unit.name, unit=i, models=count))
        for j, upgrade in enumerate(unit.upgrades):
            edits.append(Edit("remove-upgrade", f"{where}.upgrades[{j}]", upgrade, unit=i, index=j))
    for kind, heading, names in (
        ("remove-card", "cards", roster.cards),
        ("remove-mission", "missions", roster.missions),
        ("remove-deployment", "deployments", roster.deployments),
    ):
        for i, name in enumerate(names):
            edits.append(Edit(kind, f"{heading}[{i}]", name, index=i))  # type: ignore[arg-type]
    return tuple(edits)


def compatible(edits: Sequence[Edit]) -> bool:
    """Edits that can be made together: nothing touches a removed unit, one downgrade per unit."""
    removed = {e.unit for e in edits if e.kind == "remove-unit"}
    reduced = [e.unit for e in edits if e.kind == "reduce-models"]
    if len(reduced) != len(set(reduced)):
        return False
    touched = [e.unit for e in edits if e.kind != "remove-unit" and e.unit is not None]
    if any(u in removed for u in touched):
        return False
    keys = [(e.kind, e.unit, e.index) for e in edits]
    return len(keys) == len(set(keys))


def apply_edits(roster: Roster, edits: Sequence[Edit]) -> Roster:
    """The roster with every edit made at once (positions refer to the original roster)."""
    drop_units = {e.unit for e in edits if e.kind == "remove-unit"}
    models = {e.unit: e.models for e in edits if e.kind == "reduce-models"}
    drop_upgrades = {(e.unit, e.index) for e in edits if e.kind == "remove-upgrade"}
    units: list[RosterUnit] = []
    for i, unit in enumerate(roster.units):
        if i in drop_units:
            continue
        count = models.get(i)
        units.append(
            replace(
                unit,
                models=count if count is not None else unit.models,
                upgrades=tuple(u for j, u in enumerate(unit.upgrades) if (i, j) not in drop_upgrades),
            )
        )

    def keep(kind: str, names: tuple[str, ...]) -> tuple[str, ...]:
        gone = {e.index for e in edits if e.kind == kind}
        return tuple(n for i, n in enumerate(names) if i not in gone)

    return replace(
        roster,
        units=tuple(units),
        cards=keep("remove-card", roster.cards),
        missions=keep("remove-mission", roster.missions),
        deployments=keep("remove-deployment", roster.deployments),
    )


def _targets(verdict: RosterReport) -> set[str]:
    """Where the violations are: edits there are tried first when two changes cost the same."""
    return {v.where for v in verdict.violations}


def _candidates(edits: tuple[Edit, ...], size: int) -> Iterator[tuple[Edit, ...]]:
    for group in combinations(edits, size):
        if compatible(group):
            yield group


def propose_repair(
    roster: Roster,
    verdict: RosterReport,
    *,
    validate: Validate,
    model_options: ModelOptions = every_smaller_count,
    max_edits: int = MAX_EDITS,
) -> Repair | None:
    """The legal roster nearest to `roster` by at most `max_edits` removals or downgrades.

    Breadth-first: a single edit that works always beats a pair. Among edit sets of one
    size, the one that changes the spend least wins (Minerals, with Vespene Gas weighed at
    ten Minerals since its limit is a tenth of theirs: Part 9.1.4), then the one acting
    where a violation is, then the roster's own order. None when no such edit set exists.
    """
    if verdict.legal:
        return Repair((), roster, verdict, 0, 0)
    targets = _targets(verdict)
    edits = single_edits(roster, model_options)
    for size in range(1, max_edits + 1):
        best: tuple[tuple[int, int, int], Repair] | None = None
        for order, group in enumerate(_candidates(edits, size)):
            candidate = apply_edits(roster, group)
            report = validate(candidate)
            if not report.legal:
                continue
            minerals = report.totals.minerals - verdict.totals.minerals
            gas = report.totals.gas - verdict.totals.gas
            off_target = sum(1 for e in group if not _hits(e, targets))
            key = (abs(minerals) + 10 * abs(gas), off_target, order)
            if best is None or key < best[0]:
                best = (key, Repair(group, candidate, report, minerals, gas))
        if best is not None:
            return best[1]
    return None


def _hits(edit: Edit, targets: set[str]) -> bool:
    if edit.where in targets:
        return True
    # A slot or budget violation names the slot type or the unit where the limit is passed.
    return edit.unit is not None and f"units[{edit.unit}]" in targets


def repair_document(
    document: Mapping[str, Any],
    *,
    rules_date: dt.date | None = None,
    model_options: ModelOptions = every_smaller_count,
    max_edits: int = MAX_EDITS,
) -> Repair | None:
    """`propose_repair` for a roster/1 document, judged by its own game system's rules."""
    roster = roster_from_document(dict(document))

    def validate(candidate: Roster) -> RosterReport:
        return validate_rosters_on([candidate], rules_date).rosters[0]

    return propose_repair(
        roster, validate(roster), validate=validate, model_options=model_options, max_edits=max_edits
    )
