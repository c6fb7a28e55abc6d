"""A Warpspawn deck: read it (roster/1 or typed text) and judge it against the card pool.

Rules W1-W4 of DECISIONS.md, "one mistake, one violation": a card from the other
faction's list is only `card-wrong-faction` (its copies are not judged too), and with an
unknown faction the cards are still checked for existence but never blamed for the
wrong faction. Copies add up per card across entries (docs/interchange.md, "Rosters").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.names import did_you_mean, name_key
from rules_engine.roster_check import ROSTER_FORMAT, roster_document, roster_envelope
from rules_engine.roster_report import Violation
from rules_engine.systems.warpspawn_starcraft.pack import SLUG, Card, WarpspawnPack

# 004 prints one list per deck (lines 59 and 193) and a copies column on every row.
LISTS = "004 lines 59, 193"
COPIES = "004, the copies column"


class DeckInputError(ValueError):
    """The input is not a readable deck (exit status 2); the message says where."""


@dataclass(frozen=True, slots=True)
class DeckEntry:
    name: str
    copies: int
    where: str


@dataclass(frozen=True, slots=True)
class Deck:
    player: str
    faction: str
    entries: tuple[DeckEntry, ...]
    game_system: str = SLUG

    @property
    def size(self) -> int:
        return sum(e.copies for e in self.entries)


@dataclass(frozen=True, slots=True)
class CardCount:
    name: str
    copies: int
    allowed: int | None  # None: the card is not in the pool of the deck's faction

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "copies": self.copies, "allowed": self.allowed}


@dataclass(frozen=True, slots=True)
class DeckReport:
    player: str
    faction: str
    rules_version: str
    cards: tuple[CardCount, ...]
    violations: tuple[Violation, ...]
    # Every copy listed, cards in error too: the summary counts what the player sees.
    listed: int = 0

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def codes(self) -> set[str]:
        return {v.code for v in self.violations}

    @property
    def size(self) -> int:
        """The deck's size as listed (`cards` holds only the cards judged against the pool)."""
        return self.listed

    def as_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "faction": self.faction,
            "rules_version": self.rules_version,
            "legal": self.legal,
            "totals": {"cards": self.size},
            "limits": {},
            "cards": [c.as_json() for c in self.cards],
            "violations": [v.as_json() for v in self.violations],
        }


# --- reading ---------------------------------------------------------------------------


def _entry(raw: Any, where: str) -> DeckEntry:
    name: Any
    copies: Any
    if isinstance(raw, str):
        name, copies = raw, 1
    elif isinstance(raw, Mapping):
        name, copies = raw.get("name"), raw.get("copies", 1)
    else:
        raise DeckInputError(f'{where}: a card is a name or {{"name", "copies"}}')
    if not isinstance(name, str) or not name.strip():
        raise DeckInputError(f"{where}: the card needs a name")
    if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
        raise DeckInputError(f"{where}.copies: must be a whole number of at least 1")
    return DeckEntry(name=name.strip(), copies=copies, where=where)


def deck_from_document(doc: Any) -> Deck:
    """A roster/1 Warpspawn deck (docs/interchange.md)."""
    doc, cards = roster_envelope(doc, game_system=SLUG, entries="cards", what="cards", error=DeckInputError)
    return Deck(
        player=doc["player"].strip(),
        faction=doc["faction"].strip(),
        entries=tuple(_entry(raw, f"cards[{i}]") for i, raw in enumerate(cards)),
    )


_HEADER = re.compile(r"^(player|faction|game system|game)\s*:\s*(.*)$", re.IGNORECASE)
_LEADING = re.compile(r"^(\d+)\s*[xX*]?\s+(.+)$", re.IGNORECASE)
_TRAILING = re.compile(r"^(.+?)\s+[xX*]\s*(\d+)$", re.IGNORECASE)
_BULLET = re.compile(r"^[-*•]\s*")


def read_deck_text(text: str) -> Deck:
    """The typed deck list: `Player:` and `Faction:` lines, then one card a line.

    A card line is `8x Marine`, `8 x Marine`, `8 Marine`, `Marine x8` or just `Marine`
    (one copy); a `Cards:` heading, bullets and blank lines are ignored.
    """
    header: dict[str, str] = {}
    entries: list[DeckEntry] = []
    for number, raw_line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = _BULLET.sub("", raw_line.strip())
        if not line or line.rstrip(":").strip().casefold() in {"cards", "deck"}:
            continue
        if match := _HEADER.match(line):
            header[match.group(1).casefold()] = match.group(2).strip()
            continue
        where = f"line {number}"
        if match := _LEADING.match(line):
            copies, name = int(match.group(1)), match.group(2)
        elif match := _TRAILING.match(line):
            name, copies = match.group(1), int(match.group(2))
        else:
            name, copies = line, 1
        if copies < 1:
            raise DeckInputError(f"{where}: {line!r} has no copies")
        entries.append(DeckEntry(name=name.strip(), copies=copies, where=where))
    for key in ("player", "faction"):
        if not header.get(key):
            raise DeckInputError(f"the deck needs a '{key.capitalize()}:' line")
    return Deck(player=header["player"], faction=header["faction"], entries=tuple(entries))


def deck_to_document(deck: Deck) -> dict[str, Any]:
    """The deck as roster/1 (docs/interchange.md), read back by `deck_from_document`."""
    return {
        "format": ROSTER_FORMAT,
        "game_system": SLUG,
        "player": deck.player,
        "faction": deck.faction,
        "cards": [{"name": e.name, "copies": e.copies} for e in deck.entries],
    }


def read_any(content: str | Mapping[str, Any]) -> Deck:
    """A decoded roster/1 object, or text: roster/1 JSON or the typed deck list."""
    return deck_from_document(content) if isinstance(content, Mapping) else read_deck(content)


def read_deck(text: str) -> Deck:
    """roster/1 JSON (starts with `{`) or the typed list, told apart by content."""
    doc = roster_document(text, kind="deck", error=DeckInputError)
    return deck_from_document(doc) if doc is not None else read_deck_text(text)


# --- judging ---------------------------------------------------------------------------


def _names(pack: WarpspawnPack, faction: str | None) -> tuple[str, ...]:
    """The cards a near miss may be: the deck's own list first, then the other's."""
    own = pack.cards_of(faction) if faction is not None else ()
    return tuple(c.name for c in (*own, *pack.cards))


def validate_deck(deck: Deck, pack: WarpspawnPack) -> DeckReport:
    """W1-W4 (DECISIONS.md), one violation per mistake."""
    violations: list[Violation] = []
    faction = pack.faction(deck.faction)
    if faction is None:
        known = ", ".join(pack.factions)
        violations.append(
            Violation(
                "unknown-faction",
                f"{deck.faction!r} is not a Warpspawn deck; the lists are {known}.",
                "faction",
                LISTS,
            )
        )
    counted: dict[str, int] = {}
    first_seen: dict[str, tuple[Card, DeckEntry]] = {}
    over: dict[str, DeckEntry] = {}
    for entry in deck.entries:
        card = pack.card(entry.name)
        if card is None:
            violations.append(
                Violation(
                    "unknown-card",
                    f"{entry.name!r} is on neither Warpspawn list"
                    f"{did_you_mean(entry.name, _names(pack, faction))}.",
                    entry.where,
                    "004 lines 61-171, 195-303",
                )
            )
            continue
        if faction is not None and card.faction != faction:
            violations.append(
                Violation(
                    "card-wrong-faction",
                    f"{card.name} is a {card.faction} card; a {faction} deck takes only {faction} cards.",
                    entry.where,
                    LISTS,
                )
            )
            continue
        key = name_key(card.name)
        first_seen.setdefault(key, (card, entry))
        counted[key] = counted.get(key, 0) + entry.copies
        if counted[key] > card.copies and key not in over:
            over[key] = entry
    for key, entry in over.items():
        card = first_seen[key][0]
        violations.append(
            Violation(
                "card-copies-exceeded",
                f"{counted[key]} copies of {card.name}; the {card.faction} list has {card.copies}.",
                entry.where,
                f"{COPIES} ({card.source})",
            )
        )
    lines = tuple(
        CardCount(name=card.name, copies=counted[key], allowed=card.copies)
        for key, (card, _) in first_seen.items()
    )
    return DeckReport(
        player=deck.player,
        faction=faction or deck.faction,
        rules_version=pack.version,
        cards=lines,
        violations=tuple(violations),
        listed=deck.size,
    )
