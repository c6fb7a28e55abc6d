"""A Dropzone Commander roster (`roster/1`, docs/interchange.md), read and checked for shape.

Groups are not typed: each Squad names the Transport Squad it rides in (`aboard`), and a
Group is a Squad aboard nothing with everything aboard it (DZC:262, 268, 298). What makes
the roster unreadable is an input error (exit status 2), not a violation: no points
limit or one under 501, a `scale` that contradicts it (D7), duplicate Squad ids, a Squad
of no Units, `aboard` naming an unknown id, itself or a cycle, a Commander on an unknown
Squad.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine import strict_json
from rules_engine.systems.dropzone_commander.pack import SLUG
from rules_engine.systems.dropzone_commander.sections import GAME_SIZE
from rules_engine.systems.dropzone_commander.sizes import MIN_POINTS, GameSize, size_for, size_named

ROSTER_FORMAT = "roster/1"


class RosterInputError(ValueError):
    """The input is not a readable Dropzone roster (exit status 2); the message says where."""


@dataclass(frozen=True, slots=True)
class UpgradeChoice:
    name: str
    variant: str | None = None  # None: every Unit of the Squad (DZC:258)


@dataclass(frozen=True, slots=True)
class Squad:
    id: str
    name: str
    models: int
    where: str
    upgrades: tuple[UpgradeChoice, ...] = ()
    aboard: str | None = None
    variants: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CommanderChoice:
    where: str
    level: int | None = None
    name: str | None = None  # a Famous Commander
    squad: str | None = None


@dataclass(frozen=True, slots=True)
class CardEntry:
    name: str
    copies: int
    where: str


@dataclass(frozen=True)
class DropzoneRoster:
    player: str
    faction: str
    points: int
    size: GameSize
    squads: tuple[Squad, ...]
    commanders: tuple[CommanderChoice, ...] = ()
    cards: tuple[CardEntry, ...] | None = None  # None: no deck brought
    game_system: str = SLUG

    def squad(self, squad_id: str) -> Squad:
        return next(s for s in self.squads if s.id == squad_id)


def _text(doc: Mapping[str, Any], key: str, where: str) -> str:
    value = doc.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RosterInputError(f"{where}{key}: required, a non-empty string")
    return value.strip()


def _count(value: Any, where: str, *, minimum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise RosterInputError(f"{where}: must be a whole number of at least {minimum}")
    return value


def _upgrade(raw: Any, where: str) -> UpgradeChoice:
    if isinstance(raw, str) and raw.strip():
        return UpgradeChoice(raw.strip())
    if isinstance(raw, Mapping) and isinstance(raw.get("name"), str):
        variant = raw.get("variant")
        if variant is not None and not isinstance(variant, str):
            raise RosterInputError(f"{where}.variant: must be a variant's name")
        return UpgradeChoice(raw["name"].strip(), variant)
    raise RosterInputError(f'{where}: an upgrade is a name or {{"name", "variant"}}')


def _squad(raw: Any, where: str) -> Squad:
    if not isinstance(raw, Mapping):
        raise RosterInputError(f"{where}: a Squad is an object")
    upgrades = raw.get("upgrades", [])
    if not isinstance(upgrades, list):
        raise RosterInputError(f"{where}.upgrades: must be a list")
    variants = raw.get("variants", {})
    if not isinstance(variants, Mapping):
        raise RosterInputError(f"{where}.variants: must map variant names to Unit counts")
    aboard = raw.get("aboard")
    if aboard is not None and (not isinstance(aboard, str) or not aboard.strip()):
        raise RosterInputError(f"{where}.aboard: must be a Squad id")
    squad_id = raw.get("id", where)
    if not isinstance(squad_id, str) or not squad_id.strip():
        raise RosterInputError(f"{where}.id: must be a non-empty string")
    return Squad(
        id=squad_id.strip(),
        name=_text(raw, "name", f"{where}."),
        models=_count(raw.get("models"), f"{where}.models", minimum=1),
        where=where,
        upgrades=tuple(_upgrade(u, f"{where}.upgrades[{j}]") for j, u in enumerate(upgrades)),
        aboard=aboard.strip() if isinstance(aboard, str) else None,
        variants={str(k): _count(v, f"{where}.variants.{k}", minimum=0) for k, v in variants.items()},
    )


def _commander(raw: Any, where: str) -> CommanderChoice:
    if not isinstance(raw, Mapping):
        raise RosterInputError(f'{where}: a Commander is {{"level"}} or {{"name"}} with a "squad"')
    level = raw.get("level")
    name = raw.get("name")
    if (level is None) == (name is None):
        raise RosterInputError(f"{where}: give a Commander's level or a Famous Commander's name")
    squad = raw.get("squad")
    if squad is not None and not isinstance(squad, str):
        raise RosterInputError(f"{where}.squad: must be a Squad id")
    return CommanderChoice(
        where=where,
        level=_count(level, f"{where}.level", minimum=1) if level is not None else None,
        name=name.strip() if isinstance(name, str) else None,
        squad=squad,
    )


def _card(raw: Any, where: str) -> CardEntry:
    if isinstance(raw, str) and raw.strip():
        return CardEntry(raw.strip(), 1, where)
    if isinstance(raw, Mapping) and isinstance(raw.get("name"), str) and raw["name"].strip():
        return CardEntry(
            raw["name"].strip(), _count(raw.get("copies", 1), f"{where}.copies", minimum=1), where
        )
    raise RosterInputError(f'{where}: a card is a name or {{"name", "copies"}}')


def check_aboard(squads: tuple[Squad, ...]) -> None:
    ids = {s.id for s in squads}
    parent = {s.id: s.aboard for s in squads}
    for squad in squads:
        if squad.aboard is None:
            continue
        if squad.aboard == squad.id:
            raise RosterInputError(f"{squad.where}.aboard: a Squad cannot ride in itself")
        if squad.aboard not in ids:
            raise RosterInputError(f"{squad.where}.aboard: no Squad has the id {squad.aboard!r}")
        seen = {squad.id}
        up: str | None = squad.aboard
        while up is not None:
            if up in seen:
                raise RosterInputError(f"{squad.where}.aboard: the Squads ride in each other in a circle")
            seen.add(up)
            up = parent[up]


def roster_from_document(doc: Any) -> DropzoneRoster:
    if not isinstance(doc, Mapping):
        raise RosterInputError("the roster must be a JSON object")
    if doc.get("format") != ROSTER_FORMAT:
        raise RosterInputError(f"format: must be {ROSTER_FORMAT!r}")
    if doc.get("game_system") != SLUG:
        raise RosterInputError(f"game_system: must be {SLUG!r}")
    if "points" not in doc:
        raise RosterInputError(f"points: required, the game's points limit ({GAME_SIZE})")
    points = _count(doc["points"], "points", minimum=MIN_POINTS)
    size = size_for(points)
    if size is None:  # cannot happen from 501 up (Reconquest is open-ended); kept as a clear error
        raise RosterInputError(f"points: {points} is in no game size")
    scale = doc.get("scale")
    if scale is not None:
        named = size_named(str(scale))
        if named is None:
            raise RosterInputError(
                f"scale: {scale!r} is not a game size (skirmish, clash, battle, reconquest)"
            )
        if named != size:
            raise RosterInputError(
                f"scale: {points} points is a {size.name} game, not {named.name} ({GAME_SIZE})"
            )
    units = doc.get("units")
    if not isinstance(units, list):
        raise RosterInputError("units: required, a list of Squads")
    squads = tuple(_squad(raw, f"units[{i}]") for i, raw in enumerate(units))
    seen: set[str] = set()
    for squad in squads:
        if squad.id in seen:
            raise RosterInputError(f"{squad.where}.id: {squad.id!r} is used by two Squads")
        seen.add(squad.id)
    check_aboard(squads)
    commanders = doc.get("commanders", [])
    if not isinstance(commanders, list):
        raise RosterInputError("commanders: must be a list")
    chosen = tuple(_commander(raw, f"commanders[{i}]") for i, raw in enumerate(commanders))
    for commander in chosen:
        if commander.squad is not None and commander.squad not in seen:
            raise RosterInputError(f"{commander.where}.squad: no Squad has the id {commander.squad!r}")
    cards = doc.get("cards")
    if cards is not None and not isinstance(cards, list):
        raise RosterInputError("cards: must be a list of Command Cards")
    return DropzoneRoster(
        player=_text(doc, "player", ""),
        faction=_text(doc, "faction", ""),
        points=points,
        size=size,
        squads=squads,
        commanders=chosen,
        cards=None if cards is None else tuple(_card(raw, f"cards[{i}]") for i, raw in enumerate(cards)),
    )


def read_roster(text: str) -> DropzoneRoster:
    """A roster/1 document from JSON text (a byte-order mark allowed)."""
    try:
        doc = strict_json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise RosterInputError(f"line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    return roster_from_document(doc)
