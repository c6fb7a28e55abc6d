"""What one game is worth to each of its players, however it ended.

OP Guide, "Scoring a Game" and "Games That Don't End Normally". Pure Python: shared by
the standings engine (tallies, SoS/oTP pools) and the pairing engine (current MP).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.scoring import GameScore, ScoringTable, SideScore
from standings.records import (
    BYE,
    COMPLETE_VICTORY,
    CONCESSION,
    DOUBLE_NO_SHOW,
    DRAW,
    GAME_LOSS,
    NO_SHOW,
    PLAYED,
    EventGame,
)

ZERO = SideScore(0, 0)


@dataclass(frozen=True)
class PlayerResult:
    """One player's share of one game."""

    player: str
    opponent: str | None
    mp: int
    tp: int
    # Does this game enter the player's SoS/oTP pool? (OP Guide: Which Games Count)
    counts: bool
    # Why not, when it doesn't: "bye", "no-show", "double no-show".
    excluded_reason: str | None = None
    band: str = ""


# The outcome, the VP, the KP, whether the first player lost, whether the first player won.
GameShape = tuple[str, tuple[int, int] | None, tuple[int, int] | None, bool, bool]


def game_shape(game: EventGame) -> GameShape:
    """All `score_game` reads of a game but the players' ids: two games of one shape score
    the same, seat by seat (`game.players` order), so callers adding up thousands of games
    score each shape once (a few hundred at most) and reuse its numbers. A loser or winner
    that is not the first player is the second: event files are validated on reading."""
    first = game.players[0]
    return (game.outcome, game.vp, game.kp, game.loser == first, game.winner == first)


def score_game(game: EventGame, scoring: ScoringTable) -> tuple[PlayerResult, ...]:
    """Score a game with a recorded result, one PlayerResult per player in `game.players` order."""
    if game.outcome == BYE:
        (player,) = game.players
        return (PlayerResult(player, None, scoring.bye.mp, scoring.bye.tp, False, "bye", "Bye"),)
    first, second = game.players
    if game.outcome in (PLAYED, DRAW):
        scored = _played(game, scoring)
        return (
            PlayerResult(first, second, scored.first.mp, scored.first.tp, True, None, scored.band),
            PlayerResult(second, first, scored.second.mp, scored.second.tp, True, None, scored.band),
        )
    if game.outcome == DOUBLE_NO_SHOW:
        return (
            PlayerResult(first, second, 0, 0, False, "double no-show", "Double no-show"),
            PlayerResult(second, first, 0, 0, False, "double no-show", "Double no-show"),
        )
    loser = game.loser
    assert loser in game.players, "concession, no-show and game loss name the loser"
    if game.outcome in (CONCESSION, GAME_LOSS, COMPLETE_VICTORY):
        # A concession, or a Game Loss penalty, is scored as an Annihilation and counts;
        # so is a complete victory whatever the VP (MOR:527, docs/interchange.md).
        top = scoring.top
        winner_score, counts, reason = SideScore(top.winner_mp, top.winner_tp), True, None
        loser_score = SideScore(top.loser_mp, top.loser_tp)
        band = {CONCESSION: "Concession", GAME_LOSS: "Game Loss"}.get(game.outcome, top.name)
    elif game.outcome == NO_SHOW:
        # A no-show is treated as a bye for the opponent and is not counted.
        winner_score, counts, reason = scoring.bye, False, "no-show"
        loser_score, band = ZERO, "No-show"
    else:  # pragma: no cover - event files are validated on reading
        raise ValueError(f"unknown outcome {game.outcome!r}")

    def side(player: str, opponent: str) -> PlayerResult:
        score = loser_score if player == loser else winner_score
        return PlayerResult(player, opponent, score.mp, score.tp, counts, reason, band)

    return side(first, second), side(second, first)


def _played(game: EventGame, scoring: ScoringTable) -> GameScore:
    """A game played to its end: by VP (and KP on a VP tie), or by its winner or a draw."""
    if game.outcome == DRAW:
        return scoring.drawn()
    if game.vp is not None:
        return scoring.score(game.vp[0], game.vp[1], kp=game.kp)
    if game.winner is not None:
        return scoring.won(first_wins=game.winner == game.players[0])
    raise ValueError("a played game carries VP or a winner")  # event files are validated on reading
