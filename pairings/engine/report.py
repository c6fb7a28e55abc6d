"""The pairing report: what the TO needs to explain a pairing to the room.

Every departure from the ideal (a rematch, a repeated table, a float, the bye) is listed
with the reason the engine could not avoid it. The reasons are worked out by
`pairing.py`; this module only holds them and renders them as text or JSON, and reads
the JSON back (`PairingReport.from_dict`: a round stores its report as `to_dict` wrote it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from pairings.engine.model import Absence, Entrant, Objective
from standings.records import PairedGame


# A stored report is JSON this module wrote, or came in an event export from another
# installation: read it forgivingly, a missing or mistyped key its default.
def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _maps(value: Any) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@dataclass(frozen=True)
class ByeNote:
    player: str
    mp: int
    byes_before: int
    reason: str


@dataclass(frozen=True)
class SpareNote:
    player: str
    plays: bool
    reason: str


@dataclass(frozen=True)
class RematchNote:
    players: tuple[str, str]
    reason: str


@dataclass(frozen=True)
class TableRepeatNote:
    player: str
    table: int
    reason: str


@dataclass(frozen=True)
class FloatNote:
    """A player paired outside their MP bracket: the higher one floats down, the lower up."""

    player: str
    mp: int
    direction: str
    opponent: str
    opponent_mp: int


@dataclass(frozen=True)
class PairingReport:
    round: int
    seed: int
    method: str
    objective: Objective
    bye: ByeNote | None
    spares: tuple[SpareNote, ...]
    rematches: tuple[RematchNote, ...]
    table_repeats: tuple[TableRepeatNote, ...]
    floats: tuple[FloatNote, ...]
    notes: tuple[str, ...]
    absent: tuple[Absence, ...]
    pruned: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "seed": self.seed,
            "method": self.method,
            "objective": self.objective.to_json(),
            "bye": None if self.bye is None else asdict(self.bye),
            "spares": [asdict(s) for s in self.spares],
            "rematches": [{"players": list(r.players), "reason": r.reason} for r in self.rematches],
            "table_repeats": [asdict(t) for t in self.table_repeats],
            "floats": [asdict(f) for f in self.floats],
            "notes": list(self.notes),
            "not_paired": [asdict(a) for a in self.absent],
            "candidate_graph": "pruned (exact)" if self.pruned else "complete",
        }

    @classmethod
    def from_dict(cls, data: Any) -> PairingReport:
        """The inverse of `to_dict`."""
        d = _map(data)
        o = _map(d.get("objective"))
        bye = d.get("bye")
        return cls(
            round=_int(d.get("round")),
            seed=_int(d.get("seed")),
            method=_str(d.get("method")),
            objective=Objective(
                bye_byes=_int(o.get("bye_byes")),
                rematches=_int(o.get("rematches")),
                bye_mp=_int(o.get("bye_mp")),
                mp_spread=_int(o.get("mp_spread")),
                table_repeats=_int(o.get("table_repeats")),
            ),
            bye=(
                ByeNote(
                    _str(bye.get("player")),
                    _int(bye.get("mp")),
                    _int(bye.get("byes_before")),
                    _str(bye.get("reason")),
                )
                if isinstance(bye, Mapping)
                else None
            ),
            spares=tuple(
                SpareNote(_str(s.get("player")), bool(s.get("plays")), _str(s.get("reason")))
                for s in _maps(d.get("spares"))
            ),
            rematches=tuple(
                RematchNote(_pair(r.get("players")), _str(r.get("reason"))) for r in _maps(d.get("rematches"))
            ),
            table_repeats=tuple(
                TableRepeatNote(_str(t.get("player")), _int(t.get("table")), _str(t.get("reason")))
                for t in _maps(d.get("table_repeats"))
            ),
            floats=tuple(
                FloatNote(
                    _str(f.get("player")),
                    _int(f.get("mp")),
                    _str(f.get("direction")),
                    _str(f.get("opponent")),
                    _int(f.get("opponent_mp")),
                )
                for f in _maps(d.get("floats"))
            ),
            notes=tuple(n for n in d.get("notes", ()) if isinstance(n, str))
            if isinstance(d.get("notes"), list)
            else (),
            absent=tuple(
                Absence(_str(a.get("player")), _str(a.get("reason"))) for a in _maps(d.get("not_paired"))
            ),
            pruned=d.get("candidate_graph") == "pruned (exact)",
        )

    def to_text(self) -> str:
        o = self.objective
        lines = [
            f"Round {self.round} pairing report (seed {self.seed}, {self.method})",
            f"  rematches: {o.rematches}; MP spread (sum of squared MP differences): {o.mp_spread}; "
            f"players at a table they already played on: {o.table_repeats}",
        ]
        if self.bye is not None:
            b = self.bye
            lines.append(f"Bye: {b.player} ({b.mp} MP, {b.byes_before} earlier bye(s)): {b.reason}")
        for s in self.spares:
            lines.append(f"Spare: {s.player} {'steps in' if s.plays else 'sits out'}: {s.reason}")
        if self.rematches:
            lines.append("Rematches:")
            lines.extend(f"  {r.players[0]} v {r.players[1]}: {r.reason}" for r in self.rematches)
        else:
            lines.append("Rematches: none")
        if self.table_repeats:
            lines.append("Table repeats:")
            lines.extend(f"  {t.player} at table {t.table}: {t.reason}" for t in self.table_repeats)
        else:
            lines.append("Table repeats: none")
        if self.floats:
            lines.append("Floats:")
            lines.extend(
                f"  {f.player} ({f.mp} MP) floats {f.direction} to play {f.opponent} ({f.opponent_mp} MP)"
                for f in self.floats
            )
        else:
            lines.append("Floats: none")
        lines.extend(f"Note: {note}" for note in self.notes)
        lines.extend(f"Not paired: {a.player}: {a.reason}" for a in self.absent)
        return "\n".join(lines)


@dataclass(frozen=True)
class Pairing:
    number: int
    games: tuple[PairedGame, ...]
    report: PairingReport

    def to_json(self) -> dict[str, Any]:
        """The round in the event/1 shape (docs/interchange.md: pair)."""
        return {"number": self.number, "games": [game.to_json() for game in self.games]}


def _pair(value: Any) -> tuple[str, str]:
    names = [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
    return (names[0] if names else "", names[1] if len(names) > 1 else "")


def floats_of(entrants: Mapping[str, Entrant], games: tuple[PairedGame, ...]) -> tuple[FloatNote, ...]:
    notes: list[FloatNote] = []
    for game in games:
        if game.is_bye:
            continue
        a, b = (entrants[p] for p in game.players)
        if a.mp == b.mp:
            continue
        high, low = (a, b) if a.mp > b.mp else (b, a)
        notes.append(FloatNote(high.id, high.mp, "down", low.id, low.mp))
        notes.append(FloatNote(low.id, low.mp, "up", high.id, high.mp))
    return tuple(notes)


def listing_text(pairing: Pairing, entrants: Mapping[str, Entrant]) -> str:
    """The round as a TO would post it: table, players with their MP, then the bye."""

    def who(player: str) -> str:
        e = entrants[player]
        return f"{e.label} [{e.mp} MP]"

    lines = [f"Round {pairing.number}"]
    for game in pairing.games:
        if game.is_bye:
            lines.append(f"  Bye       {who(game.players[0])}")
        else:
            lines.append(f"  Table {game.table:<3} {who(game.players[0])}  v  {who(game.players[1])}")
    return "\n".join(lines)
