"""Judging a Dropzone Commander army: rules D1-D32 of DECISIONS.md.

One mistake, one violation (as for StarCraft): a Squad whose unit is unknown or of
another faction is kept out of the totals, the Groups and the transport checks, and is
not also reported as over a limit; a card of another Faction Set is not also judged for
copies. Points (DZC:310): the total counts Squads and Commanders; category totals and
Group costs count Squads only, and category totals leave Transports out (decision
DZ-D04); a Group's cost includes its Transports (DZC:262).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.names import did_you_mean, name_key
from rules_engine.roster_report import Violation
from rules_engine.systems.dropzone_commander.pack import DropzonePack, Unit
from rules_engine.systems.dropzone_commander.roster import DropzoneRoster, Squad
from rules_engine.systems.dropzone_commander.sizes import COMMANDER_POINTS, DECK_SIZES
from rules_engine.systems.dropzone_commander.transports import Cargo, Fit, compatible, fit

CATEGORY_ORDER = ("standard", "vanguard", "heavy", "support", "transport")


@dataclass(frozen=True, slots=True)
class SquadLine:
    id: str
    name: str
    models: int
    category: str | None
    points: int
    counted: bool

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "models": self.models,
            "category": self.category,
            "points": self.points,
            "counted": self.counted,
        }


@dataclass(frozen=True, slots=True)
class GroupLine:
    root: str
    squads: tuple[str, ...]
    points: int

    def as_json(self) -> dict[str, Any]:
        return {"root": self.root, "squads": list(self.squads), "points": self.points}


@dataclass(frozen=True, slots=True)
class ArmyReport:
    player: str
    faction: str
    scale: str
    rules_version: str
    points: int
    points_limit: int
    groups_limit: int
    categories: Mapping[str, int]
    groups: tuple[GroupLine, ...]
    units: tuple[SquadLine, ...]
    violations: tuple[Violation, ...]
    warnings: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def codes(self) -> set[str]:
        return {v.code for v in self.violations}

    def as_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "faction": self.faction,
            "scale": self.scale,
            "rules_version": self.rules_version,
            "legal": self.legal,
            "totals": {"points": self.points, "groups": len(self.groups)},
            "limits": {"points": self.points_limit, "groups": self.groups_limit},
            "categories": dict(self.categories),
            "groups": [g.as_json() for g in self.groups],
            "units": [u.as_json() for u in self.units],
            "violations": [v.as_json() for v in self.violations],
            "warnings": list(self.warnings),
        }


class _Judge:
    """One roster against one pack; collects violations in rule order."""

    def __init__(self, roster: DropzoneRoster, pack: DropzonePack, deck_mode: str) -> None:
        self.roster = roster
        self.pack = pack
        self.deck_mode = deck_mode
        self.violations: list[Violation] = []
        self.faction = pack.faction(roster.faction)
        self.units: dict[str, Unit] = {}  # counted Squads: id -> unit
        self.children: dict[str, list[Squad]] = defaultdict(list)
        for squad in roster.squads:
            if squad.aboard is not None:
                self.children[squad.aboard].append(squad)

    def add(self, code: str, message: str, where: str, section: str) -> None:
        self.violations.append(Violation(code, message, where, section))

    # D1-D6: what each Squad is -----------------------------------------------------

    def squads(self) -> list[SquadLine]:
        if self.faction is None:
            self.add(
                "unknown-faction",
                f"{self.roster.faction!r} is not a faction of this pack "
                f"(known: {', '.join(self.pack.factions)}).",
                "faction",
                "DZC:302, DZC:318",
            )
        lines = []
        for squad in self.roster.squads:
            unit = self.pack.unit(squad.name)
            if unit is None:
                self.add(
                    "unknown-unit",
                    f"{squad.name!r} is not a unit of this pack"
                    f"{did_you_mean(squad.name, [u.name for u in self.pack.units])}.",
                    squad.where,
                    "DZC:176",
                )
            points = self._squad_points(squad, unit) if unit is not None else 0
            counted = unit is not None and self._judge_squad(squad, unit)
            if counted and unit is not None:
                self.units[squad.id] = unit
            lines.append(
                SquadLine(
                    squad.id,
                    unit.name if unit else squad.name,
                    squad.models,
                    unit.category if unit else None,
                    points if counted else 0,
                    counted,
                )
            )
        return lines

    def _judge_squad(self, squad: Squad, unit: Unit) -> bool:
        """D2-D6 for one Squad: False (and one violation) if it must stay out of the totals."""
        if self.faction is not None and unit.faction != self.faction:
            self.add(
                "unit-wrong-faction",
                f"{unit.name} is a {unit.faction} unit, not {self.faction}.",
                squad.where,
                "DZC:302, DZC:318 (decision DZ-D03)",
            )
            return False
        if unit.squad_size is not None and not unit.squad_size[0] <= squad.models <= unit.squad_size[1]:
            low, high = unit.squad_size
            self.add(
                "invalid-squad-size",
                f"A {unit.name} Squad has {low}-{high} Units, not {squad.models}.",
                squad.where,
                "DZC:176",
            )
            return False
        if squad.variants:
            unknown = [v for v in squad.variants if unit.variant(v) is None]
            if unknown or sum(squad.variants.values()) != squad.models:
                problem = (
                    f"{unknown[0]!r} is not a variant of {unit.name}"
                    if unknown
                    else f"the variants add up to {sum(squad.variants.values())}, not {squad.models} Units"
                )
                self.add("unknown-variant", f"{problem}.", f"{squad.where}.variants", "DZC:250-252")
                return False
        taken: set[tuple[str, str | None]] = set()
        for j, choice in enumerate(squad.upgrades):
            where = f"{squad.where}.upgrades[{j}]"
            upgrade = unit.upgrade(choice.name)
            key = (name_key(choice.name), name_key(choice.variant) if choice.variant else None)
            if upgrade is None:
                exists = any(u.upgrade(choice.name) for u in self.pack.units)
                code = "upgrade-not-allowed" if exists else "unknown-upgrade"
                hint = "" if exists else did_you_mean(choice.name, [u.name for u in unit.upgrades])
                self.add(
                    code, f"{choice.name!r} is not an upgrade of {unit.name}{hint}.", where, "DZC:256-258"
                )
                return False
            variant = unit.variant(choice.variant) if choice.variant else None
            if choice.variant and (
                variant is None
                or (upgrade.variants and name_key(variant) not in {name_key(v) for v in upgrade.variants})
            ):
                self.add(
                    "upgrade-not-allowed",
                    f"{upgrade.name} is not for the {choice.variant} variant.",
                    where,
                    "DZC:256-258",
                )
                return False
            if key in taken:
                self.add(
                    "upgrade-duplicated", f"{upgrade.name} is taken twice for this Squad.", where, "DZC:258"
                )
                return False
            taken.add(key)
        return True

    def _squad_points(self, squad: Squad, unit: Unit) -> int:
        """Units at their (variant's) points plus upgrades paid per Unit upgraded (DZ-D07)."""
        if squad.variants:
            counts = {unit.variant(v): n for v, n in squad.variants.items()}
            base = sum(unit.variants[v] * n for v, n in counts.items() if v is not None)
        else:
            counts = {}
            base = unit.points * squad.models
        extra = 0
        for choice in squad.upgrades:
            upgrade = unit.upgrade(choice.name)
            if upgrade is None:
                continue
            units = counts.get(unit.variant(choice.variant), 0) if choice.variant else squad.models
            extra += upgrade.points * units
        return base + extra

    # D8-D13: points, Groups, categories, rarity ---------------------------------------

    def groups(self, lines: list[SquadLine]) -> list[GroupLine]:
        points = {line.id: line.points for line in lines if line.counted}
        parent = {s.id: s.aboard for s in self.roster.squads}

        def root(squad_id: str) -> str:
            while parent[squad_id] is not None:
                squad_id = parent[squad_id]  # type: ignore[assignment]
            return squad_id

        members: dict[str, list[str]] = defaultdict(list)
        for squad in self.roster.squads:
            if squad.id in points:
                members[root(squad.id)].append(squad.id)
        return [GroupLine(r, tuple(ids), sum(points[i] for i in ids)) for r, ids in members.items()]

    def limits(self, total: int, groups: list[GroupLine], categories: Mapping[str, int]) -> None:
        size, limit = self.roster.size, self.roster.points
        if total > limit:
            self.add(
                "points-over-limit",
                f"The army costs {total} points; the game is {limit}.",
                "points",
                "DZC:234, DZC:310",
            )
        if len(groups) > size.max_groups(limit):
            self.add(
                "groups-over-limit",
                f"{len(groups)} Groups; a {size.name} game of {limit} points allows "
                f"{size.max_groups(limit)}.",
                "units",
                "DZC:225-230",
            )
        standard = categories.get("standard", 0)
        for category, restriction in self.pack.restrictions.items():
            if restriction == "no-more-than-standard" and categories.get(category, 0) > standard:
                self.add(
                    "category-over-standard",
                    f"{categories[category]} points of {category.capitalize()} but "
                    f"only {standard} of Standard.",
                    category,
                    "DZC:236-240",
                )
        for group in groups:
            if 4 * group.points > limit:
                self.add(
                    "group-over-quarter",
                    f"The Group led by {group.root!r} costs {group.points} points, over "
                    f"a quarter of {limit}.",
                    self.roster.squad(group.root).where,
                    "DZC:242",
                )
        by_name: dict[str, list[Squad]] = defaultdict(list)
        for squad in self.roster.squads:
            if squad.id in self.units:
                by_name[name_key(self.units[squad.id].name)].append(squad)
        for squads in by_name.values():
            unit = self.units[squads[0].id]
            cap = {"rare": size.rare_per_name, "unique": 1}.get(unit.rarity or "")
            if cap is not None and len(squads) > cap:
                code = "unique-duplicated" if unit.rarity == "unique" else "rare-over-limit"
                self.add(
                    code,
                    f"{len(squads)} {unit.name} Squads; a {size.name} game allows {cap}.",
                    squads[cap].where,
                    "DZC:246",
                )

    # D14-D19: transports -----------------------------------------------------------

    def transports(self) -> None:
        for squad in self.roster.squads:
            unit = self.units.get(squad.id)
            if unit is None:
                continue
            aboard = [c for c in self.children[squad.id] if c.id in self.units]
            for child in aboard:
                if not unit.carries or not compatible(unit, self.units[child.id]):
                    self.add(
                        "transport-incompatible",
                        f"{self.units[child.id].name} cannot ride in {unit.name}.",
                        f"{child.where}.aboard",
                        "DZC:282-292",
                    )
            aboard = [c for c in aboard if unit.carries and compatible(unit, self.units[c.id])]
            if not unit.carries:
                continue
            if unit.is_transport and not self.children[squad.id]:
                self.add(
                    "transport-without-cargo",
                    f"The {unit.name} Squad carries nothing.",
                    squad.where,
                    "DZC:262, DZC:264",
                )
                continue
            if not aboard:
                continue  # its cargo is already reported (unknown, wrong faction, wrong shape)
            cargo = [Cargo(self.units[c.id].cargo) for c in aboard for _ in range(c.models)]
            result = fit(unit, squad.models, cargo)
            if result is Fit.INSUFFICIENT:
                self.add(
                    "transports-insufficient",
                    f"{squad.models} {unit.name} cannot carry everything aboard.",
                    squad.where,
                    "DZC:264, DZC:288",
                )
            elif result is Fit.FITS and unit.is_transport:
                self.add(
                    "transport-not-full",
                    f"Transports are taken full: the {unit.name} Squad has room left.",
                    squad.where,
                    "DZC:262, DZC:264 (decision DZ-D05)",
                )
            if unit.is_transport:
                self._shared(squad, unit)

    def _served(self, squad_id: str) -> list[Squad]:
        """The non-Transport Squads riding in a Squad, at any depth (D18, D19)."""
        found = []
        for child in self.children[squad_id]:
            unit = self.units.get(child.id)
            if unit is None:
                continue
            if not unit.is_transport:
                found.append(child)
            found.extend(self._served(child.id))
        return found

    def _shared(self, squad: Squad, unit: Unit) -> None:
        served = self._served(squad.id)
        if len(served) > 4:
            self.add(
                "shared-transport-too-many-squads",
                f"{len(served)} Squads share the {unit.name}; at most 4 may.",
                squad.where,
                "DZC:268",
            )
        elif len(served) > 1 and squad.models != 1:
            self.add(
                "shared-transport-not-single",
                f"Squads may share ONE Transport: this Squad has {squad.models} {unit.name}.",
                squad.where,
                "DZC:268 (decision DZ-D06)",
            )

    # D21-D26: Commanders -------------------------------------------------------------

    def commanders(self) -> tuple[int, set[str]]:
        """The Commanders' points and the Famous Commanders in the army."""
        roster, size = self.roster, self.roster.size
        if not roster.commanders:
            self.add("commander-required", "Take at least one Commander.", "commanders", "DZC:302")
        points = 0
        famous_in_army: set[str] = set()
        per_squad: dict[str, int] = defaultdict(int)
        for commander in roster.commanders:
            level = commander.level
            unit_required = None
            if commander.name is not None:
                famous = self.pack.famous(commander.name)
                if famous is None or (self.faction is not None and famous.faction != self.faction):
                    self.add(
                        "unknown-commander",
                        f"{commander.name!r} is not a Famous Commander of {self.faction or 'this pack'}"
                        f"{did_you_mean(commander.name, [c.name for c in self.pack.famous_commanders])}.",
                        commander.where,
                        "DZC:302",
                    )
                    continue
                if famous.unique and famous.name in famous_in_army:
                    self.add(
                        "unique-duplicated", f"{famous.name} is taken twice.", commander.where, "DZC:246"
                    )
                    continue
                famous_in_army.add(famous.name)
                level, unit_required, cost = famous.level, famous.unit, famous.points
            elif level not in COMMANDER_POINTS:
                self.add(
                    "commander-level-not-allowed",
                    f"There is no level {level} Commander.",
                    commander.where,
                    "DZC:304-308",
                )
                continue
            else:
                cost = COMMANDER_POINTS[level]
            if level not in size.commander_levels:
                self.add(
                    "commander-level-not-allowed",
                    f"A level {level} Commander is not allowed in a {size.name} game.",
                    commander.where,
                    "DZC:304-308",
                )
                continue
            points += cost
            if commander.squad is None:
                self.add(
                    "commander-unassigned", "Assign the Commander to a Squad.", commander.where, "DZC:310"
                )
                continue
            per_squad[commander.squad] += 1
            if per_squad[commander.squad] == 2:
                self.add(
                    "commanders-in-one-squad",
                    "A Squad can only contain one Commander.",
                    commander.where,
                    "DZC:310",
                )
                continue
            unit = self.units.get(commander.squad)
            if unit is None:
                continue
            if unit.has_rule("Fast Mover") or unit.has_rule("Living Weapons"):
                rule = "Fast Mover" if unit.has_rule("Fast Mover") else "Living Weapons"
                self.add(
                    "commander-not-allowed-on-unit",
                    f"Commanders may not be assigned to a {rule} ({unit.name}).",
                    commander.where,
                    "DZC:1239" if rule == "Fast Mover" else "DZC:1293",
                )
            elif unit_required is not None and name_key(unit.name) != name_key(unit_required):
                self.add(
                    "commander-not-allowed-on-unit",
                    f"{commander.name} leads a {unit_required}, not a {unit.name}.",
                    commander.where,
                    "DZC:310 (decision DZ-D09)",
                )
        return points, famous_in_army

    # D27-D32: the Command Card deck --------------------------------------------------

    def deck(self, famous_in_army: set[str]) -> None:
        cards = self.roster.cards
        if cards is None:
            if self.roster.size.deck_required:
                self.add(
                    "deck-required",
                    f"A {self.roster.size.name} game needs a Command Card deck.",
                    "cards",
                    "DZC:316",
                )
            return
        copies: dict[str, int] = defaultdict(int)
        for entry in cards:
            card = self.pack.card(entry.name)
            if card is None:
                self.add(
                    "unknown-card",
                    f"{entry.name!r} is not a Command Card of this pack"
                    f"{did_you_mean(entry.name, [c.name for c in self.pack.command_cards])}.",
                    entry.where,
                    "DZC:318",
                )
                continue
            if card.set != "core" and self.faction is not None and card.faction != self.faction:
                self.add(
                    "card-wrong-faction", f"{card.name} is a {card.faction} card.", entry.where, "DZC:318"
                )
                continue
            if card.set == "special" and card.granted_by and card.granted_by not in famous_in_army:
                self.add(
                    "special-card-not-available",
                    f"{card.name} comes with {card.granted_by}, who is not in the army.",
                    entry.where,
                    "DZC:320 (decision DZ-D10)",
                )
                continue
            before = copies[card.name]
            copies[card.name] += entry.copies
            if before <= card.max_copies < copies[card.name]:
                self.add(
                    "card-copies-exceeded",
                    f"{copies[card.name]} copies of {card.name}; its number allows {card.max_copies}.",
                    entry.where,
                    "DZC:318",
                )
        size = sum(e.copies for e in cards)
        wanted = DECK_SIZES[self.deck_mode]
        if self.deck_mode != "constructed":
            expected = {
                c.name: c.max_copies
                for c in self.pack.command_cards
                if c.set == "core"
                or (self.deck_mode == "combined" and c.set == "faction" and c.faction == self.faction)
            }
            if dict(copies) != expected:
                self.add(
                    "deck-size",
                    f"A {self.deck_mode} deck is exactly the "
                    f"{'Core Set' if self.deck_mode == 'core-set' else 'Core and Faction Sets'}.",
                    "cards",
                    "DZC:318-320",
                )
            return
        if size != wanted:
            self.add(
                "deck-size",
                f"The deck has {size} cards; a constructed deck has {wanted}.",
                "cards",
                "DZC:318",
            )


def validate_army(
    roster: DropzoneRoster, pack: DropzonePack, *, deck_mode: str = "constructed"
) -> ArmyReport:
    """D1-D32 (DECISIONS.md); `deck_mode` is the event's (decision DZ-D08)."""
    if deck_mode not in DECK_SIZES:
        raise ValueError(f"deck mode {deck_mode!r} is not one of {', '.join(DECK_SIZES)}")
    judge = _Judge(roster, pack, deck_mode)
    lines = judge.squads()
    groups = judge.groups(lines)
    categories = {c: 0 for c in CATEGORY_ORDER} | {c: 0 for c in pack.restrictions}
    for line in lines:
        if line.counted and line.category is not None:
            categories[line.category] += line.points
    judge.transports()
    commander_points, famous = judge.commanders()
    total = sum(line.points for line in lines) + commander_points
    judge.limits(total, groups, categories)
    judge.deck(famous)
    return ArmyReport(
        player=roster.player,
        faction=judge.faction or roster.faction,
        scale=roster.size.slug,
        rules_version=pack.version,
        points=total,
        points_limit=roster.points,
        groups_limit=roster.size.max_groups(roster.points),
        categories=categories,
        groups=tuple(groups),
        units=tuple(lines),
        violations=tuple(judge.violations),
        warnings=pack.lints,
    )
