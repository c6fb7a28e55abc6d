"""A MORSDEI warband pack (`datapack/1`, docs/interchange.md): fighter cards by warband.

The v0.1 rules print no fighter cards ("The pictured card is a demonstration", MOR:113),
so every real pack is a TO's; the one shipped here is a labelled sample. A card's base
size is binding (MOR:12, field 14 at MOR:111), so it is required; the other fields of
the card layout (MOR:98-111) are kept for display and checked only as lints, which never
reject a roster (docs/interchange.md principles).
"""

from __future__ import annotations

import re
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
)
from rules_engine.names import name_key

SLUG = "morsdei"

__all__ = ["SLUG", "Fighter", "MorsdeiPack", "PackError", "base_key", "load_pack", "parse_pack"]

_BASE = re.compile(r"^(\d+)(?:x(\d+))?(?:mm)?$")


def base_key(text: str) -> str | None:
    """A base size compared after normalising: "32 mm" is "32mm", "60 x 35 mm" is "60x35mm" (MOR Q4)."""
    compact = text.casefold().replace(" ", "").replace("\u00d7", "x")
    match = _BASE.match(compact)
    if match is None:
        return None
    return f"{match.group(1)}x{match.group(2)}mm" if match.group(2) else f"{match.group(1)}mm"


@dataclass(frozen=True, slots=True)
class Fighter:
    name: str
    faction: str
    base: str  # normalised by base_key
    printed_base: str
    aliases: tuple[str, ...] = ()
    max_copies: int | None = None
    card: Mapping[str, Any] = field(default_factory=dict)  # the rest of the card, as given

    @property
    def carried(self) -> tuple[str, ...]:
        """What the card holds by name: its weapons and special actions (MOR:96, "a card
        contains all characteristics, weapons, traits and special actions for a fighter")."""
        names = []
        for key in ("weapons", "special_actions"):
            entries = self.card.get(key)
            for entry in entries if isinstance(entries, list) else []:
                name = entry.get("name") if isinstance(entry, Mapping) else None
                if isinstance(name, str) and name.strip():
                    names.append(name.strip())
        return tuple(names)


@dataclass(frozen=True)
class MorsdeiPack:
    effective: str
    source: str
    factions: tuple[str, ...]
    fighters: tuple[Fighter, ...]
    sample: bool = False
    min_fighters: int | None = None
    max_fighters: int | None = None
    lints: tuple[str, ...] = ()
    decisions: tuple[Mapping[str, Any], ...] = ()
    _by_key: Mapping[str, Fighter] = field(default_factory=dict, repr=False, compare=False)
    _faction_by_key: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def version(self) -> str:
        return self.effective

    def fighter(self, name: str) -> Fighter | None:
        return self._by_key.get(name_key(name))

    def faction(self, name: str) -> str | None:
        return self._faction_by_key.get(name_key(name))


def _optional_count(raw: Mapping[str, Any], key: str, where: str) -> int | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise fail(f"{where}.{key}", "must be a whole number of at least 1, or null")
    return value


def _lints(raw: Mapping[str, Any], where: str) -> list[str]:
    """Pack lints of DECISIONS.md: worth telling the TO, never a reason to refuse."""
    found = []
    apl = raw.get("apl")
    if isinstance(apl, int) and not 0 <= apl <= 4:
        found.append(f"{where}.apl: {apl} is outside 0-4, the limit of an APL pool (MOR:131)")
    weapons = raw.get("weapons", [])
    for j, weapon in enumerate(weapons if isinstance(weapons, list) else []):
        hit = weapon.get("hit") if isinstance(weapon, Mapping) else None
        if isinstance(hit, int) and not 2 <= hit <= 6:
            found.append(f"{where}.weapons[{j}].hit: {hit}+ is outside 2+ to 6+ (MOR:70)")
    return found


def _fighter(raw: Mapping[str, Any], where: str, faction: str) -> Fighter:
    printed = text_field(raw, "base", where)
    base = base_key(printed)
    if base is None:
        raise fail(f"{where}.base", f'{printed!r} is not a base size such as "32mm" or "60x35mm"')
    known = {"name", "aliases", "faction", "base", "max_copies", "source"}
    return Fighter(
        name=text_field(raw, "name", where),
        faction=faction,
        base=base,
        printed_base=printed,
        aliases=name_list(raw, "aliases", where),
        max_copies=_optional_count(raw, "max_copies", where),
        card={k: v for k, v in raw.items() if k not in known},
    )


def parse_pack(data: Any) -> MorsdeiPack:
    """Check a decoded pack and build it; every problem names its JSON path."""
    head = envelope(data, SLUG)
    raws = object_list(data, "units")
    fighters = tuple(
        _fighter(raw, f"units[{i}]", head.faction(raw, f"units[{i}]")) for i, raw in enumerate(raws)
    )
    rules = data.get("warband_rules") or {}
    if not isinstance(rules, Mapping):
        raise fail("warband_rules", "must be an object")
    lints = [lint for i, raw in enumerate(raws) for lint in _lints(raw, f"units[{i}]")]
    return MorsdeiPack(
        effective=head.effective,
        source=head.source,
        factions=head.faction_names,
        fighters=fighters,
        sample=head.sample,
        min_fighters=_optional_count(rules, "min_fighters", "warband_rules"),
        max_fighters=_optional_count(rules, "max_fighters", "warband_rules"),
        lints=tuple(lints),
        decisions=head.decisions,
        _by_key=index_names(fighters, [(f.name, *f.aliases) for f in fighters], "units"),
        _faction_by_key=head.factions,
    )


@lru_cache(maxsize=8)
def load_pack(path: Path) -> MorsdeiPack:
    """A pack file, read once per process (packs are immutable once published)."""
    return parse_pack(read_file(path))
