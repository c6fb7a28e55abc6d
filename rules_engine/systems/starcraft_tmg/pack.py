"""StarCraft TMG data packs (datapack/1): the game data one rules version uses.

A pack is published once and never edited (errata ship as a new pack with a later
effective date), so a loaded pack is frozen and cached by file. Every name a player may
type is indexed by its `name_key`, aliases included, so lookups forgive case and
punctuation (docs/interchange.md).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from rules_engine import strict_json
from rules_engine.names import name_key

FORMAT = "datapack/1"
GAME_SYSTEM = "starcraft-tmg"
# Part 5.2 (16. ARMY SLOT): the five slot types, in the order the book lists them.
SLOT_TYPES = ("core", "elite", "support", "air", "hero")
CARD_KINDS = ("tactical", "creep")
SCALES = ("skirmish", "standard", "grand-offensive")  # Part 9.1.1


class PackError(ValueError):
    """The data pack itself is broken; the message names the entry and field."""


@dataclass(frozen=True, slots=True)
class Faction:
    name: str
    race: str
    tags: tuple[str, ...]
    unique: bool
    slots: Mapping[str, int]
    creep_required: bool
    aliases: tuple[str, ...] = ()
    source: str = ""
    tag_keys: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    kind: str  # "tactical" or "creep"
    race: str
    tags: tuple[str, ...]
    unique: bool
    gas: int
    slots: Mapping[str, int]
    aliases: tuple[str, ...] = ()
    source: str = ""
    tag_keys: frozenset[str] = frozenset()
    grants: tuple[tuple[str, int], ...] = ()  # the non-zero slots, for the slot ledger

    def __post_init__(self) -> None:
        object.__setattr__(self, "grants", tuple((k, n) for k, n in self.slots.items() if n))


@dataclass(frozen=True, slots=True)
class Composition:
    models: int
    minerals: int
    supply: int


@dataclass(frozen=True, slots=True)
class Upgrade:
    name: str
    specialist: bool
    replaces: str | None  # "↑ FOR [weapon]" (Part 9.1.7)
    costs: Mapping[int, int]  # model count -> minerals
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Unit:
    name: str
    race: str
    tags: tuple[str, ...]
    slot: str | None  # None only for summoned units, which occupy no slot (Part 9.1.9)
    unique: bool
    summoned: bool
    compositions: tuple[Composition, ...]
    upgrades: tuple[Upgrade, ...]
    aliases: tuple[str, ...] = ()
    source: str = ""
    tag_keys: frozenset[str] = frozenset()
    by_models: Mapping[int, Composition] = field(default_factory=dict)
    upgrade_index: Mapping[str, Upgrade] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Mission:
    name: str
    scales: frozenset[str]
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Deployment:
    name: str
    scale: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    id: str
    subject: str
    decision: str
    reason: str


@dataclass(frozen=True, eq=False)  # identity equality: one object per published pack
class DataPack:
    effective: dt.date
    source: str
    factions: tuple[Faction, ...]
    cards: tuple[Card, ...]
    units: tuple[Unit, ...]
    missions: tuple[Mission, ...]
    deployments: tuple[Deployment, ...]
    decisions: tuple[Decision, ...]
    faction_index: Mapping[str, Faction]
    card_index: Mapping[str, Card]
    unit_index: Mapping[str, Unit]
    mission_index: Mapping[str, Mission]
    deployment_index: Mapping[str, Deployment]
    upgrade_keys: frozenset[str]  # every upgrade name on any unit: "unknown" vs "not allowed"
    mission_scales: frozenset[str]  # the scales some Mission Card is printed for
    deployment_scales: frozenset[str]

    @property
    def version(self) -> str:
        return self.effective.isoformat()

    def faction(self, name: str) -> Faction | None:
        return self.faction_index.get(name_key(name))

    def card(self, name: str) -> Card | None:
        return self.card_index.get(name_key(name))

    def unit(self, name: str) -> Unit | None:
        return self.unit_index.get(name_key(name))

    def mission(self, name: str) -> Mission | None:
        return self.mission_index.get(name_key(name))

    def deployment(self, name: str) -> Deployment | None:
        return self.deployment_index.get(name_key(name))

    def is_upgrade(self, name: str) -> bool:
        return name_key(name) in self.upgrade_keys


# --- reading -----------------------------------------------------------------------


def _get(entry: Mapping[str, Any], key: str, where: str, kind: type, default: Any = ...) -> Any:
    if key not in entry:
        if default is ...:
            raise PackError(f"{where}: missing field {key!r}")
        return default
    value = entry[key]
    if isinstance(value, bool) and kind is int:
        raise PackError(f"{where}.{key} must be a number, not {value!r}")
    if not isinstance(value, kind):
        raise PackError(f"{where}.{key} has the wrong type ({type(value).__name__})")
    return value


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PackError(f"{where} must be a whole number of at least 0, not {value!r}")
    count: int = value
    return count


def _strings(entry: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> tuple[str, ...]:
    value = _get(entry, key, where, list, ... if required else [])
    if not all(isinstance(item, str) for item in value):
        raise PackError(f"{where}.{key} must be a list of strings")
    return tuple(value)


def _slots(entry: Mapping[str, Any], where: str) -> Mapping[str, int]:
    raw = _get(entry, "slots", where, dict, {})
    unknown = sorted(set(raw) - set(SLOT_TYPES))
    if unknown:
        raise PackError(f"{where}.slots has unknown slot types {unknown} (known: {', '.join(SLOT_TYPES)})")
    return MappingProxyType({kind: _count(raw.get(kind, 0), f"{where}.slots.{kind}") for kind in SLOT_TYPES})


def _tag_keys(tags: tuple[str, ...]) -> frozenset[str]:
    return frozenset(name_key(tag) for tag in tags)


def _faction(entry: Mapping[str, Any], where: str) -> Faction:
    tags = _strings(entry, "tags", where, required=True)
    return Faction(
        name=_get(entry, "name", where, str),
        race=_get(entry, "race", where, str),
        tags=tags,
        unique=_get(entry, "unique", where, bool, True),
        slots=_slots(entry, where),
        creep_required=_get(entry, "creep_required", where, bool, False),
        aliases=_strings(entry, "aliases", where),
        source=_get(entry, "source", where, str, ""),
        tag_keys=_tag_keys(tags),
    )


def _card(entry: Mapping[str, Any], where: str) -> Card:
    kind = _get(entry, "kind", where, str)
    if kind not in CARD_KINDS:
        raise PackError(f"{where}.kind must be one of {', '.join(CARD_KINDS)}, not {kind!r}")
    tags = _strings(entry, "tags", where, required=True)
    return Card(
        name=_get(entry, "name", where, str),
        kind=kind,
        race=_get(entry, "race", where, str),
        tags=tags,
        unique=_get(entry, "unique", where, bool, False),
        gas=_count(_get(entry, "gas", where, int), f"{where}.gas"),
        slots=_slots(entry, where),
        aliases=_strings(entry, "aliases", where),
        source=_get(entry, "source", where, str, ""),
        tag_keys=_tag_keys(tags),
    )


def _upgrade(entry: Any, where: str) -> Upgrade:
    if not isinstance(entry, dict):
        raise PackError(f"{where} must be an object")
    raw_costs = _get(entry, "costs", where, dict)
    costs: dict[int, int] = {}
    for models, cost in raw_costs.items():
        try:
            count = int(models)
        except (TypeError, ValueError):
            raise PackError(f"{where}.costs key {models!r} is not a model count") from None
        costs[count] = _count(cost, f"{where}.costs[{models!r}]")
    replaces = entry.get("replaces")
    if replaces is not None and not isinstance(replaces, str):
        raise PackError(f"{where}.replaces must be a weapon name or null")
    return Upgrade(
        name=_get(entry, "name", where, str),
        specialist=_get(entry, "specialist", where, bool, False),
        replaces=replaces or None,
        costs=MappingProxyType(costs),
        aliases=_strings(entry, "aliases", where),
    )


def _unit(entry: Mapping[str, Any], where: str) -> Unit:
    summoned = _get(entry, "summoned", where, bool, False)
    slot = entry.get("slot")
    if not (slot in SLOT_TYPES or (summoned and slot is None)):
        raise PackError(f"{where}.slot must be one of {', '.join(SLOT_TYPES)}, not {slot!r}")
    compositions = []
    for i, raw in enumerate(_get(entry, "compositions", where, list)):
        at = f"{where}.compositions[{i}]"
        if not isinstance(raw, dict):
            raise PackError(f"{at} must be an object")
        compositions.append(
            Composition(
                models=_count(_get(raw, "models", at, int), f"{at}.models"),
                minerals=_count(_get(raw, "minerals", at, int), f"{at}.minerals"),
                supply=_count(_get(raw, "supply", at, int), f"{at}.supply"),
            )
        )
    by_models = {c.models: c for c in compositions}
    if len(by_models) != len(compositions):
        raise PackError(f"{where}: two composition options have the same model count")
    if not compositions and not summoned:
        raise PackError(f"{where}: a unit that is not summoned needs at least one composition option")
    upgrades = tuple(
        _upgrade(u, f"{where}.upgrades[{i}]") for i, u in enumerate(_get(entry, "upgrades", where, list, []))
    )
    name = _get(entry, "name", where, str)
    tags = _strings(entry, "tags", where, required=True)
    return Unit(
        name=name,
        race=_get(entry, "race", where, str),
        tags=tags,
        slot=slot,
        unique=_get(entry, "unique", where, bool, False),
        summoned=summoned,
        compositions=tuple(compositions),
        upgrades=upgrades,
        aliases=_strings(entry, "aliases", where),
        source=_get(entry, "source", where, str, ""),
        tag_keys=_tag_keys(tags),
        by_models=MappingProxyType(by_models),
        upgrade_index=MappingProxyType(_index(upgrades, f"{where}.upgrades", "upgrade")),
    )


def _scale(value: str, where: str) -> str:
    if value not in SCALES:
        raise PackError(f"{where} has scale {value!r}; known scales: {', '.join(SCALES)}")
    return value


def _mission(entry: Mapping[str, Any], where: str) -> Mission:
    scales = _strings(entry, "scales", where, required=True)
    return Mission(
        name=_get(entry, "name", where, str),
        scales=frozenset(_scale(s, f"{where}.scales") for s in scales),
        aliases=_strings(entry, "aliases", where),
    )


def _deployment(entry: Mapping[str, Any], where: str) -> Deployment:
    return Deployment(
        name=_get(entry, "name", where, str),
        scale=_scale(_get(entry, "scale", where, str), f"{where}.scale"),
        aliases=_strings(entry, "aliases", where),
    )


def _decision(entry: Mapping[str, Any], where: str) -> Decision:
    return Decision(
        id=_get(entry, "id", where, str),
        subject=_get(entry, "subject", where, str, ""),
        decision=_get(entry, "decision", where, str, ""),
        reason=_get(entry, "reason", where, str, ""),
    )


class _Named(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...


N = TypeVar("N", bound=_Named)


def _index(items: tuple[N, ...], where: str, what: str) -> dict[str, N]:
    """Name and alias keys of one kind; two entries claiming one key is a pack error."""
    index: dict[str, N] = {}
    for item in items:
        for label in (item.name, *item.aliases):
            key = name_key(label)
            if not key:
                raise PackError(f"{where}: {what} name {label!r} has no letters or digits")
            other = index.get(key)
            if other is not None and other is not item:
                raise PackError(f"{where}: {what} names {other.name!r} and {label!r} cannot be told apart")
            index[key] = item
    return index


def _entries(doc: Mapping[str, Any], key: str, required: bool = True) -> list[tuple[Mapping[str, Any], str]]:
    value = doc.get(key, None if required else [])
    if not isinstance(value, list):
        raise PackError(f"pack field {key!r} must be a list")
    out: list[tuple[Mapping[str, Any], str]] = []
    for i, entry in enumerate(value):
        if not isinstance(entry, dict):
            raise PackError(f"{key}[{i}] must be an object")
        label = entry.get("name") or entry.get("id")
        out.append((entry, f"{key}[{i}]" + (f" ({label})" if isinstance(label, str) else "")))
    return out


def pack_from_document(doc: Any, *, effective: dt.date | None = None) -> DataPack:
    """Freeze a parsed datapack/1 document, checking every field a rule reads."""
    if not isinstance(doc, dict):
        raise PackError("a data pack is a JSON object")
    if doc.get("format") != FORMAT:
        raise PackError(f"pack format is {doc.get('format')!r}, expected {FORMAT!r}")
    if doc.get("game_system") != GAME_SYSTEM:
        raise PackError(f"pack is for game system {doc.get('game_system')!r}, expected {GAME_SYSTEM!r}")
    try:
        stated = dt.date.fromisoformat(str(doc.get("effective")))
    except ValueError:
        raise PackError(f"pack effective date {doc.get('effective')!r} is not YYYY-MM-DD") from None
    if effective is not None and effective != stated:
        raise PackError(f"pack says it is effective {stated}, but its file name says {effective}")
    factions = tuple(_faction(e, w) for e, w in _entries(doc, "factions"))
    cards = tuple(_card(e, w) for e, w in _entries(doc, "cards"))
    units = tuple(_unit(e, w) for e, w in _entries(doc, "units"))
    missions = tuple(_mission(e, w) for e, w in _entries(doc, "missions"))
    deployments = tuple(_deployment(e, w) for e, w in _entries(doc, "deployments"))
    decisions = tuple(_decision(e, w) for e, w in _entries(doc, "decisions", required=False))
    upgrade_keys = frozenset(key for unit in units for key in unit.upgrade_index)
    return DataPack(
        effective=stated,
        source=str(doc.get("source", "")),
        factions=factions,
        cards=cards,
        units=units,
        missions=missions,
        deployments=deployments,
        decisions=decisions,
        faction_index=MappingProxyType(_index(factions, "factions", "faction")),
        card_index=MappingProxyType(_index(cards, "cards", "card")),
        unit_index=MappingProxyType(_index(units, "units", "unit")),
        mission_index=MappingProxyType(_index(missions, "missions", "mission")),
        deployment_index=MappingProxyType(_index(deployments, "deployments", "deployment")),
        upgrade_keys=upgrade_keys,
        mission_scales=frozenset(s for m in missions for s in m.scales),
        deployment_scales=frozenset(d.scale for d in deployments),
    )


@lru_cache(maxsize=16)
def load_pack(path: Path) -> DataPack:
    """Read a pack file once per process: packs are immutable once published."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PackError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        doc = strict_json.loads(text)
    except json.JSONDecodeError as exc:
        raise PackError(f"{path}: malformed JSON at line {exc.lineno}: {exc.msg}") from None
    try:
        effective = dt.date.fromisoformat(path.stem)
    except ValueError:
        effective = None
    try:
        return pack_from_document(doc, effective=effective)
    except PackError as exc:
        raise PackError(f"{path.name}: {exc}") from None


def pack_gaps(pack: DataPack) -> list[str]:
    """Holes a pack can load with but that a roster would trip over (for the pack's tests).

    An upgrade without a cost for one of its unit's composition sizes is treated as not
    available at that size; this lists such gaps so a transcription slip is noticed.
    """
    gaps = []
    for unit in pack.units:
        for upgrade in unit.upgrades:
            missing = sorted(set(unit.by_models) - set(upgrade.costs))
            if missing:
                gaps.append(f"{unit.name}: upgrade {upgrade.name} has no cost for {missing} models")
            extra = sorted(set(upgrade.costs) - set(unit.by_models))
            if extra:
                gaps.append(
                    f"{unit.name}: upgrade {upgrade.name} has costs for {extra} models, not an option"
                )
    return gaps
