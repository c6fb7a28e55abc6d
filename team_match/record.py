"""A team tournament's record: its teams and team matches over the members' games
(docs/team-matches.md), as the web app's rows and an event/1 file both hold it.

The members' games are ordinary event/1 games (`standings.records`); what a team event
adds is who is in which team, and which teams met in each round. From those this module
decides every match (`team_match.scoring`) so that the team standings and the team pairing
read one history. A match counts once each of its N games has a result: a half-played match
is not yet won or lost by anyone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.scoring import ScoringTable
from standings.records import EventFile, EventGame
from team_match.scoring import DecidingRule, MatchRule, TeamMatchResult, decide_match, member_game, team_bye
from team_match.standings import TeamEntry, TeamRound, TeamStandings, TieBreak, team_standings


@dataclass(frozen=True)
class TeamEventRules:
    """What the TO chose for a team tournament (event/1 `team_event`)."""

    size: int
    rule: MatchRule = MatchRule.GAMES_WON
    draw_margin: int = 0
    pairing: str = "protocol"  # protocol, organiser or standings-order
    distinct_factions: bool = False
    step_minutes: int = 3

    @property
    def deciding(self) -> DecidingRule:
        margin = self.draw_margin if self.rule is MatchRule.GAME_POINTS else 0
        return DecidingRule(self.rule, margin)

    @property
    def tiebreak(self) -> TieBreak:
        """The second key of the team standings follows the deciding rule: a TO who decides
        matches by game points ranks level teams by them too (docs/team-matches.md)."""
        return TieBreak.GAMES_WON if self.rule is MatchRule.GAMES_WON else TieBreak.GAME_POINTS


@dataclass(frozen=True)
class MatchRecord:
    """One team match of a round: two teams (team A first), or one for a bye."""

    teams: tuple[str, ...]
    first_table: int | None = None
    pairing: str = ""
    protocol: Mapping[str, Any] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_bye(self) -> bool:
        return len(self.teams) == 1


@dataclass(frozen=True)
class TeamEvent:
    """A team tournament: the rules, the teams (members as event/1 player ids, in team
    order) and each round's matches, by round number."""

    rules: TeamEventRules
    teams: tuple[TeamEntry, ...]
    matches: Mapping[int, tuple[MatchRecord, ...]]

    def team_of(self) -> dict[str, str]:
        return {member.id: team.id for team in self.teams for member in team.members}


def _games_of(
    games: Sequence[EventGame], a_members: set[str], b_members: set[str]
) -> list[tuple[EventGame, str]]:
    """The round's games between the two teams, each with team A's player."""
    found = []
    for game in games:
        if len(game.players) != 2:
            continue
        one, two = game.players
        if one in a_members and two in b_members:
            found.append((game, one))
        elif two in a_members and one in b_members:
            found.append((game, two))
    return found


def decided_matches(event: EventFile, team_event: TeamEvent, scoring: ScoringTable) -> tuple[TeamRound, ...]:
    """Every round's decided matches: a bye at once, a match once all N games are scored."""
    members = {team.id: {m.id for m in team.members} for team in team_event.teams}
    games_by_round = {r.number: r.games for r in event.rounds}
    rules = team_event.rules
    out: list[TeamRound] = []
    for number in sorted(team_event.matches):
        decided: list[TeamMatchResult] = []
        for match in team_event.matches[number]:
            if match.is_bye:
                decided.append(team_bye(match.teams[0], rules.size, scoring.bye))
                continue
            a, b = match.teams
            played = _games_of(games_by_round.get(number, ()), members[a], members[b])
            if len(played) < rules.size:
                continue
            games = [member_game(game, scoring, a_player=a_player) for game, a_player in played]
            decided.append(decide_match(a, b, games, rules.deciding))
        out.append(TeamRound(number=number, matches=tuple(decided)))
    return tuple(out)


def team_event_standings(event: EventFile, team_event: TeamEvent, scoring: ScoringTable) -> TeamStandings:
    """The team standings of the matches decided so far."""
    rounds = decided_matches(event, team_event, scoring)
    return team_standings(team_event.teams, rounds, tiebreak=team_event.rules.tiebreak)
