"""Deciding a team match from its one-on-one games (docs/team-matches.md, "Deciding a team match").

Each game is scored as usual for its game system (`standings.game_scores.score_game`):
its result from each side (win, draw or loss) and each player's game points, the
Tournament Points (TP) the standings engine counts for that game. The TO picks the rule
that turns the games into the match's result:

- `GAMES_WON`: the team that won more games wins the match; as many each is a draw.
- `GAME_POINTS` with a draw margin M: the members' game points are added up per team;
  the higher total wins, and a difference of at most M is a draw.

Team match points are the values a player earns for a game (docs/standings.md, "What each
game is worth"): 3 for a win, 1 each for a draw, 0 for a loss. So a match
hands out 3 points in all, or 2 when drawn, like a game.

A team with a bye wins its round as a player with a bye does: 3 team match points, every
one of its N games counted as won, with the game points a player's bye is worth (the
event's bye score, 4 TP by default) for each of them. A bye never enters SoS or oTP.

Pure Python, frozen dataclasses in and out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules_engine.scoring import ScoringTable, SideScore
from standings.game_scores import score_game
from standings.records import EventGame

WIN = "win"
DRAW = "draw"
LOSS = "loss"
RESULTS = (WIN, DRAW, LOSS)
_MIRROR = {WIN: LOSS, DRAW: DRAW, LOSS: WIN}
# docs/standings.md: a game's winner earns 3 MP, each side of a drawn game 1, the loser 0.
MATCH_POINTS = {WIN: 3, DRAW: 1, LOSS: 0}

# The stable error codes (docs/team-matches.md, "Error codes").
NO_GAMES = "no-games"
BAD_RESULT = "bad-result"
BAD_POINTS = "bad-points"
BAD_MARGIN = "bad-margin"
PLAYER_TWICE = "player-twice"
SAME_TEAM = "same-team"


class ScoringError(ValueError):
    """A team match that cannot be decided as given: a stable `code` and one sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class MatchRule(StrEnum):
    GAMES_WON = "games-won"
    GAME_POINTS = "game-points"


@dataclass(frozen=True)
class DecidingRule:
    """The TO's rule for a team match; `draw_margin` only means something for game points."""

    rule: MatchRule
    draw_margin: int = 0

    def __post_init__(self) -> None:
        if (
            isinstance(self.draw_margin, bool)
            or not isinstance(self.draw_margin, int)
            or self.draw_margin < 0
        ):
            raise ScoringError(
                BAD_MARGIN, f"The draw margin is a whole number from 0, not {self.draw_margin!r}."
            )
        if self.rule is MatchRule.GAMES_WON and self.draw_margin:
            raise ScoringError(BAD_MARGIN, "A draw margin applies to game points, not to games won.")


@dataclass(frozen=True)
class MemberGame:
    """One game of the match, oriented from team A: `players` is (A's player, B's player),
    `result` is A's player's (win, draw or loss), `points` each player's game points."""

    players: tuple[str, str]
    result: str
    points: tuple[int, int]

    def mirrored(self) -> MemberGame:
        """The same game seen from team B."""
        return MemberGame(
            (self.players[1], self.players[0]), _MIRROR[self.result], (self.points[1], self.points[0])
        )


def member_game(game: EventGame, scoring: ScoringTable, *, a_player: str | None = None) -> MemberGame:
    """A scored game as a `MemberGame`, by the game system's own scoring (`score_game`).

    Who won is read from the Match Points: more MP is a win, equal MP a draw (a double
    no-show, 0 MP each, is a game neither team won). `a_player` names team A's player when
    it is not the game's first player.
    """
    if len(game.players) != 2:
        raise ScoringError(BAD_RESULT, "A team match game has two players; a team's bye is `team_bye`.")
    first, second = score_game(game, scoring)
    result = WIN if first.mp > second.mp else LOSS if first.mp < second.mp else DRAW
    made = MemberGame((first.player, second.player), result, (first.tp, second.tp))
    if a_player is not None and a_player not in made.players:
        raise ScoringError(BAD_RESULT, f"{a_player!r} did not play in this game.")
    return made.mirrored() if a_player == second.player else made


@dataclass(frozen=True)
class TeamSide:
    """One team's share of a team match."""

    team: str
    result: str  # WIN, DRAW or LOSS
    match_points: int
    games_won: int
    games_drawn: int
    games_lost: int
    game_points: int


@dataclass(frozen=True)
class TeamMatchResult:
    """A decided team match: two sides (team A's first), or one for a bye."""

    sides: tuple[TeamSide, ...]
    rule: DecidingRule | None  # None for a bye
    games: tuple[MemberGame, ...] = ()

    @property
    def is_bye(self) -> bool:
        return len(self.sides) == 1

    @property
    def teams(self) -> tuple[str, ...]:
        return tuple(side.team for side in self.sides)

    def side(self, team: str) -> TeamSide:
        for side in self.sides:
            if side.team == team:
                return side
        raise KeyError(f"team {team!r} did not play this match")


def _check_games(games: Sequence[MemberGame]) -> tuple[MemberGame, ...]:
    out = tuple(games)
    if not out:
        raise ScoringError(NO_GAMES, "A team match needs its games to be decided.")
    for column in (0, 1):
        players = [game.players[column] for game in out]
        if len(set(players)) != len(players):
            twice = next(p for p in players if players.count(p) > 1)
            raise ScoringError(PLAYER_TWICE, f"{twice!r} plays two games in one team match.")
    for game in out:
        if game.result not in RESULTS:
            raise ScoringError(BAD_RESULT, f"A game's result is win, draw or loss, not {game.result!r}.")
        if any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in game.points):
            raise ScoringError(BAD_POINTS, f"Game points are whole numbers from 0, not {game.points!r}.")
    return out


def decide_match(
    team_a: str, team_b: str, games: Sequence[MemberGame], rule: DecidingRule
) -> TeamMatchResult:
    """The team match decided by the TO's rule, from its games (each oriented from team A).

    Worked example (docs/team-matches.md): five games, A's results win, win, loss, draw,
    loss with game points 4-1, 3-2, 0-5, 2-2, 1-4. Games won 2-2: a draw under GAMES_WON.
    Game points 10-14: B wins under GAME_POINTS with a margin up to 3; a draw from 4.
    """
    if team_a == team_b:
        raise ScoringError(SAME_TEAM, f"Team {team_a!r} cannot play itself.")
    played = _check_games(games)
    won_a = sum(1 for g in played if g.result == WIN)
    won_b = sum(1 for g in played if g.result == LOSS)
    drawn = len(played) - won_a - won_b
    points_a = sum(g.points[0] for g in played)
    points_b = sum(g.points[1] for g in played)
    if rule.rule is MatchRule.GAMES_WON:
        lead = won_a - won_b
    else:
        difference = points_a - points_b
        lead = 0 if abs(difference) <= rule.draw_margin else difference
    result_a = WIN if lead > 0 else LOSS if lead < 0 else DRAW
    result_b = _MIRROR[result_a]
    return TeamMatchResult(
        sides=(
            TeamSide(team_a, result_a, MATCH_POINTS[result_a], won_a, drawn, won_b, points_a),
            TeamSide(team_b, result_b, MATCH_POINTS[result_b], won_b, drawn, won_a, points_b),
        ),
        rule=rule,
        games=played,
    )


def mirrored(result: TeamMatchResult) -> TeamMatchResult:
    """The same match with the teams' places swapped (B first, its games seen from B)."""
    return replace(
        result, sides=tuple(reversed(result.sides)), games=tuple(g.mirrored() for g in result.games)
    )


def team_bye(team: str, games: int, bye: SideScore) -> TeamMatchResult:
    """A team's bye: a win, 3 team match points, its `games` (N) games all counted as won,
    each worth the game points of a player's bye (the event's `ScoringTable.bye`)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ScoringError(
            NO_GAMES, f"A team's bye counts its N games, a whole number from 1, not {games!r}."
        )
    return TeamMatchResult(
        sides=(TeamSide(team, WIN, MATCH_POINTS[WIN], games, 0, 0, games * bye.tp),),
        rule=None,
    )
