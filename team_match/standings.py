"""Team standings, and the individual ranking of a team event (docs/team-matches.md,
"Team standings").

Teams are ranked as docs/standings.md ranks players, with a team match in the place of a
game: its team match points in the place of Match Points, and the TO's tie-break (games
won, or game points) in the place of Tournament Points. So the order is

1. team match points, 2. the tie-break, 3. SoS, 4. oTP, all highest first,

where SoS is the mean of the opponents' **final** team match points and oTP the mean of
their final tie-break value, over the team matches that count: a bye counts for neither,
an opponent met twice counts twice, and an empty pool gives 0 (docs/standings.md, "The two
opponent metrics"). SoS and oTP are compared exactly (as fractions); teams equal on all
four share the placing and are listed by name. A team that dropped keeps its place; a
disqualified team is listed after everyone placed, without a rank.

The player engine cannot be fed team matches as games as they are: it scores a game from
its Victory Points through the system's bands, and a team match has no VP. So the order is
mirrored here, on the same definitions. The individual ranking needs no mirror: members'
games are ordinary games, ranked by `standings.compute_standings` itself.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from rules_engine.scoring import ScoringTable
from standings.engine import Standings, compute_standings
from standings.records import BYE, EventGame, EventPlayer, EventRound
from team_match.scoring import TeamMatchResult

ACTIVE = "active"
DROPPED = "dropped"
DISQUALIFIED = "disqualified"
EXCLUDED_BYE = "bye"

# The stable error codes (docs/team-matches.md, "Error codes").
UNKNOWN_TEAM = "unknown-team"
TEAM_TWICE = "team-twice"
ROUND_TWICE = "round-twice"
TEAMMATES_MET = "teammates-met"


class TeamStandingsError(ValueError):
    """The team matches cannot be ranked as given: a stable `code` and one sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class TieBreak(StrEnum):
    """The TO's second key, after team match points: it plays the part of TP."""

    GAMES_WON = "games-won"
    GAME_POINTS = "game-points"


@dataclass(frozen=True)
class TeamEntry:
    """A team: one entrant of the Swiss pairing. `members` are its players, as the player
    records the individual ranking reads (their ids and names)."""

    id: str
    name: str
    members: tuple[EventPlayer, ...] = ()
    dropped_after_round: int | None = None
    disqualified_after_round: int | None = None
    captain: str | None = None  # the member who speaks for the team (None: the first)
    extra: Mapping[str, Any] = field(default_factory=dict)  # an event/1 team's other keys

    @property
    def status(self) -> str:
        if self.disqualified_after_round is not None:
            return DISQUALIFIED
        if self.dropped_after_round is not None:
            return DROPPED
        return ACTIVE

    @property
    def placed(self) -> bool:
        return self.status != DISQUALIFIED


@dataclass(frozen=True)
class TeamRound:
    number: int
    matches: tuple[TeamMatchResult, ...]


@dataclass(frozen=True)
class TeamMatchLine:
    """One of a team's matches, from that team's side."""

    round: int
    opponent: str | None  # None for a bye
    result: str
    match_points: int
    games_won: int
    game_points: int
    counted: bool  # does the opponent enter this team's SoS/oTP pool?
    excluded_reason: str | None


@dataclass(frozen=True)
class TeamStanding:
    rank: int | None  # None for a disqualified team
    team: str
    name: str
    match_points: int
    games_won: int
    game_points: int
    tiebreak: int  # games won or game points, as the TO chose
    sos: Fraction
    otp: Fraction
    pool: int
    placed: bool
    status: str
    matches: tuple[TeamMatchLine, ...]


@dataclass(frozen=True)
class TeamStandings:
    """Placed teams in standings order, then the disqualified ones."""

    rows: tuple[TeamStanding, ...]
    tiebreak: TieBreak
    rounds_played: int
    _by_team: Mapping[str, TeamStanding] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_team", {row.team: row for row in self.rows})

    def __getitem__(self, team: str) -> TeamStanding:
        try:
            return self._by_team[team]
        except KeyError:
            raise KeyError(f"no team {team!r} in these standings") from None

    @property
    def placed(self) -> tuple[TeamStanding, ...]:
        return tuple(row for row in self.rows if row.placed)


def team_standings(
    teams: Sequence[TeamEntry], rounds: Iterable[TeamRound], *, tiebreak: TieBreak
) -> TeamStandings:
    """Tally every team's matches, pool its opponents and order the teams (see the module)."""
    index: dict[str, int] = {}
    for i, team in enumerate(teams):
        if team.id in index:
            raise TeamStandingsError(TEAM_TWICE, f"Team {team.id!r} is listed twice.")
        index[team.id] = i
    count = len(teams)
    mp, won, points = [0] * count, [0] * count, [0] * count
    lines: list[list[TeamMatchLine]] = [[] for _ in range(count)]
    rounds_played = 0
    for round_ in _ordered(rounds):
        seen: set[str] = set()
        for match in round_.matches:
            for side in match.sides:
                if side.team not in index:
                    raise TeamStandingsError(UNKNOWN_TEAM, f"Round {round_.number}: no team {side.team!r}.")
                if side.team in seen:
                    raise TeamStandingsError(
                        TEAM_TWICE, f"Round {round_.number}: team {side.team!r} plays two matches."
                    )
                seen.add(side.team)
            for k, side in enumerate(match.sides):
                i = index[side.team]
                opponent = None if match.is_bye else match.sides[1 - k].team
                mp[i] += side.match_points
                won[i] += side.games_won
                points[i] += side.game_points
                reason = EXCLUDED_BYE if match.is_bye else None
                lines[i].append(
                    TeamMatchLine(
                        round_.number,
                        opponent,
                        side.result,
                        side.match_points,
                        side.games_won,
                        side.game_points,
                        reason is None,
                        reason,
                    )
                )
        if round_.matches:
            rounds_played = round_.number
    second = won if tiebreak is TieBreak.GAMES_WON else points
    # The pools: opponents' final tallies, one entry per counted match.
    sos_sum, otp_sum, size = [0] * count, [0] * count, [0] * count
    for i in range(count):
        for line in lines[i]:
            if line.counted:
                j = index[line.opponent]  # type: ignore[index]
                sos_sum[i] += mp[j]
                otp_sum[i] += second[j]
                size[i] += 1
    # One common denominator for every mean, so the sort compares exact integers.
    common = math.lcm(*{n for n in size if n}) if any(size) else 1
    scale = [common // n if n else 0 for n in size]

    def metrics(i: int) -> tuple[int, int, int, int]:
        return (mp[i], second[i], sos_sum[i] * scale[i], otp_sum[i] * scale[i])

    def order(i: int) -> tuple[int, int, int, int, str, str]:
        m = metrics(i)
        return (-m[0], -m[1], -m[2], -m[3], teams[i].name.casefold(), teams[i].id)

    placed = sorted((i for i in range(count) if teams[i].placed), key=order)
    others = sorted((i for i in range(count) if not teams[i].placed), key=order)
    ranks: dict[int, int] = {}
    for position, i in enumerate(placed, start=1):
        before = placed[position - 2] if position > 1 else None
        ranks[i] = ranks[before] if before is not None and metrics(before) == metrics(i) else position
    rows = tuple(
        TeamStanding(
            rank=ranks.get(i),
            team=teams[i].id,
            name=teams[i].name,
            match_points=mp[i],
            games_won=won[i],
            game_points=points[i],
            tiebreak=second[i],
            sos=Fraction(sos_sum[i], size[i]) if size[i] else Fraction(0),
            otp=Fraction(otp_sum[i], size[i]) if size[i] else Fraction(0),
            pool=size[i],
            placed=teams[i].placed,
            status=teams[i].status,
            matches=tuple(lines[i]),
        )
        for i in placed + others
    )
    return TeamStandings(rows=rows, tiebreak=tiebreak, rounds_played=rounds_played)


def _ordered(rounds: Iterable[TeamRound]) -> list[TeamRound]:
    ordered = sorted(rounds, key=lambda r: r.number)
    numbers = [r.number for r in ordered]
    if len(set(numbers)) != len(numbers):
        twice = next(n for n in numbers if numbers.count(n) > 1)
        raise TeamStandingsError(ROUND_TWICE, f"Round {twice} is listed twice.")
    return ordered


# ---------------------------------------------------------------------------- the players


def team_bye_games(team: TeamEntry) -> tuple[EventGame, ...]:
    """A team's bye as its members' games: a player's bye each, so the individual ranking
    scores it as the team's bye is scored (`team_match.scoring.team_bye`)."""
    return tuple(EventGame(players=(member.id,), outcome=BYE) for member in team.members)


def individual_standings(
    teams: Sequence[TeamEntry],
    rounds: Iterable[EventRound],
    scoring: ScoringTable,
    *,
    planned_rounds: int | None = None,
    final: bool | None = None,
) -> Standings:
    """The best players of the event: every member's own games across the rounds, ranked
    exactly as the player standings are (docs/standings.md), by the player engine itself.

    A member of a team that dropped or was disqualified shares that status (from the same
    round on), unless their own record says otherwise. Two teammates never meet: a game
    between them is refused rather than scored.
    """
    team_of: dict[str, str] = {}
    players: list[EventPlayer] = []
    for team in teams:
        for member in team.members:
            if member.id in team_of:
                raise TeamStandingsError(TEAM_TWICE, f"Player {member.id!r} is in two teams.")
            team_of[member.id] = team.id
            players.append(
                replace(
                    member,
                    dropped_after_round=_first(member.dropped_after_round, team.dropped_after_round),
                    disqualified_after_round=_first(
                        member.disqualified_after_round, team.disqualified_after_round
                    ),
                )
            )
    listed = tuple(rounds)
    for round_ in listed:
        for game in round_.games:
            owners = {team_of.get(p) for p in game.players}
            if len(game.players) == 2 and len(owners) == 1 and None not in owners:
                raise TeamStandingsError(
                    TEAMMATES_MET, f"Round {round_.number}: teammates {' and '.join(game.players)} met."
                )
    return compute_standings(players, listed, scoring, planned_rounds=planned_rounds, final=final)


def _first(own: int | None, team: int | None) -> int | None:
    """The earlier of a member's own round and their team's (None: never)."""
    known = [r for r in (own, team) if r is not None]
    return min(known) if known else None


def members_in_standings_order(team: TeamEntry, individual: Standings) -> tuple[str, ...]:
    """The team's members best placed first in the individual ranking so far, the team's own
    order between members level on everything (and before any game, when all are level):
    the order the "standings order" way pairs a match by, 1 v 1, 2 v 2 (docs/team-matches.md).
    A member not in the ranking, or not placed, comes after those who are."""
    by_player = {row.player: row for row in individual.rows}
    unplaced = len(individual.rows) + 1

    def key(member: EventPlayer) -> int:
        row = by_player.get(member.id)
        return row.rank if row is not None and row.rank is not None else unplaced

    return tuple(m.id for m in sorted(team.members, key=key))
