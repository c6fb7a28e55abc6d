"""Who won a Warpspawn game, for a single-elimination cut.

The game has no Victory Points: a result names its winner, or is a draw when the TO
allows draws (decision WS-D07). A draw is a tie, which the bracket settles
by seed unless the TO names a winner (e.g. after a deciding game).
"""

from __future__ import annotations

from rules_engine.deciding import PlayedResult


def named_winner(game: PlayedResult) -> str | None:
    return game.winner if game.winner in game.players else None
