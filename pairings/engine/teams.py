"""Pairing a team tournament: teams are the Swiss engine's entrants (docs/team-matches.md).

The same optimal engine pairs them as it pairs players (docs/pairing.md): team match
points in the place of Match Points, no team rematch while one can be avoided, the bye to a
team among the lowest that has had none. Its "tables" are match numbers: match k plays on
the k-th block of N adjacent tables (`table_block`), so a team has no table history of its
own to vary.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from pairings.engine.model import Absence, Entrant, PairingRequest
from pairings.engine.pairing import pair_round
from pairings.engine.report import Pairing
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
