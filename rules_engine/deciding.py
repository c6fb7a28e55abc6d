"""Who won a game on the table, by each game system's own result.

A single-elimination cut needs a winner from every game: one player goes on, the other
goes home. Most systems decide by more Victory Points; some add their own tie-break or
have no VP at all, so each system names its rule (`GameSystem.decide_game`) and the
bracket asks it, never the system's name. A result the rule leaves tied (None) is the
bracket's to settle (the better seed goes on).

Only played results come here: byes, concessions, no-shows and the like are the same in
every system and are settled before the rule is asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class PlayedResult(Protocol):
    """A played game's record as the event record keeps it (`standings.records.EventGame`)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def outcome(self) -> str: ...
    @property
    def vp(self) -> tuple[int, int] | None: ...
    @property
    def kp(self) -> tuple[int, int] | None: ...
    @property
    def winner(self) -> str | None: ...


# The id of the player the result makes the winner, or None when it is a tie.
GameDecider = Callable[[PlayedResult], str | None]


def by_scores(game: PlayedResult, *scores: tuple[int, int] | None) -> str | None:
    """The player ahead on the first of `scores` (pairs in players order) that is not level."""
    for score in scores:
        if score is not None and score[0] != score[1]:
            return game.players[0] if score[0] > score[1] else game.players[1]
    return None


def more_vp(game: PlayedResult) -> str | None:
    """The usual rule: more Victory Points wins; equal VP is a tie."""
    return by_scores(game, game.vp)
