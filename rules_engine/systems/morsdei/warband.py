"""A MORSDEI warband: read it (roster/1 or typed text) and judge it against the pack.

Rules M1-M7 of DECISIONS.md, one mistake, one violation: a fighter whose card is
unknown is not also judged for its base; a fighter of another warband is not also judged
for its base; with an unknown warband the cards are still checked for existence but
never blamed for the wrong warband (as the StarCraft validator does). The pack's
optional TO limits (`max_copies`, `warband_rules`) apply only when a pack sets them
(MORSDEI Q1, Q3: the book sets none).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.names import did_you_mean, name_key
from rules_engine.roster_check import ROSTER_FORMAT, roster_document, roster_envelope
from rules_engine.roster_report import Violation
from rules_engine.systems.morsdei.pack import SLUG, Fighter, MorsdeiPack, base_key


class WarbandInputError(ValueError):
    """The input is not a readable warband (exit status 2); the message says where."""


@dataclass(frozen=True, slots=True)
class FighterEntry:
    name: str
    models: int
    base: str | None
    where: str
    # What the player says the fighter carries: only what its card holds (M7, MOR:96).
    upgrades: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Warband:
    player: str
    faction: str
    fighters: tuple[FighterEntry, ...]
    game_system: str = SLUG


@dataclass(frozen=True, slots=True)
class FighterLine:
    name: str
    base: str | None
    counted: bool
    upgrades: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        line: dict[str, Any] = {"name": self.name, "models": 1, "base": self.base, "counted": self.counted}
        if self.upgrades:
            line["upgrades"] = list(self.upgrades)
        return line


@dataclass(frozen=True, slots=True)
class WarbandReport:
    player: str
    faction: str
    rules_version: str
    units: tuple[FighterLine, ...]
    violations: tuple[Violation, ...]
    # Every fighter listed, those in error too: the summary counts what the player sees.
    fighters: int = 0

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
            "rules_version": self.rules_version,
            "legal": self.legal,
            "totals": {"fighters": self.fighters},
            "limits": {},
            "units": [u.as_json() for u in self.units],
            "violations": [v.as_json() for v in self.violations],
        }


# --- reading ---------------------------------------------------------------------------


def _fighter_entry(raw: Any, where: str) -> FighterEntry:
    if not isinstance(raw, Mapping):
        raise WarbandInputError(f"{where}: a fighter is an object with a name")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise WarbandInputError(f"{where}.name: required, a non-empty string")
    models = raw.get("models", 1)
    if not isinstance(models, int) or isinstance(models, bool) or models < 1:
        raise WarbandInputError(f"{where}.models: must be a whole number of at least 1")
    base = raw.get("base")
    if base is not None and not isinstance(base, str):
        raise WarbandInputError(f'{where}.base: must be a base size such as "32mm"')
    return FighterEntry(
        name=name.strip(),
        models=models,
        base=base,
        where=where,
        upgrades=_upgrades(raw.get("upgrades"), where),
    )


def _upgrades(raw: Any, where: str) -> tuple[str, ...]:
    """roster/1's `upgrades`: names, as strings or `{"name": ...}` objects."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise WarbandInputError(f"{where}.upgrades: a list of what the fighter carries")
    names = []
    for i, item in enumerate(raw):
        name = item.get("name") if isinstance(item, Mapping) else item
        if not isinstance(name, str) or not name.strip():
            raise WarbandInputError(f"{where}.upgrades[{i}]: a weapon or special action's name")
        names.append(name.strip())
    return tuple(names)


def warband_from_document(doc: Any) -> Warband:
    """A roster/1 MORSDEI warband (docs/interchange.md)."""
    doc, units = roster_envelope(
        doc, game_system=SLUG, entries="units", what="fighters", error=WarbandInputError
    )
    return Warband(
        player=doc["player"].strip(),
        faction=doc["faction"].strip(),
        fighters=tuple(_fighter_entry(raw, f"units[{i}]") for i, raw in enumerate(units)),
    )


_HEADER = re.compile(r"^(player|faction|warband|game system|game)\s*:\s*(.*)$", re.IGNORECASE)
_FIGHTER = re.compile(r"^(?:(\d+)\s*[xX*]\s*)?(.+?)(?:\s*[\[(]([^\])]+)[\])])?(?:\s+with\s+(.+))?$")


def read_warband_text(text: str) -> Warband:
    """The typed list: `Player:` and `Warband:` lines (and `Game:`, for the command line),
    then one fighter a line.

    A fighter line is `Name`, `Name (32mm)` to state its base, or `2x Name` for two
    fighters with the same card; `... with Rifle, Knife` names what the fighter carries.
    """
    header: dict[str, str] = {}
    fighters: list[FighterEntry] = []
    for number, raw_line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = re.sub(r"^[-*\u2022]\s+", "", raw_line.strip())
        if not line or line.rstrip(":").strip().casefold() in {"fighters", "units"}:
            continue
        if match := _HEADER.match(line):
            # A `Game:` line names the system for `validate_roster` (docs/interchange.md); kept aside.
            key = "faction" if match.group(1).casefold() == "warband" else match.group(1).casefold()
            header[key] = match.group(2).strip()
            continue
        found = _FIGHTER.match(line)
        if found is None:
            raise WarbandInputError(f"line {number}: {line!r} is not a fighter line")
        count = int(found.group(1)) if found.group(1) else 1
        if count < 1:
            raise WarbandInputError(f"line {number}: {line!r} has no fighters")
        carried = tuple(item.strip() for item in (found.group(4) or "").split(",") if item.strip())
        for _ in range(count):
            fighters.append(
                FighterEntry(found.group(2).strip(), 1, found.group(3), f"line {number}", carried)
            )
    for key, label in (("player", "Player"), ("faction", "Warband")):
        if not header.get(key):
            raise WarbandInputError(f"the warband needs a '{label}:' line")
    return Warband(player=header["player"], faction=header["faction"], fighters=tuple(fighters))


def warband_to_document(warband: Warband) -> dict[str, Any]:
    """The warband as roster/1 (docs/interchange.md), read back by `warband_from_document`."""
    units: list[dict[str, Any]] = []
    for fighter in warband.fighters:
        unit: dict[str, Any] = {"name": fighter.name, "models": fighter.models}
        if fighter.base is not None:
            unit["base"] = fighter.base
        if fighter.upgrades:
            unit["upgrades"] = list(fighter.upgrades)
        units.append(unit)
    return {
        "format": ROSTER_FORMAT,
        "game_system": SLUG,
        "player": warband.player,
        "faction": warband.faction,
        "units": units,
    }


def read_any(content: str | Mapping[str, Any]) -> Warband:
    """A decoded roster/1 object, or text: roster/1 JSON or the typed list."""
    return warband_from_document(content) if isinstance(content, Mapping) else read_warband(content)


def read_warband(text: str) -> Warband:
    """roster/1 JSON (starts with `{`) or the typed list, told apart by content."""
    doc = roster_document(text, kind="warband", error=WarbandInputError)
    return warband_from_document(doc) if doc is not None else read_warband_text(text)


# --- judging ---------------------------------------------------------------------------


def _judge_fighter(
    entry: FighterEntry, card: Fighter | None, faction: str | None, known: tuple[str, ...] = ()
) -> Violation | None:
    """M2-M5 for one fighter: the first rule it breaks, or None."""
    if card is None:
        return Violation(
            "unknown-unit",
            f"{entry.name!r} has no card in this pack{did_you_mean(entry.name, known)}.",
            entry.where,
            "MOR:3",
        )
    if faction is not None and card.faction != faction:
        return Violation(
            "unit-wrong-faction",
            f"{card.name} fights for {card.faction}, not {faction}.",
            entry.where,
            "MOR:113",
        )
    if entry.models != 1:
        return Violation(
            "invalid-composition",
            f"A fighter is one model; list {entry.models} {card.name} as {entry.models} fighters.",
            entry.where,
            "MOR:16",
        )
    if entry.base is not None and base_key(entry.base) != card.base:
        return Violation(
            "base-size-mismatch",
            f"{card.name} fights on a {card.printed_base} base (its card), not {entry.base}.",
            entry.where,
            "MOR:12, MOR:111",
        )
    carried = {name_key(name) for name in card.carried}
    for item in entry.upgrades:
        if name_key(item) not in carried:
            holds = ", ".join(card.carried) or "nothing to choose"
            return Violation(
                "unknown-upgrade",
                f"{card.name}'s card holds no {item!r}{did_you_mean(item, card.carried)} "
                f"(it holds: {holds}); a fighter carries only what its card holds.",
                entry.where,
                "MOR:96",
            )
    return None


def validate_warband(warband: Warband, pack: MorsdeiPack) -> WarbandReport:
    """M1-M7 (DECISIONS.md) plus the pack's own TO limits."""
    violations: list[Violation] = []
    faction = pack.faction(warband.faction)
    if faction is None:
        violations.append(
            Violation(
                "unknown-faction",
                f"{warband.faction!r} is not a warband of this pack (known: {', '.join(pack.factions)}).",
                "faction",
                "MOR:113",
            )
        )
    lines: list[FighterLine] = []
    copies: dict[str, int] = {}
    for entry in warband.fighters:
        card = pack.fighter(entry.name)
        known = tuple(f.name for f in pack.fighters if faction is None or f.faction == faction)
        problem = _judge_fighter(entry, card, faction, known or tuple(f.name for f in pack.fighters))
        if problem is not None:
            violations.append(problem)
        elif card is not None:
            copies[name_key(card.name)] = copies.get(name_key(card.name), 0) + 1
            if card.max_copies is not None and copies[name_key(card.name)] == card.max_copies + 1:
                violations.append(
                    Violation(
                        "card-copies-exceeded",
                        f"This pack allows {card.max_copies} {card.name} in a warband.",
                        entry.where,
                        "pack: max_copies (MORSDEI Q3)",
                    )
                )
        lines.append(
            FighterLine(
                card.name if card else entry.name,
                card.printed_base if card else entry.base,
                problem is None,
                entry.upgrades,
            )
        )
    if not warband.fighters:
        violations.append(
            Violation("warband-empty", "A warband needs at least one fighter.", "units", "MOR:527")
        )
    count = sum(entry.models for entry in warband.fighters)
    if warband.fighters and pack.min_fighters is not None and count < pack.min_fighters:
        violations.append(
            Violation(
                "warband-size",
                f"{count} fighters; this pack asks for at least {pack.min_fighters}.",
                "units",
                "pack: warband_rules (MORSDEI Q1)",
            )
        )
    if pack.max_fighters is not None and count > pack.max_fighters:
        violations.append(
            Violation(
                "warband-size",
                f"{count} fighters; this pack allows at most {pack.max_fighters}.",
                "units",
                "pack: warband_rules (MORSDEI Q1)",
            )
        )
    return WarbandReport(
        player=warband.player,
        faction=faction or warband.faction,
        rules_version=pack.version,
        units=tuple(lines),
        violations=tuple(violations),
        fighters=count,
    )
