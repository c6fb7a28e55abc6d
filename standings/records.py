"""The record of an event that standings and pairing are computed from: players, tables,
rounds and games, as frozen dataclasses.

Pure Python. The event/1 interchange format (`interchange.eventfile`) reads and writes
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
# Other game systems (interchange.md): MORSDEI's complete victory (MOR:527), and the draw
# of a system whose games have no VP (Warpspawn).
COMPLETE_VICTORY = "complete-victory"
DRAW = "draw"
OUTCOMES = (PLAYED, CONCESSION, NO_SHOW, GAME_LOSS, DOUBLE_NO_SHOW, BYE, COMPLETE_VICTORY, DRAW)
OUTCOMES_WITH_LOSER = (CONCESSION, NO_SHOW, GAME_LOSS, COMPLETE_VICTORY)


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
    winner: str | None = None  # a played game of a system without VP (Warpspawn)

    @property
    def is_bye(self) -> bool:
        return self.outcome == BYE


@dataclass(frozen=True)
class EventRound:
    number: int
    games: tuple[EventGame, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)


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
