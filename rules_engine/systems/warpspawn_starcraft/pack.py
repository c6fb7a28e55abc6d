"""The Warpspawn card pool (`datapack/1`, docs/interchange.md), read into dataclasses.

The pack shipped here is the transcription of both deck card lists of the Warpspawn
introduction (004 lines 59-171 and 193-303); a TO may hand in another through
`validate_roster --pack`. Only `copies` matters to validation (W4); the stats are kept as
the printed strings (decision WS-D03) for display.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules_engine.datapack import (
    PackError,
    decode,
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

SLUG = "warpspawn-starcraft"

__all__ = ["SLUG", "Card", "PackError", "WarpspawnPack", "load_pack", "parse_pack", "read_pack_text"]


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
    decisions: tuple[Mapping[str, Any], ...] = ()
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


def _card(raw: Mapping[str, Any], where: str, faction: str) -> Card:
    stats = raw.get("stats", {})
    if not isinstance(stats, Mapping) or not all(isinstance(v, str) for v in stats.values()):
        raise fail(f"{where}.stats", "must map stat names to the printed strings")
    return Card(
        name=text_field(raw, "name", where),
        faction=faction,
        copies=whole(raw, "copies", where, minimum=1),
        type=text_field(raw, "type", where, required=False),
        stats=dict(stats),
        text=text_field(raw, "text", where, required=False),
        aliases=name_list(raw, "aliases", where),
        source=text_field(raw, "source", where, required=False),
    )


def parse_pack(data: Any) -> WarpspawnPack:
    """Check a decoded pack and build it; every problem names its JSON path."""
    head = envelope(data, SLUG)
    raw_cards = object_list(data, "cards")
    cards = tuple(
        _card(raw, f"cards[{i}]", head.faction(raw, f"cards[{i}]")) for i, raw in enumerate(raw_cards)
    )
    by_key = index_names(cards, [(c.name, *c.aliases) for c in cards], "cards")
    return WarpspawnPack(
        effective=head.effective,
        source=head.source,
        factions=head.faction_names,
        cards=cards,
        sample=head.sample,
        decisions=head.decisions,
        _by_key=by_key,
        _faction_by_key=head.factions,
    )


def read_pack_text(text: str) -> WarpspawnPack:
    """A pack from its JSON text; a syntax error names the line and column."""
    return parse_pack(decode(text))


@lru_cache(maxsize=8)
def load_pack(path: Path) -> WarpspawnPack:
    """A pack file, read once per process (packs are immutable once published)."""
    return parse_pack(read_file(path))
