"""Pairing a team tournament: teams are the Swiss engine's entrants (docs/team-matches.md).

The same optimal engine pairs them as it pairs players (docs/pairing.md): team match
points in the place of Match Points, no team rematch while one can be avoided, the bye to a
team among the lowest that has had none. Its "tables" are match numbers: match k plays on
the k-th block of N adjacent tables (`table_block`), so a team has no table history of its
own to vary.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pairings.engine.model import Absence, Entrant, PairingError, PairingRequest
from pairings.engine.pairing import pair_round
from pairings.engine.report import Pairing
from standings.records import EventFile, PairedGame
from team_match.eventfile import MATCHES, STANDINGS_ORDER, match_to_json
from team_match.record import MatchRecord, TeamEvent
from team_match.standings import TeamEntry, TeamRound


def team_request(
    teams: Sequence[TeamEntry],
    rounds: Iterable[TeamRound],
    *,
    met: Iterable[tuple[str, str]] = (),
    number: int,
    seed: int = 0,
    competitive: bool = True,
) -> PairingRequest:
    """The request for round `number` of a team tournament.

    `rounds` are the decided matches before it; `met` adds every pair of teams that was
    paired, decided or not (a match left unfinished by a drop still counts as met, as two
    players who were paired have met however the game ended).
    """
    last = number - 1
    mp: dict[str, int] = defaultdict(int)
    byes: dict[str, int] = defaultdict(int)
    opponents: dict[str, set[str]] = defaultdict(set)
    for round_ in rounds:
        if round_.number >= number:
            continue
        for match in round_.matches:
            for side in match.sides:
                mp[side.team] += side.match_points
            if match.is_bye:
                byes[match.sides[0].team] += 1
            else:
                a, b = match.teams
                opponents[a].add(b)
                opponents[b].add(a)
    for a, b in met:
        opponents[a].add(b)
        opponents[b].add(a)
    entrants: list[Entrant] = []
    absent: list[Absence] = []
    for team in teams:
        if team.disqualified_after_round is not None and team.disqualified_after_round <= last:
            absent.append(Absence(team.id, f"disqualified after round {team.disqualified_after_round}"))
        elif team.dropped_after_round is not None and team.dropped_after_round <= last:
            absent.append(Absence(team.id, f"dropped after round {team.dropped_after_round}"))
        else:
            entrants.append(
                Entrant(
                    id=team.id,
                    mp=mp[team.id],
                    byes=byes[team.id],
                    opponents=frozenset(opponents[team.id]),
                    name=team.name,
                )
            )
    return PairingRequest(
        number=number,
        entrants=tuple(entrants),
        seed=seed,
        absent=tuple(absent),
        competitive=competitive,
    )


def pair_teams(request: PairingRequest) -> Pairing:
    """Pair the teams: the player engine, unchanged."""
    return pair_round(request)


def table_block(match_number: int, size: int) -> tuple[int, ...]:
    """The tables of the `match_number`-th match (from 1) of teams of `size`: a block of
    adjacent tables, 1..N for the first match, N+1..2N for the second, and so on."""
    if match_number < 1 or size < 1:
        raise ValueError("match numbers and team sizes count from 1")
    start = (match_number - 1) * size + 1
    return tuple(range(start, start + size))


# --- a team tournament's file: the next round's matches --------------------------------


@dataclass(frozen=True)
class TeamPairing:
    """The next round of a team tournament's file: the teams' matches (top match first, on
    its block of tables; a bye last) and the games made at once (each member of the team
    with the bye has one; the standings order pairs a match's players at once too)."""

    number: int
    matches: tuple[MatchRecord, ...]
    games: tuple[PairedGame, ...]
    pairing: Pairing  # the engine's, with its report
    entrants: tuple[Entrant, ...] = ()  # the teams paired, with their match points

    def to_json(self) -> dict[str, Any]:
        """The round in the event/1 shape, as a team tournament's file holds it."""
        return {
            "number": self.number,
            "games": [game.to_json() for game in self.games],
            MATCHES: [match_to_json(match) for match in self.matches],
        }


def pair_team_event(event: EventFile, team_event: TeamEvent, *, seed: int = 0) -> TeamPairing:
    """Pair the round after the file's last: the teams by the Swiss engine (decided matches
    for team match points, every pair of teams that met kept apart while possible), then
    the matches on their blocks of tables (raises PairingError, or StandingsError when the
    members' games cannot be scored)."""
    from standings.engine import scoring_for_event
    from team_match.record import decided_matches
    from team_match.standings import individual_standings, members_in_standings_order

    number = event.next_round_number
    scoring = scoring_for_event(event)
    rounds = decided_matches(event, team_event, scoring)
    met = [m.teams for found in team_event.matches.values() for m in found if not m.is_bye]
    request = team_request(
        team_event.teams,
        rounds,
        met=[(a, b) for a, b in met],
        number=number,
        seed=seed,
        competitive=event.kind == "competitive",
    )
    if not request.entrants:
        raise PairingError("There are no teams to pair.")
    pairing = pair_teams(request)
    rules = team_event.rules
    teams = {t.id: t for t in team_event.teams}
    at_once = rules.pairing == STANDINGS_ORDER
    individual = individual_standings(team_event.teams, event.rounds, scoring) if at_once else None
    matches: list[MatchRecord] = []
    games: list[PairedGame] = []
    byes: list[PairedGame] = []
    bye_matches: list[MatchRecord] = []
    played = sorted((g for g in pairing.games if not g.is_bye), key=lambda g: g.table or 0)
    for k, game in enumerate(played, start=1):
        block = table_block(k, rules.size)
        matches.append(MatchRecord(teams=game.players, first_table=block[0], pairing=rules.pairing))
        if individual is not None:
            a, b = (members_in_standings_order(teams[t], individual) for t in game.players)
            pairs = zip(a, b, strict=True)
            games += [PairedGame(pair, table) for pair, table in zip(pairs, block, strict=True)]
    for game in pairing.games:
        if game.is_bye:
            bye_matches.append(MatchRecord(teams=game.players, pairing=rules.pairing))
            byes += [PairedGame((m.id,)) for m in teams[game.players[0]].members]
    return TeamPairing(
        number=number,
        matches=(*matches, *bye_matches),
        games=(*games, *byes),
        pairing=pairing,
        entrants=request.entrants,
    )


def team_listing_text(paired: TeamPairing, team_event: TeamEvent, names: Mapping[str, str]) -> str:
    """The round as a TO would post it: each match on its tables with the teams' match
    points, its games when already made, then the bye."""
    entrants = {e.id: e for e in paired.entrants}
    teams = {t.id: t for t in team_event.teams}
    size = team_event.rules.size

    def who(team: str) -> str:
        entrant = entrants.get(team)
        points = f" [{entrant.mp} MP]" if entrant is not None else ""
        return f"{teams[team].name} ({team}){points}"

    def player(player_id: str) -> str:
        name = names.get(player_id, player_id)
        return f"{name} ({player_id})" if name != player_id else player_id

    how = {
        "protocol": "players paired by the captains' protocol",
        "organiser": "players paired by the TO",
        STANDINGS_ORDER: "players paired by the team standings order",
    }.get(team_event.rules.pairing, team_event.rules.pairing)
    lines = [f"Round {paired.number} (teams of {size}; {how})"]
    games = {g.table: g for g in paired.games if not g.is_bye}
    for k, match in enumerate(paired.matches, start=1):
        if match.is_bye:
            lines.append(f"  Bye                {who(match.teams[0])}")
            continue
        first = match.first_table or 1
        tables = f"Tables {first}-{first + size - 1}"
        lines.append(f"  Match {k:<3} {tables:<12} {who(match.teams[0])}  v  {who(match.teams[1])}")
        for table in range(first, first + size):
            if table in games:
                a, b = games[table].players
                lines.append(f"      Table {table:<3} {player(a)}  v  {player(b)}")
    return "\n".join(lines)
