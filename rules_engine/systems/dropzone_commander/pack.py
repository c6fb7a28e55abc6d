"""A Dropzone Commander faction pack (`datapack/1`, docs/interchange.md).

The rulebook prints no army lists, no Command Cards and no Famous Commanders (§1.1), so a
TO supplies the pack; the one shipped here is labelled `"sample": true`. Transport
Symbols (DZC:280-294) are data: `cargo` lists a unit's solid symbols (two entries mean
"/", either one), `transport.holds` its hollow ones with `mix` "single", "either" (/) or
"both" (+). A unit with `transport` but not of category `transport` is an Auxiliary
Transport (DZC:298).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules_engine.datapack import (
    PackError,
    envelope,
    fail,
    index_names,
    name_list,
    object_list,
    read_file,
    text_field,
    whole,
)
from rules_engine.names import name_key
from rules_engine.systems.dropzone_commander.sections import section_title

SLUG = "dropzone-commander"
CORE_CATEGORIES = ("standard", "vanguard", "heavy", "support", "transport")
# DZC:236-240: every category but Standard (and Transport, DZC:262) is "no more than Standard".
CORE_RESTRICTIONS = {
    "vanguard": "no-more-than-standard",
    "heavy": "no-more-than-standard",
    "support": "no-more-than-standard",
}
RESTRICTIONS = ("none", "no-more-than-standard")
TYPES = ("vehicle", "aircraft", "infantry")
MIXES = ("single", "either", "both")
CARD_SETS = ("core", "faction", "special")

__all__ = [
    "SLUG",
    "CommandCard",
    "DropzonePack",
    "FamousCommander",
    "PackError",
    "Symbol",
    "Unit",
    "load_pack",
    "parse_pack",
]


@dataclass(frozen=True, slots=True)
class Symbol:
    shape: str
    size: int  # what a solid symbol fills, or what a hollow one holds


@dataclass(frozen=True, slots=True)
class Upgrade:
    name: str
    points: int  # per Unit upgraded (decision DZ-D07)
    variants: tuple[str, ...] = ()  # empty: every variant


@dataclass(frozen=True, slots=True)
class Unit:
    name: str
    faction: str
    type: str
    category: str
    points: int
    squad_size: tuple[int, int] | None  # None for category transport (DZC:262)
    rarity: str | None = None  # "rare" or "unique" (DZC:246)
    special: tuple[str, ...] = ()
    cargo: tuple[Symbol, ...] = ()
    holds: tuple[Symbol, ...] = ()
    mix: str = "single"
    variants: Mapping[str, int] = field(default_factory=dict)  # name -> points per Unit
    upgrades: tuple[Upgrade, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def is_transport(self) -> bool:
        """A non-auxiliary Transport: category 'transport' (DZC:262)."""
        return self.category == "transport"

    @property
    def carries(self) -> bool:
        return bool(self.holds)

    @property
    def is_auxiliary(self) -> bool:
        """DZC:298: a hollow symbol on a unit that is not of category Transport."""
        return self.carries and not self.is_transport

    def has_rule(self, rule: str) -> bool:
        return any(name_key(s) == name_key(rule) for s in self.special)

    def variant(self, name: str) -> str | None:
        return next((v for v in self.variants if name_key(v) == name_key(name)), None)

    def upgrade(self, name: str) -> Upgrade | None:
        return next((u for u in self.upgrades if name_key(u.name) == name_key(name)), None)


@dataclass(frozen=True, slots=True)
class FamousCommander:
    name: str
    faction: str
    level: int
    points: int
    unit: str
    unique: bool = True
    special_cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CommandCard:
    name: str
    set: str
    max_copies: int
    faction: str | None = None
    granted_by: str | None = None


@dataclass(frozen=True)
class DropzonePack:
    effective: str
    source: str
    factions: tuple[str, ...]
    units: tuple[Unit, ...]
    famous_commanders: tuple[FamousCommander, ...]
    command_cards: tuple[CommandCard, ...]
    restrictions: Mapping[str, str]
    sample: bool = False
    lints: tuple[str, ...] = ()
    decisions: tuple[Mapping[str, Any], ...] = ()
    _units: Mapping[str, Unit] = field(default_factory=dict, repr=False, compare=False)
    _faction_by_key: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def version(self) -> str:
        return self.effective

    def unit(self, name: str) -> Unit | None:
        return self._units.get(name_key(name))

    def faction(self, name: str) -> str | None:
        return self._faction_by_key.get(name_key(name))

    def famous(self, name: str) -> FamousCommander | None:
        return next((c for c in self.famous_commanders if name_key(c.name) == name_key(name)), None)

    def card(self, name: str) -> CommandCard | None:
        return next((c for c in self.command_cards if name_key(c.name) == name_key(name)), None)


# --- reading ---------------------------------------------------------------------------


def _symbols(raw: Any, where: str, size_key: str) -> tuple[Symbol, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise fail(where, "must be a list of symbols")
    symbols = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping):
            raise fail(f"{where}[{i}]", "must be an object with a shape")
        symbols.append(
            Symbol(
                text_field(item, "shape", f"{where}[{i}]"), whole(item, size_key, f"{where}[{i}]", minimum=1)
            )
        )
    return tuple(symbols)


def _squad_size(raw: Mapping[str, Any], where: str, category: str) -> tuple[int, int] | None:
    value = raw.get("squad_size")
    if category == "transport":
        return None
    if not (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and 1 <= value[0] <= value[1]
    ):
        raise fail(f"{where}.squad_size", "must be [min, max] with 1 <= min <= max")
    return (value[0], value[1])


def _unit(raw: Mapping[str, Any], where: str, faction: str, categories: Mapping[str, str]) -> Unit:
    name = text_field(raw, "name", where)
    kind = text_field(raw, "type", where)
    if kind not in TYPES:
        raise fail(f"{where}.type", f"must be one of {', '.join(TYPES)}")
    category = text_field(raw, "category", where)
    if category not in categories:
        raise fail(f"{where}.category", f"{category!r} is not a category (declare it under 'categories')")
    rarity = raw.get("rarity")
    if rarity not in (None, "rare", "unique"):
        raise fail(f"{where}.rarity", "must be 'rare', 'unique' or absent")
    points = whole(raw, "points", where)
    transport = raw.get("transport")
    holds: tuple[Symbol, ...] = ()
    mix = "single"
    if transport is not None:
        if not isinstance(transport, Mapping):
            raise fail(f"{where}.transport", "must be an object with 'holds'")
        holds = _symbols(transport.get("holds"), f"{where}.transport.holds", "capacity")
        mix = str(transport.get("mix", "single"))
        if mix not in MIXES or not holds:
            raise fail(f"{where}.transport", f"needs 'holds' and a 'mix' of {', '.join(MIXES)}")
    variants: dict[str, int] = {}
    for i, variant in enumerate(object_list(raw, "variants", required=False, where=where)):
        vname = text_field(variant, "name", f"{where}.variants[{i}]")
        variants[vname] = (
            whole(variant, "points", f"{where}.variants[{i}]") if "points" in variant else points
        )
    upgrades = tuple(
        Upgrade(
            name=text_field(u, "name", f"{where}.upgrades[{i}]"),
            points=whole(u, "points", f"{where}.upgrades[{i}]"),
            variants=name_list(u, "variants", f"{where}.upgrades[{i}]"),
        )
        for i, u in enumerate(object_list(raw, "upgrades", required=False, where=where))
    )
    return Unit(
        name=name,
        faction=faction,
        type=kind,
        category=category,
        points=points,
        squad_size=_squad_size(raw, where, category),
        rarity=rarity,
        special=name_list(raw, "special", where),
        cargo=_symbols(raw.get("cargo"), f"{where}.cargo", "size"),
        holds=holds,
        mix=mix,
        variants=variants,
        upgrades=upgrades,
        aliases=name_list(raw, "aliases", where),
    )


def _card(raw: Mapping[str, Any], where: str, factions: Mapping[str, str]) -> CommandCard:
    card_set = text_field(raw, "set", where)
    if card_set not in CARD_SETS:
        raise fail(f"{where}.set", f"must be one of {', '.join(CARD_SETS)}")
    faction = None
    if card_set != "core":
        faction = factions.get(name_key(text_field(raw, "faction", where)))
        if faction is None:
            raise fail(f"{where}.faction", f"{raw['faction']!r} is not one of the pack's factions")
    granted = raw.get("granted_by")
    return CommandCard(
        name=text_field(raw, "name", where),
        set=card_set,
        max_copies=whole(raw, "max_copies", where, minimum=1),
        faction=faction,
        granted_by=granted if isinstance(granted, str) and granted.strip() else None,
    )


def _set_lints(cards: tuple[CommandCard, ...], factions: tuple[str, ...]) -> list[str]:
    """DZ Q13: each set's copy numbers presumably sum to 33; a warning, never a refusal."""
    lints = []
    sets = [("core", None), *(("faction", f) for f in factions)]
    for card_set, faction in sets:
        total = sum(c.max_copies for c in cards if c.set == card_set and c.faction == faction)
        if total and total != 33:
            label = "the Core Set" if faction is None else f"the {faction} Faction Set"
            lints.append(
                f"command_cards: {label} holds {total} cards, not the 33 of {section_title('DZC:318')}"
            )
    return lints


def parse_pack(data: Any) -> DropzonePack:
    """Check a decoded pack and build it; every problem names its JSON path."""
    head = envelope(data, SLUG)
    restrictions = {c: "none" for c in CORE_CATEGORIES} | CORE_RESTRICTIONS
    for i, raw in enumerate(object_list(data, "categories", required=False)):
        name = text_field(raw, "name", f"categories[{i}]")
        restriction = text_field(raw, "restriction", f"categories[{i}]")
        if restriction not in RESTRICTIONS:
            raise fail(f"categories[{i}].restriction", f"must be one of {', '.join(RESTRICTIONS)}")
        restrictions[name] = restriction
    raws = object_list(data, "units")
    units = tuple(
        _unit(raw, f"units[{i}]", head.faction(raw, f"units[{i}]"), restrictions)
        for i, raw in enumerate(raws)
    )
    by_key = index_names(units, [(u.name, *u.aliases) for u in units], "units")
    famous = []
    for i, raw in enumerate(object_list(data, "famous_commanders", required=False)):
        where = f"famous_commanders[{i}]"
        unit = text_field(raw, "unit", where)
        if name_key(unit) not in by_key:
            raise fail(f"{where}.unit", f"{unit!r} is not a unit of this pack")
        famous.append(
            FamousCommander(
                name=text_field(raw, "name", where),
                faction=head.faction(raw, where),
                level=whole(raw, "level", where, minimum=4),
                points=whole(raw, "points", where),
                unit=by_key[name_key(unit)].name,
                unique=bool(raw.get("unique", True)),
                special_cards=name_list(raw, "special_cards", where),
            )
        )
    cards = tuple(
        _card(raw, f"command_cards[{i}]", head.factions)
        for i, raw in enumerate(object_list(data, "command_cards", required=False))
    )
    index_names(cards, [(c.name,) for c in cards], "command_cards")
    return DropzonePack(
        effective=head.effective,
        source=head.source,
        factions=head.faction_names,
        units=units,
        famous_commanders=tuple(famous),
        command_cards=cards,
        restrictions=restrictions,
        sample=head.sample,
        lints=tuple(_set_lints(cards, head.faction_names)),
        decisions=head.decisions,
        _units=by_key,
        _faction_by_key=head.factions,
    )


@lru_cache(maxsize=8)
def load_pack(path: Path) -> DropzonePack:
    """A pack file, read once per process (packs are immutable once published)."""
    return parse_pack(read_file(path))
