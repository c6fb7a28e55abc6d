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

PLAYED = "played"
CONCESSION = "concession"
NO_SHOW = "no-show"
GAME_LOSS = "game-loss"
DOUBLE_NO_SHOW = "double-no-show"
BYE = "bye"
OUTCOMES = (PLAYED, CONCESSION, NO_SHOW, GAME_LOSS, DOUBLE_NO_SHOW, BYE)
OUTCOMES_WITH_LOSER = (CONCESSION, NO_SHOW, GAME_LOSS)


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

    def player(self, player_id: str) -> EventPlayer:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)

    @property
    def next_round_number(self) -> int:
        return max((r.number for r in self.rounds), default=0) + 1
