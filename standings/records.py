"""The record of an event that standings and pairing are computed from: players, tables,
rounds and games, as frozen dataclasses.

Pure Python. The event/1 interchange format (`standings.eventfile`) reads and writes
exactly these; the web app's bridges build them from rows. Unknown keys are kept in
`extra` at every level, so a richer export survives a round trip.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.scoring import ScoringOverride, ScoringTable

PLAYED = "played"
CONCESSION = "concession"
NO_SHOW = "no-show"
GAME_LOSS = "game-loss"
DOUBLE_NO_SHOW = "double-no-show"
BYE = "bye"
# Other game systems (docs/interchange.md): MORSDEI's complete victory (MOR:527), and the draw
# of a system whose games have no VP (Warpspawn).
COMPLETE_VICTORY = "complete-victory"
DRAW = "draw"
OUTCOMES = (PLAYED, CONCESSION, NO_SHOW, GAME_LOSS, DOUBLE_NO_SHOW, BYE, COMPLETE_VICTORY, DRAW)
OUTCOMES_WITH_LOSER = (CONCESSION, NO_SHOW, GAME_LOSS, COMPLETE_VICTORY)
# A round's stage: the Swiss rounds, then a championship's single-elimination cut.
SWISS = "swiss"
CUT = "cut"


class EventFileError(ValueError):
    """The file cannot be read as event/1; the message names the problem and where."""


@dataclass(frozen=True)
class EventPlayer:
    id: str
    name: str
    spare: bool = False
    dropped_after_round: int | None = None
    disqualified_after_round: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EventTable:
    number: int
    layout: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EventGame:
    players: tuple[str, ...]
    outcome: str = PLAYED
    vp: tuple[int, int] | None = None
    loser: str | None = None
    table: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    kp: tuple[int, int] | None = None  # Kill Points, in players order (Dropzone, DZC:952)
    # A played game of a system without VP names its winner (Warpspawn); in a cut round any
    # game may name one, the TO's own tie-break, which stands whatever the score.
    winner: str | None = None

    @property
    def is_bye(self) -> bool:
        return self.outcome == BYE


@dataclass(frozen=True)
class PairedGame:
    """A game a pairing calls for, before it is played: the Swiss engine's and the top
    cut's alike, so `pair` prints both rounds in one shape (event/1 without results).

    One player is a bye (no table). In a cut round the better seed comes first.
    """

    players: tuple[str, ...]
    table: int | None = None

    @property
    def is_bye(self) -> bool:
        return len(self.players) == 1

    def to_json(self) -> dict[str, Any]:
        if self.is_bye:
            return {"players": list(self.players), "outcome": BYE}
        return {"table": self.table, "players": list(self.players)}


@dataclass(frozen=True)
class EventRound:
    number: int
    games: tuple[EventGame, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    stage: str = SWISS  # SWISS or CUT
    # The first cut round's entrants in seed order, as drawn when it was paired (None: not recorded).
    seeds: tuple[str, ...] | None = None

    @property
    def is_cut(self) -> bool:
        return self.stage == CUT


@dataclass(frozen=True)
class EventCut:
    """A championship's top cut: `size` players enter a single-elimination bracket once
    round `after_round`, the last Swiss round, is complete."""

    size: int
    after_round: int

    def to_json(self) -> dict[str, int]:
        return {"size": self.size, "after_round": self.after_round}


@dataclass(frozen=True)
class EventFile:
    name: str
    game_system: str
    scale: str
    kind: str
    tables: tuple[EventTable, ...]
    players: tuple[EventPlayer, ...]
    rounds: tuple[EventRound, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    scoring: ScoringOverride | None = None  # the TO's bands and bye, over the system's
    cut: EventCut | None = None  # a single-elimination stage after the Swiss rounds

    @property
    def swiss_rounds(self) -> tuple[EventRound, ...]:
        """The rounds that count for MP, TP, SoS and oTP: every round but the cut's."""
        return tuple(r for r in self.rounds if not r.is_cut)

    @property
    def cut_rounds(self) -> tuple[EventRound, ...]:
        return tuple(r for r in self.rounds if r.is_cut)

    def scored_by(self, default: ScoringTable) -> ScoringTable:
        """The system's table for this event's scale, with the TO's bands or bye over it."""
        return self.scoring.apply(default) if self.scoring is not None else default

    def player(self, player_id: str) -> EventPlayer:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)

    @property
    def next_round_number(self) -> int:
        return max((r.number for r in self.rounds), default=0) + 1
