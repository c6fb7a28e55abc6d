"""Season points for a series of events, and the series standings (docs/series.md).

An organiser picks one of a few formulas, each a rule a player can check with a pencil:

- **Placing table** (`placing-table`): the organiser's points for 1st, 2nd, 3rd ...; a
  placing past the table's end earns the table's `participation` points (0 by default).
- **Field-scaled** (`field-scaled`): `base` x (N - placing + 1) / N, rounded half up, for a
  field of N placed players: winning a big event is worth more than winning a small one,
  last place earns base / N, and every placed player earns something.

Either may count only a player's **best K events** (`best_of`; None: every event). Players
who share a placing (a tie the standings could not break) earn that placing's points each.

The series standings order players by their counted points, then by the number of events
they played, then by their best single event's points, then by name: more points first,
then the regular over the one-off, then the higher peak.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal

PLACING_TABLE = "placing-table"
FIELD_SCALED = "field-scaled"
FORMULAS = (PLACING_TABLE, FIELD_SCALED)


class SeasonError(ValueError):
    """A formula or results that cannot be scored: a stable `code` and one sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Formula:
    kind: str
    table: tuple[int, ...] = ()
    participation: int = 0
    base: int = 100
    best_of: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in FORMULAS:
            raise SeasonError(
                "unknown-formula", f"The formula is {' or '.join(FORMULAS)}, not {self.kind!r}."
            )
        if self.kind == PLACING_TABLE:
            if not self.table or any(not _whole(p) for p in self.table):
                raise SeasonError(
                    "bad-table", "A placing table lists the points for 1st, 2nd, ... from 0 up."
                )
            if list(self.table) != sorted(self.table, reverse=True):
                raise SeasonError("bad-table", "A placing table never gives a lower placing more points.")
        if not _whole(self.participation) or not _whole(self.base) or self.base < 1:
            raise SeasonError("bad-points", "Points are whole numbers from 0 (the base from 1).")
        if self.best_of is not None and (not _whole(self.best_of) or self.best_of < 1):
            raise SeasonError("bad-best-of", "The best events counted are a whole number from 1.")

    def describe(self) -> str:
        """The formula in a sentence, for the series page."""
        if self.kind == PLACING_TABLE:
            listed = ", ".join(str(p) for p in self.table)
            rule = (
                f"Points by placing: {listed} for 1st, 2nd, ...; {self.participation} for any other placing"
            )
        else:
            rule = f"{self.base} x (players - placing + 1) / players, rounded: bigger fields are worth more"
        best = f"; each player's best {self.best_of} events count" if self.best_of else "; every event counts"
        return rule + best + "."


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True)
class EventResult:
    """An event's final placings: player key -> rank (1 first; shared ranks allowed).
    Disqualified players and spares are left out by the caller: they have no placing."""

    id: str
    name: str
    placings: Mapping[str, int]
    names: Mapping[str, str] = field(default_factory=dict)


def event_points(result: EventResult, formula: Formula) -> dict[str, int]:
    """Each placed player's season points for one event."""
    field_size = len(result.placings)
    points: dict[str, int] = {}
    for player, rank in result.placings.items():
        if not _whole(rank) or rank < 1 or rank > field_size:
            raise SeasonError(
                "bad-placing", f"{result.name or result.id}: {player} has no placing 1 to {field_size}."
            )
        if formula.kind == PLACING_TABLE:
            points[player] = formula.table[rank - 1] if rank <= len(formula.table) else formula.participation
        else:
            share = Decimal(formula.base * (field_size - rank + 1)) / Decimal(field_size)
            points[player] = int(share.quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return points


@dataclass(frozen=True)
class SeriesEntry:
    event: str
    points: int
    rank: int
    counted: bool


@dataclass(frozen=True)
class SeriesRow:
    rank: int
    player: str
    name: str
    points: int
    events: int
    best: int
    entries: tuple[SeriesEntry, ...]


@dataclass(frozen=True)
class SeriesStandings:
    formula: Formula
    rows: tuple[SeriesRow, ...]
    events: tuple[str, ...]


def series_standings(results: Iterable[EventResult], formula: Formula) -> SeriesStandings:
    """The series standings over the finished events `results`, in the order given."""
    listed = list(results)
    ids = [r.id for r in listed]
    if len(set(ids)) != len(ids):
        raise SeasonError("event-twice", "An event is listed twice in the series.")
    entries: dict[str, list[SeriesEntry]] = {}
    names: dict[str, str] = {}
    for result in listed:
        for player, pts in event_points(result, formula).items():
            entries.setdefault(player, []).append(SeriesEntry(result.id, pts, result.placings[player], True))
            names.setdefault(player, result.names.get(player, player))
    rows: list[tuple[str, int, int, int, tuple[SeriesEntry, ...]]] = []
    for player, own in entries.items():
        if formula.best_of is not None and len(own) > formula.best_of:
            keep = sorted(range(len(own)), key=lambda i: (-own[i].points, i))[: formula.best_of]
            own = [e if i in keep else replace(e, counted=False) for i, e in enumerate(own)]
        total = sum(e.points for e in own if e.counted)
        rows.append((player, total, len(own), max(e.points for e in own), tuple(own)))
    rows.sort(key=lambda r: (-r[1], -r[2], -r[3], names[r[0]].casefold(), r[0]))
    out: list[SeriesRow] = []
    for position, (player, total, played, best, kept) in enumerate(rows, start=1):
        prev = out[-1] if out else None
        same = prev is not None and (prev.points, prev.events, prev.best) == (total, played, best)
        rank = prev.rank if same and prev is not None else position
        out.append(SeriesRow(rank, player, names[player], total, played, best, kept))
    return SeriesStandings(formula=formula, rows=tuple(out), events=tuple(ids))
