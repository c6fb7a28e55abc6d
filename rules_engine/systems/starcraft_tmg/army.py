"""Army building (Part 9.1), the Draft cards (Part 9.2) and the OP Guide's roster rules.

One mistake, one violation. Every entry that draws a violation of its own (an unknown
unit, an ineligible card, the second copy of a Unique card, a bad upgrade...) is left
out of the totals, and the budget, slot, Creep Card and card-count checks are judged on
the most favourable reading of such entries: they cost nothing, use no slot, and a card
in error still gives the slots it would give. So a typo is reported once, as a typo, and
never also as a budget or slot overrun; those are reported only when no correction of
the entries already in error could cure them. An unidentifiable card could give any
slot, so the slot checks wait until it is fixed (a warning says so).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from functools import lru_cache

from rules_engine.game_system import Scale
from rules_engine.names import did_you_mean, name_key, person_key
from rules_engine.roster_report import Advice, ValidationResult, Violation
from rules_engine.systems.starcraft_tmg.book import rules_pack
from rules_engine.systems.starcraft_tmg.pack import SLOT_TYPES, Card, Composition, DataPack, Faction, Unit
from rules_engine.systems.starcraft_tmg.report import (
    CardLine,
    Limits,
    RosterReport,
    SlotGrant,
    SlotLedger,
    SlotUse,
    Totals,
    UnitLine,
    UpgradeLine,
)
from rules_engine.systems.starcraft_tmg.roster_json import Roster

# Rulebook sections, cited by every violation.
SCALE = "Part 9.1.1"
FACTION = "Part 9.1.2"
MINERALS = "Part 9.1.3"
GAS = "Part 9.1.4"
CARDS = "Part 9.1.5"
MUSTER = "Part 9.1.6"
UPGRADES = "Part 9.1.7"
SUMMONED = "Part 9.1.9"
DRAFT = "Part 9.2"
MISSION_CARD = "Part 5.5"
DEPLOYMENT_CARD = "Part 5.6"
CREEP = "Zerg Faction Cards: Zerg Creep"
DUAL_LIST = "OP Guide: Dual List Format"

SLOT_NAMES = {kind: kind.capitalize() for kind in SLOT_TYPES}

# Every violation code this module produces, with the one situation it names. The first
# block is docs/interchange.md's table; the last three are this project's additions for
# situations the table does not name (documented in docs/violations.md).
CODES = {
    "unknown-faction": "the Faction Card is not in the game data for the roster's rules version",
    "unknown-unit": "a unit name is not in the game data",
    "unknown-card": "a Tactical or Creep Card name is not in the game data",
    "unknown-upgrade": "an upgrade name is not in the game data at all",
    "unknown-mission": "a Mission Card name is not in the game data",
    "unknown-deployment": "a Deployment Card name is not in the game data",
    "faction-tag-mismatch": "a unit or card carries a faction tag the Faction Card lacks",
    "invalid-composition": "a model count is not one of the unit's Composition Options",
    "summoned-unit": "a Summoned Unit (no Mineral cost) was listed",
    "minerals-over-limit": "the units and upgrades cost more Minerals than the scale allows",
    "gas-over-limit": "the cards cost more Vespene Gas than the scale allows",
    "slots-exceeded": "more slots of one type used than the Faction and Tactical Cards give",
    "unique-duplicated": "a Unique card or unit taken more than once",
    "upgrade-not-allowed": "an upgrade that exists, but is not listed for that unit (or its size)",
    "upgrade-duplicated": "the same upgrade bought twice for one unit",
    "creep-card-required": "a Zerg faction without exactly one Creep Card",
    "missions-count": "not exactly 2 Mission Cards",
    "deployments-count": "not exactly 2 Deployment Cards",
    "deployment-wrong-scale": "a Deployment Card designed for another engagement scale",
    "duplicate-mission": "the same Mission Card twice in one roster's set",
    "duplicate-deployment": "the same Deployment Card twice in one roster's set",
    "dual-list-too-many": "more than two rosters for one player",
    "dual-list-faction-mismatch": "a player's rosters are of different factions (races)",
    # Additions:
    "mission-wrong-scale": "a Mission Card with no version for the roster's engagement scale",
    "specialist-over-models": "more different SPECIALIST upgrades than the unit has models",
    "dual-list-player-mismatch": "rosters checked as a Dual List pair belong to different players",
}
# Unspent minerals are lost (Part 9.1.3); a warning is worth it from 5% of the budget up.
UNSPENT_MINERALS_SHARE = 0.05


def _ordinal_list(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _did_you_mean(candidates: tuple[str, ...], typed: str) -> str:
    """' (did you mean X?)' for a near miss, else '' (the shared helper every system uses)."""
    return did_you_mean(typed, candidates)


def _times(count: int) -> str:
    return "twice" if count == 2 else f"{count} times"


def _models(count: int) -> str:
    return f"{count} model" + ("" if count == 1 else "s")


def _names(items: Iterable[Card | Unit | Faction]) -> tuple[str, ...]:
    return tuple(item.name for item in items)


def _other_kind_hint(pack: DataPack, name: str, expected: str) -> str:
    """When a name is real but filed under the wrong heading, say where it belongs."""
    if expected != "faction_card" and pack.faction(name) is not None:
        return f"{name} is a Faction Card; an army has exactly one, named as its faction_card"
    if expected != "cards" and pack.card(name) is not None:
        return f"{name} is a Tactical or Creep Card; list it under cards"
    if expected != "units" and pack.unit(name) is not None:
        return f"{name} is a unit; list it under units"
    if expected != "missions" and pack.mission(name) is not None:
        return f"{name} is a Mission Card; list it under missions"
    if expected != "deployments" and pack.deployment(name) is not None:
        return f"{name} is a Deployment Card; list it under deployments"
    return ""


def _unknown(
    pack: DataPack, name: str, expected: str, what: str, candidates: tuple[str, ...]
) -> tuple[str, bool]:
    """The message for a name not found under its heading, and whether it is real but misfiled."""
    hint = _other_kind_hint(pack, name, expected)
    if hint:
        return f"{hint}.", True
    return (
        f'"{name}" is not a {what} in the {pack.version} rules{_did_you_mean(candidates, name)}; '
        "correct the name or remove it."
    ), False


def _tags_missing(tags: Sequence[str], faction: Faction) -> list[str]:
    return [tag for tag in tags if name_key(tag) not in faction.tag_keys]


@lru_cache(maxsize=64)
def accepted_scales(pack: DataPack, scale: Scale, kind: str) -> frozenset[str]:
    """The scales whose Mission (`kind` "missions") or Deployment Cards a roster of `scale` may bring.

    Part 5.5/5.6: a card is designed for one engagement scale. When the pack prints no
    card of that kind for the roster's scale (Grand Offensive in the 2026 book), the
    scale's `borrows_from` stands in, so such an event is still playable.
    """
    printed = pack.mission_scales if kind == "missions" else pack.deployment_scales
    if scale.slug in printed or scale.borrows_from is None:
        return frozenset({scale.slug})
    return frozenset({scale.slug, scale.borrows_from})


def _scale_label(slugs: Iterable[str]) -> str:
    return " or ".join(sorted(s.replace("-", " ").title() for s in slugs))


class _Checker:
    """Judges one roster; a class only to share the running state between the steps."""

    def __init__(self, roster: Roster, pack: DataPack, scale: Scale, *, own_budget: bool = True) -> None:
        self.roster = roster
        # In a team game the budget is the team's (Part 9.1.8): no army has a limit of its own.
        self.own_budget = own_budget
        self.pack = pack
        self.scale = scale
        self.violations: list[Violation] = []
        self.warnings: list[Advice] = []
        self.faction = pack.faction(roster.faction_card)
        self.mineral_limit = roster.mineral_limit
        self.gas_limit = roster.gas_limit

    def flag(self, code: str, message: str, where: str, section: str) -> None:
        self.violations.append(Violation(code, message, where, section))

    def tag_message(self, name: str, tags: Sequence[str], noun: str) -> str:
        assert self.faction is not None
        missing = _tags_missing(tags, self.faction)
        plural = "s" if len(missing) > 1 else ""
        return (
            f"{name} carries the faction tag{plural} {', '.join(missing)}, which {self.faction.name} lacks; "
            f"remove this {noun} or choose a Faction Card with {'those tags' if plural else 'that tag'}."
        )

    # --- Faction Card ----------------------------------------------------------------

    def check_faction(self) -> None:
        if self.faction is None:
            names = _names(self.pack.factions)
            message, _misfiled = _unknown(
                self.pack, self.roster.faction_card, "faction_card", "Faction Card", names
            )
            self.flag("unknown-faction", message, "faction_card", FACTION)

    # --- Tactical and Creep Cards ------------------------------------------------------

    def check_cards(self) -> None:
        self.card_lines: list[CardLine] = []
        self.gas = 0
        self.gas_crossed: tuple[int, str] | None = None
        self.grants: dict[str, list[SlotGrant]] = {kind: [] for kind in SLOT_TYPES}
        self.available: dict[str, int] = dict.fromkeys(SLOT_TYPES, 0)  # from counted cards
        self.maybe_slots: dict[str, int] = dict.fromkeys(SLOT_TYPES, 0)  # from cards in error
        self.unidentified_card = False
        self.creep_valid: list[int] = []
        self.creep_maybe = 0
        first_copy: dict[str, int] = {}
        gas_limit = self.gas_limit
        lookup = self.pack.card_index.get
        # Part 9.1.2: every tag on a card must be on the Faction Card. With an unknown
        # Faction Card nothing can be judged, so nothing is blamed on it twice.
        allowed = self.faction.tag_keys if self.faction is not None else None
        lines = self.card_lines
        for i, typed in enumerate(self.roster.cards):
            where = f"cards[{i}]"
            card = lookup(name_key(typed))
            if card is None:
                message, misfiled = _unknown(
                    self.pack, typed, "cards", "Tactical or Creep Card", _names(self.pack.cards)
                )
                self.flag("unknown-card", message, where, CARDS)
                if not misfiled:
                    # A misspelt card could be any card: its slots and Creep status are unknown.
                    self.unidentified_card = True
                    self.creep_maybe += 1
                self.card_lines.append(CardLine(typed, "unknown", 0, False))
                continue
            if allowed is not None and not card.tag_keys <= allowed:
                self.flag(
                    "faction-tag-mismatch", self.tag_message(card.name, card.tags, "card"), where, FACTION
                )
                self._maybe(card)
                continue
            key = card.name  # one pack entry, one name
            if card.unique and key in first_copy:
                self.flag(
                    "unique-duplicated",
                    f"{card.name} is Unique and is already taken at cards[{first_copy[key]}]; "
                    "remove this copy.",
                    where,
                    CARDS,
                )
                self._maybe(card)
                continue
            first_copy.setdefault(key, i)
            lines.append(CardLine(card.name, card.kind, card.gas, True))
            self.gas += card.gas
            if self.gas > gas_limit and self.gas_crossed is None:
                self.gas_crossed = (i, card.name)
            for kind, count in card.grants:
                self.grants[kind].append(SlotGrant(card.name, where, count))
                self.available[kind] += count
            if card.kind == "creep":
                self.creep_valid.append(i)

    def _maybe(self, card: Card) -> None:
        """A known card in error: out of the totals, but its slots are given the benefit of the doubt."""
        self.card_lines.append(CardLine(card.name, card.kind, card.gas, False))
        for kind, count in card.grants:
            self.maybe_slots[kind] += count
        if card.kind == "creep":
            self.creep_maybe += 1  # an eligible Creep Card could take its place

    def check_creep(self) -> None:
        # Zerg Creep (Faction Card): "select exactly one Creep Card".
        faction = self.faction
        if faction is None or not faction.creep_required:
            return
        valid = len(self.creep_valid)
        if valid <= 1 <= valid + self.creep_maybe:
            return
        if valid == 0:
            options = [
                f"{c.name} ({c.gas} gas)"
                for c in self.pack.cards
                if c.kind == "creep" and c.tag_keys <= faction.tag_keys
            ]
            choice = f" — e.g. {_ordinal_list(options)}" if options else ""
            message = (
                f"{faction.name} must take exactly one Creep Card, and the roster has none; add one{choice}."
            )
        else:
            at = ", ".join(f"cards[{i}]" for i in self.creep_valid)
            message = (
                f"{faction.name} takes exactly one Creep Card, but the roster has {valid} ({at}); "
                "keep only one."
            )
        self.flag("creep-card-required", message, "cards", CREEP)

    # --- Units ---------------------------------------------------------------------------

    def check_units(self) -> None:
        self.unit_lines: list[UnitLine] = []
        self.uses: dict[str, list[SlotUse]] = {kind: [] for kind in SLOT_TYPES}
        self.used: dict[str, int] = dict.fromkeys(SLOT_TYPES, 0)
        self.minerals = 0
        self.supply = 0
        self.minerals_crossed: tuple[int, str] | None = None
        mineral_limit = self.mineral_limit
        first_copy: dict[str, int] = {}
        lookup = self.pack.unit_index.get
        allowed = self.faction.tag_keys if self.faction is not None else None
        lines = self.unit_lines
        for i, entry in enumerate(self.roster.units):
            where = f"units[{i}]"
            unit = lookup(name_key(entry.name))
            if unit is None:
                message, _misfiled = _unknown(self.pack, entry.name, "units", "unit", _names(self.pack.units))
                self.flag("unknown-unit", message, where, MUSTER)
                self.unit_lines.append(UnitLine(entry.name, entry.models, 0, 0, 0, (), None, False))
                continue
            if unit.summoned:
                self.flag(
                    "summoned-unit",
                    f"{unit.name} is a Summoned Unit: it has no Mineral cost and is never on the Army List; "
                    "remove it (abilities such as SUMMON bring it into play).",
                    where,
                    SUMMONED,
                )
                self.unit_lines.append(UnitLine(unit.name, entry.models, 0, 0, 0, (), unit.slot, False))
                continue
            composition = unit.by_models.get(entry.models)
            if allowed is not None and not unit.tag_keys <= allowed:
                self.flag(
                    "faction-tag-mismatch", self.tag_message(unit.name, unit.tags, "unit"), where, FACTION
                )
                self._uncounted(unit, entry.models, composition)
                continue
            key = unit.name
            if unit.unique and key in first_copy:
                self.flag(
                    "unique-duplicated",
                    f"{unit.name} is Unique and is already in the roster at units[{first_copy[key]}]; "
                    "remove this one.",
                    where,
                    CARDS,
                )
                self._uncounted(unit, entry.models, composition)
                continue
            first_copy.setdefault(key, i)
            if composition is None:
                options = _ordinal_list([str(c.models) for c in unit.compositions])
                self.flag(
                    "invalid-composition",
                    f"{unit.name} cannot be fielded with {_models(entry.models)}; "
                    f"choose {options} models (Composition Options, Part 12.10).",
                    where,
                    MUSTER,
                )
            upgrades, upgrade_cost = self.check_upgrades(
                unit, entry.upgrades, entry.models, composition, where
            )
            if composition is None:
                self._uncounted(unit, entry.models, None, upgrades)
                continue
            cost = composition.minerals + upgrade_cost
            lines.append(
                UnitLine(
                    unit.name,
                    entry.models,
                    composition.supply,
                    cost,
                    composition.minerals,
                    upgrades,
                    unit.slot,
                    True,
                )
            )
            self.minerals += cost
            self.supply += composition.supply
            if self.minerals > mineral_limit and self.minerals_crossed is None:
                self.minerals_crossed = (i, unit.name)
            if composition.supply and unit.slot is not None:
                # Part 9.1.6: a unit occupies slots equal to its starting Supply Value.
                self.uses[unit.slot].append(SlotUse(unit.name, where, composition.supply))
                self.used[unit.slot] += composition.supply

    def _uncounted(
        self, unit: Unit, models: int, composition: Composition | None, upgrades: tuple[UpgradeLine, ...] = ()
    ) -> None:
        supply = composition.supply if composition is not None else 0
        minerals = composition.minerals if composition is not None else 0
        self.unit_lines.append(
            UnitLine(unit.name, models, supply, minerals, minerals, upgrades, unit.slot, False)
        )

    def check_upgrades(
        self, unit: Unit, typed: Sequence[str], models: int, composition: Composition | None, where: str
    ) -> tuple[tuple[UpgradeLine, ...], int]:
        """Part 9.1.7 for one unit: its upgrade lines and what the counted ones cost."""
        if not typed:
            return (), 0
        priced = composition is not None
        index = unit.upgrade_index
        lines: list[UpgradeLine] = []
        first: dict[str, int] = {}  # upgrade -> where it was first bought; -1 once reported
        specialists: list[int] = []
        total = 0
        for j, name in enumerate(typed):
            upgrade = index.get(name_key(name))
            if upgrade is None:
                self._bad_upgrade(unit, name, f"{where}.upgrades[{j}]")
                lines.append(UpgradeLine(name, 0, False))
                continue
            key = upgrade.name
            if key in first:
                if first[key] >= 0:
                    copies = sum(1 for other in typed if index.get(name_key(other)) is upgrade)
                    self.flag(
                        "upgrade-duplicated",
                        f"{upgrade.name} is bought {_times(copies)} for this {unit.name}; each upgrade "
                        "may be bought once per unit — keep one.",
                        f"{where}.upgrades[{j}]",
                        UPGRADES,
                    )
                    first[key] = -1  # one violation for all the extra copies
                lines.append(UpgradeLine(upgrade.name, 0, False))
                continue
            first[key] = j
            cost = upgrade.costs.get(models)
            if cost is None:
                if priced:
                    self.flag(
                        "upgrade-not-allowed",
                        f"{upgrade.name} is not offered for a {models}-model {unit.name}; remove it.",
                        f"{where}.upgrades[{j}]",
                        UPGRADES,
                    )
                    lines.append(UpgradeLine(upgrade.name, 0, False))
                    continue
                cost = 0
            if upgrade.specialist:
                specialists.append(j)
            lines.append(UpgradeLine(upgrade.name, cost, priced))
            total += cost
        if priced and len(specialists) > models:
            # Part 9.1.7: each SPECIALIST upgrade goes to a different nominated model.
            extra = specialists[models:]
            for j in extra:
                line = lines[j]
                lines[j] = UpgradeLine(line.name, line.minerals, False)
                total -= line.minerals
            names = ", ".join(lines[j].name for j in specialists)
            self.flag(
                "specialist-over-models",
                f"{unit.name} has {_models(models)} but {len(specialists)} SPECIALIST upgrades ({names}); "
                f"each needs its own model — drop {len(extra)}.",
                f"{where}.upgrades[{extra[0]}]",
                UPGRADES,
            )
        return tuple(lines), total if priced else 0

    def _bad_upgrade(self, unit: Unit, name: str, where: str) -> None:
        if self.pack.is_upgrade(name):
            offered = ", ".join(u.name for u in unit.upgrades) or "none"
            message = f"{name} is not an upgrade listed for {unit.name}; remove it "
            message += f"({unit.name} can take: {offered})."
            self.flag("upgrade-not-allowed", message, where, UPGRADES)
            return
        candidates = tuple(u.name for u in unit.upgrades)
        self.flag(
            "unknown-upgrade",
            f'"{name}" is not an upgrade in the {self.pack.version} rules'
            f"{_did_you_mean(candidates, name)}; correct the name or remove it.",
            where,
            UPGRADES,
        )

    # --- Budget and slots ------------------------------------------------------------------

    def check_budget(self) -> None:
        mineral_limit, gas_limit = self.mineral_limit, self.gas_limit
        # Leftovers are only worth a warning when nothing was left out of the totals.
        self.units_complete = all(u.counted for u in self.unit_lines)
        self.cards_complete = all(c.counted for c in self.card_lines)
        if not self.own_budget:
            return
        if self.minerals > mineral_limit:
            assert self.minerals_crossed is not None
            i, name = self.minerals_crossed
            self.flag(
                "minerals-over-limit",
                f"Minerals: {self.minerals} spent, {mineral_limit} allowed — cut "
                f"{self.minerals - mineral_limit} minerals of units or upgrades "
                f"(the limit is passed at units[{i}], {name}).",
                f"units[{i}]",
                MINERALS,
            )
        elif self.units_complete and mineral_limit - self.minerals >= mineral_limit * UNSPENT_MINERALS_SHARE:
            self.warnings.append(
                Advice(
                    "minerals-unspent",
                    f"{mineral_limit - self.minerals} of {mineral_limit} Minerals unspent; "
                    "they are lost (Part 9.1.3).",
                    "units",
                )
            )
        if self.gas > gas_limit:
            assert self.gas_crossed is not None
            i, name = self.gas_crossed
            self.flag(
                "gas-over-limit",
                f"Vespene Gas: {self.gas} spent, {gas_limit} allowed — drop cards worth at least "
                f"{self.gas - gas_limit} gas (the limit is passed at cards[{i}], {name}).",
                f"cards[{i}]",
                GAS,
            )
        elif self.gas < gas_limit and self.cards_complete:
            self.warnings.append(
                Advice(
                    "gas-unspent",
                    f"{gas_limit - self.gas} of {gas_limit} Vespene Gas unspent; it is lost (Part 9.1.4).",
                    "cards",
                )
            )

    def check_slots(self) -> list[SlotLedger]:
        faction = self.faction
        ledgers: list[SlotLedger] = []
        judge = faction is not None and not self.unidentified_card
        if not judge:
            reason = "the Faction Card is unknown" if faction is None else "a card could not be identified"
            self.warnings.append(
                Advice(
                    "slots-unchecked",
                    f"Army slots were not checked because {reason}; fix that first.",
                    "slots",
                )
            )
        unused: list[str] = []
        base_slots = faction.slots if faction is not None else {}
        for kind in SLOT_TYPES:
            grants = self.grants[kind]
            base = base_slots.get(kind, 0)
            if base:
                assert faction is not None
                grants.insert(0, SlotGrant(faction.name, "faction_card", base))
            available = self.available[kind] + base
            used = self.used[kind]
            ledgers.append(SlotLedger(kind, available, used, tuple(grants), tuple(self.uses[kind])))
            if not judge:
                continue
            if used > available + self.maybe_slots[kind]:
                self.flag("slots-exceeded", self._slot_message(kind, used, available), kind, MUSTER)
            elif used < available:
                unused.append(f"{available - used} {SLOT_NAMES[kind]}")
        if unused and self.units_complete and self.cards_complete:
            self.warnings.append(
                Advice(
                    "slots-unused",
                    f"Unused army slots: {', '.join(unused)}; they are lost (Part 9.1.6).",
                    "slots",
                )
            )
        return ledgers

    def _slot_message(self, kind: str, used: int, available: int) -> str:
        assert self.faction is not None
        label = SLOT_NAMES[kind]
        over = used - available
        givers = sorted(
            (c for c in self.pack.cards if c.slots.get(kind) and c.tag_keys <= self.faction.tag_keys),
            key=lambda c: (c.gas, c.name),
        )
        remedy = f"remove {label} units worth {over} Supply"
        if givers:
            examples = _ordinal_list([f"{c.name} ({c.gas} gas)" for c in givers[:2]])
            remedy += f" or add a Tactical Card with {label} slots, e.g. {examples}"
        else:
            remedy += f" (no Tactical Card open to {self.faction.name} gives {label} slots)"
        return f"{label} slots: {used} used, {available} available — {remedy}."

    # --- Draft cards (Part 9.2) --------------------------------------------------------------

    def check_draft(self) -> None:
        pack, roster, scale = self.pack, self.roster, self.scale
        mission_scales = accepted_scales(pack, scale, "missions")
        deployment_scales = accepted_scales(pack, scale, "deployments")
        kinds = (
            ("missions", "Mission", roster.missions, MISSION_CARD),
            ("deployments", "Deployment", roster.deployments, DEPLOYMENT_CARD),
        )
        for heading, noun, typed_names, card_section in kinds:
            singular = heading[:-1]
            valid = errors = 0
            first_copy: dict[str, int] = {}
            for i, typed in enumerate(typed_names):
                where = f"{heading}[{i}]"
                entry = pack.mission(typed) if heading == "missions" else pack.deployment(typed)
                if entry is None:
                    candidates = tuple(
                        m.name for m in (pack.missions if heading == "missions" else pack.deployments)
                    )
                    message, _misfiled = _unknown(pack, typed, heading, f"{noun} Card", candidates)
                    self.flag(f"unknown-{singular}", message, where, DRAFT)
                    errors += 1
                    continue
                key = name_key(entry.name)
                if key in first_copy:
                    self.flag(
                        f"duplicate-{singular}",
                        f"{entry.name} is already at {heading}[{first_copy[key]}]; a player's set of "
                        f"draft cards holds no duplicates — choose a different {noun} Card.",
                        where,
                        DRAFT,
                    )
                    errors += 1
                    continue
                first_copy[key] = i
                printed = entry.scales if heading == "missions" else frozenset({entry.scale})  # type: ignore[union-attr]
                if not printed & (mission_scales if heading == "missions" else deployment_scales):
                    self.flag(
                        f"{singular}-wrong-scale",
                        f"{entry.name} is a {_scale_label(printed)} {noun} Card, but this roster is "
                        f"{_scale_label([scale.slug])}; choose a {_scale_label([scale.slug])} {noun} Card.",
                        where,
                        card_section,
                    )
                    errors += 1
                    continue
                valid += 1
            # Part 9.2: exactly 2 of each. Entries already in error may still be corrected,
            # so the count is wrong only if no correction or removal of them reaches 2.
            if not valid <= 2 <= valid + errors:
                count = len(typed_names)
                action = "add" if count < 2 else "remove"
                self.flag(
                    f"{heading}-count",
                    f"{count} {noun} Card{'s' if count != 1 else ''} submitted; bring exactly 2 — {action} "
                    f"{abs(count - 2)}.",
                    heading,
                    DRAFT,
                )

    def report(self) -> RosterReport:
        self.check_faction()
        self.check_cards()
        self.check_creep()
        self.check_units()
        self.check_budget()
        ledgers = self.check_slots()
        self.check_draft()
        roster = self.roster
        return RosterReport(
            player=roster.player,
            faction=self.faction.name if self.faction is not None else roster.faction_card,
            race=self.faction.race if self.faction is not None else None,
            scale=roster.scale,
            rules_version=self.pack.version,
            totals=Totals(self.minerals, self.gas, self.supply),
            limits=Limits(self.mineral_limit, self.gas_limit) if self.own_budget else Limits(None, None),
            slots=tuple(ledgers),
            units=tuple(self.unit_lines),
            cards=tuple(self.card_lines),
            violations=tuple(self.violations),
            warnings=tuple(self.warnings),
        )


def validate_roster(roster: Roster, pack: DataPack, *, own_budget: bool = True) -> RosterReport:
    """Judge one roster against one data pack (Part 9.1, Part 9.2, OP Guide: Army Rosters).

    `own_budget` False: every rule but the army's Mineral and Vespene Gas limits, for an
    army whose budget is its team's (Part 9.1.8, `team.validate_team`)."""
    return _Checker(roster, pack, roster.scale_rules(), own_budget=own_budget).report()


def validate_rosters(rosters: Sequence[Roster], pack: DataPack) -> ValidationResult[RosterReport]:
    """One player's rosters: each on its own, then the Dual List Format rules between them.

    OP Guide, Dual List Format: up to two rosters, both from the same faction. The OP
    Guide's own roster checklist defines "the faction" as Terran, Protoss or Zerg, so
    two rosters with different Faction Cards of one race are a legal pair.
    """
    reports = tuple(validate_roster(r, pack) for r in rosters)
    problems: list[Violation] = []
    if len(rosters) > 2:
        problems.append(
            Violation(
                "dual-list-too-many",
                f"{len(rosters)} rosters submitted; a player may submit at most two — withdraw "
                f"{len(rosters) - 2}.",
                "rosters[2]",
                DUAL_LIST,
            )
        )
    if rosters:
        player = person_key(rosters[0].player)
        for i, roster in enumerate(rosters[1:], start=1):
            if person_key(roster.player) != player:
                problems.append(
                    Violation(
                        "dual-list-player-mismatch",
                        f'rosters[{i}] belongs to "{roster.player}", rosters[0] to "{rosters[0].player}"; '
                        "a Dual List pair is two rosters of one player.",
                        f"rosters[{i}]",
                        DUAL_LIST,
                    )
                )
        races = [(i, r.race, r.faction) for i, r in enumerate(reports) if r.race is not None]
        if races:
            _first, race, faction = races[0]
            for i, other_race, other_faction in races[1:]:
                if name_key(other_race) != name_key(race):
                    problems.append(
                        Violation(
                            "dual-list-faction-mismatch",
                            f"rosters[{i}] is {other_race} ({other_faction}) but rosters[{_first}] is {race} "
                            f"({faction}); both rosters must be from the same faction.",
                            f"rosters[{i}]",
                            DUAL_LIST,
                        )
                    )
    return ValidationResult(rosters=reports, violations=tuple(problems))


def validate_rosters_on(
    rosters: Sequence[Roster], rules_date: dt.date | None = None
) -> ValidationResult[RosterReport]:
    """`validate_rosters` under the pack in effect on the rules cut-off date (the newest when None)."""
    return validate_rosters(rosters, rules_pack(rules_date))
