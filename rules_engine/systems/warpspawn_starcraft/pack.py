"""The Warpspawn card pool (`datapack/1`, game-systems.md §4.4), read into dataclasses.

The pack shipped here is the transcription of both deck card lists of the Warpspawn
introduction (004 lines 59-171 and 193-303); a TO may hand in another through
`validate_roster --pack`. Only `copies` matters to validation (W4); the stats are kept as
the printed strings (decision WS-D03) for display.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules_engine.names import name_key

FORMAT = "datapack/1"
SLUG = "warpspawn-starcraft"
STAT_KEYS = ("force", "armor", "move", "range")


class PackError(ValueError):
    """The pack cannot be used; the message says where (a JSON path or a line)."""


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    faction: str
    copies: int
    type: str
    stats: Mapping[str, str] = field(default_factory=dict)
    text: str = ""
    aliases: tuple[str, ...] = ()
    source: str = ""


@dataclass(frozen=True)
class WarpspawnPack:
    effective: str
    source: str
    factions: tuple[str, ...]
    cards: tuple[Card, ...]
    sample: bool = False
    decisions: tuple[Mapping[str, str], ...] = ()
    _by_key: Mapping[str, Card] = field(default_factory=dict, repr=False, compare=False)
    _faction_by_key: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)

    @property
    def version(self) -> str:
        return self.effective

    def card(self, name: str) -> Card | None:
        """The card printed under this name or one of its aliases (interchange name matching)."""
        return self._by_key.get(name_key(name))

    def faction(self, name: str) -> str | None:
        return self._faction_by_key.get(name_key(name))

    def cards_of(self, faction: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.faction == faction)


def _fail(where: str, problem: str) -> PackError:
    return PackError(f"{where}: {problem}")


def _text(raw: Mapping[str, Any], key: str, where: str, *, required: bool = True) -> str:
    value = raw.get(key, "" if not required else None)
    if not isinstance(value, str) or (required and not value.strip()):
        raise _fail(f"{where}.{key}", "must be a non-empty string" if required else "must be a string")
    return value


def _card(raw: Any, where: str, factions: Mapping[str, str]) -> Card:
    if not isinstance(raw, Mapping):
        raise _fail(where, "each card must be an object")
    name = _text(raw, "name", where)
    faction = factions.get(name_key(_text(raw, "faction", where)))
    if faction is None:
        raise _fail(f"{where}.faction", f"{raw['faction']!r} is not one of the pack's factions")
    copies = raw.get("copies")
    if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
        raise _fail(f"{where}.copies", "must be a whole number of at least 1")
    stats = raw.get("stats", {})
    if not isinstance(stats, Mapping) or not all(isinstance(v, str) for v in stats.values()):
        raise _fail(f"{where}.stats", "must map stat names to the printed strings")
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
        raise _fail(f"{where}.aliases", "must be a list of names")
    return Card(
        name=name,
        faction=faction,
        copies=copies,
        type=_text(raw, "type", where, required=False),
        stats=dict(stats),
        text=_text(raw, "text", where, required=False),
        aliases=tuple(aliases),
        source=_text(raw, "source", where, required=False),
    )


def parse_pack(data: Any) -> WarpspawnPack:
    """Check a decoded pack and build it; every problem names its JSON path."""
    if not isinstance(data, Mapping):
        raise PackError("the pack must be a JSON object")
    if data.get("format") != FORMAT:
        raise _fail("format", f"must be {FORMAT!r}")
    if data.get("game_system") != SLUG:
        raise _fail("game_system", f"must be {SLUG!r} for a Warpspawn pack")
    raw_factions = data.get("factions")
    if not isinstance(raw_factions, list) or not raw_factions:
        raise _fail("factions", "must be a non-empty list")
    factions: dict[str, str] = {}
    for i, raw in enumerate(raw_factions):
        if not isinstance(raw, Mapping):
            raise _fail(f"factions[{i}]", "each faction must be an object")
        name = _text(raw, "name", f"factions[{i}]")
        factions[name_key(name)] = name
        for alias in raw.get("aliases", []):
            factions[name_key(alias)] = name
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list):
        raise _fail("cards", "must be a list")
    cards = tuple(_card(raw, f"cards[{i}]", factions) for i, raw in enumerate(raw_cards))
    by_key: dict[str, Card] = {}
    for i, card in enumerate(cards):
        for key in {name_key(card.name), *(name_key(a) for a in card.aliases)}:
            if key in by_key:
                raise _fail(
                    f"cards[{i}]", f"{card.name!r} clashes with {by_key[key].name!r}: names must differ"
                )
            by_key[key] = card
    decisions = data.get("decisions", [])
    return WarpspawnPack(
        effective=str(data.get("effective", "")),
        source=str(data.get("source", "")),
        factions=tuple(dict.fromkeys(factions.values())),
        cards=cards,
        sample=bool(data.get("sample", False)),
        decisions=tuple(d for d in decisions if isinstance(d, Mapping)),
        _by_key=by_key,
        _faction_by_key=factions,
    )


def read_pack_text(text: str) -> WarpspawnPack:
    """A pack from its JSON text; a syntax error names the line and column."""
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise PackError(f"line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    return parse_pack(data)


@lru_cache(maxsize=8)
def load_pack(path: Path) -> WarpspawnPack:
    """A pack file, read once per process (packs are immutable once published)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PackError(f"{path.name}: cannot be read ({exc})") from None
    return read_pack_text(text)
