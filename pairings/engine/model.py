"""What the pairing engine takes in and gives back: plain frozen dataclasses, no ORM.

The engine never sees an event file or a database row. `history.py` turns an event/1
file into a `PairingRequest`; a Django bridge can build the same request from models.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

SEEDING_STYLES = ("slide", "adjacent")


class PairingError(ValueError):
    """The round cannot be paired as asked; the message is one sentence for the TO."""


@dataclass(frozen=True)
class Entrant:
    """A player who can be paired this round, with what pairing needs of their history."""

    id: str
    mp: int = 0
    byes: int = 0
    # Everyone they have been paired against so far (OP Guide: avoid repeat pairings).
    opponents: frozenset[str] = frozenset()
    # Table numbers and layouts they have played on (Tables and Terrain: a different
    # table each Swiss round where the software allows).
    tables: frozenset[int] = frozenset()
    layouts: frozenset[str] = frozenset()
    # A playing Head Judge at a community event: steps in only when attendance is odd.
    spare: bool = False
    name: str = ""

    @property
    def label(self) -> str:
        return f"{self.id} ({self.name})" if self.name and self.name != self.id else self.id


@dataclass(frozen=True)
class TableSpec:
    number: int
    layout: str = ""


@dataclass(frozen=True)
class Overrides:
    """Decisions the TO takes by hand; the engine optimises everything else around them."""

    pairs: tuple[tuple[str, str], ...] = ()
    bye: str | None = None
    # player id -> table number (accessibility: that player's game goes to that table).
    tables: Mapping[str, int] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.pairs and self.bye is None and not self.tables


@dataclass(frozen=True)
class Absence:
    """A registered player who is not paired this round, and why (for the report)."""

    player: str
    reason: str


@dataclass(frozen=True)
class PairingRequest:
    number: int
    entrants: tuple[Entrant, ...]
    # None: the event lists no tables, so games are numbered 1..n.
    tables: tuple[TableSpec, ...] | None = None
    seed: int = 0
    # Round one "by a seeding method announced in advance": player ids, best first.
    seeding: tuple[str, ...] | None = None
    seeding_style: str = "slide"
    overrides: Overrides = field(default_factory=Overrides)
    absent: tuple[Absence, ...] = ()
    competitive: bool = False
    # None: the engine decides (full graph for small fields, exact pruning above).
    prune: bool | None = None


@dataclass(frozen=True, order=True)
class Objective:
    """The lexicographic objective, criteria 2 to 6 of docs/pairing.md (criterion 1 is validity).

    Field order is priority order, so comparing two Objectives compares pairings.
    """

    bye_byes: int  # 2: byes the bye's recipient already had (0 when there is no bye)
    rematches: int  # 3: games between players who have met before
    bye_mp: int  # 4: Match Points of the bye's recipient (0 when there is no bye)
    mp_spread: int  # 5: sum over games of (MP difference) squared
    table_repeats: int  # 6: players seated at a table they already played on

    @property
    def matching(self) -> tuple[int, int, int, int]:
        """Criteria 2-5: what the matching decides, before tables are assigned."""
        return (self.bye_byes, self.rematches, self.bye_mp, self.mp_spread)

    def to_json(self) -> dict[str, int]:
        return {
            "bye_byes": self.bye_byes,
            "rematches": self.rematches,
            "bye_mp": self.bye_mp,
            "mp_spread": self.mp_spread,
            "table_repeats": self.table_repeats,
        }
