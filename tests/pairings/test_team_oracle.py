"""The team pairing against the brute-force oracle (docs/team-matches.md, "Pairing a round").

Random team histories (teams of 3 to 8, rounds of matches decided or left unfinished, byes,
drops and disqualifications) go through the web's path, `decided_matches` -> `team_request`
-> `pair_teams`; the engine's objective must equal the oracle's optimum exactly, as
tests/pairings/test_oracle.py holds it for players. Alongside: `team_request` restates the
history (team match points, byes, every team met, who is absent), and `table_block` and
`pair_team_event` put match k on the k-th block of adjacent tables.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings

from pairings.engine import PairingRequest
from pairings.engine.teams import pair_team_event, pair_teams, table_block, team_request
from rules_engine.registry import get_system
from team_match.record import decided_matches
from team_match.standings import TeamEntry, TeamRound
from tests.pairings.oracle import best_pairings
from tests.pairings.team_histories import History, team_histories

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STANDARD = get_system("starcraft-tmg").scoring_for("standard")


def request_of(history: History) -> PairingRequest:
    rounds = decided_matches(history.record, history.teams, STANDARD)
    met = [m.teams for found in history.teams.matches.values() for m in found if not m.is_bye]
    return team_request(
        history.teams.teams,
        rounds,
        met=[(a, b) for a, b in met],
        number=history.number,
        seed=history.seed,
    )


def absent(team: TeamEntry, number: int) -> bool:
    last = number - 1
    return any(r is not None and r <= last for r in (team.dropped_after_round, team.disqualified_after_round))


@SETTINGS
@given(team_histories())
def test_the_team_pairing_reaches_the_oracles_optimum(history: History) -> None:
    request = request_of(history)
    assume(request.entrants)
    pairing = pair_teams(request)
    best, _ = best_pairings(request)
    assert pairing.report.objective.matching == best
    placed = [t for game in pairing.games for t in game.players]
    assert sorted(placed) == sorted(e.id for e in request.entrants)  # each team once
    assert sum(game.is_bye for game in pairing.games) == len(request.entrants) % 2


@SETTINGS
@given(team_histories())
def test_the_request_restates_the_history(history: History) -> None:
    request = request_of(history)
    number = history.number
    expected = [t.id for t in history.teams.teams if not absent(t, number)]
    assert [e.id for e in request.entrants] == expected
    assert {a.player for a in request.absent} == {t.id for t in history.teams.teams if absent(t, number)}
    for entrant in request.entrants:
        assert entrant.mp == history.points[entrant.id]
        assert entrant.byes == history.byes[entrant.id]
        # Every team it was paired with, decided or not.
        assert entrant.opponents == frozenset(history.met[entrant.id])


@SETTINGS
@given(team_histories(max_teams=8, max_rounds=2))
def test_a_file_pairs_each_match_on_its_block_of_tables(history: History) -> None:
    request = request_of(history)
    assume(request.entrants)
    paired = pair_team_event(history.record, history.teams, seed=history.seed)
    size = history.teams.rules.size
    played = [m for m in paired.matches if not m.is_bye]
    assert [m.first_table for m in played] == [table_block(k, size)[0] for k in range(1, len(played) + 1)]
    assert all(m.is_bye for m in paired.matches[len(played) :])
    assert paired.pairing.report.objective.matching == best_pairings(request)[0]


# --- team_request, by hand ------------------------------------------------------------


def teams(*ids: str, **leave: TeamEntry) -> list[TeamEntry]:
    return [leave.get(i, TeamEntry(i, i.upper())) for i in ids]


def test_team_request_counts_points_byes_and_every_team_met() -> None:
    from team_match.scoring import WIN, team_bye
    from tests.team_match.test_standings import BYE as BYE_SCORE
    from tests.team_match.test_standings import match

    rounds = [
        TeamRound(1, (match("a", "b", WIN, WIN, WIN), team_bye("c", 3, BYE_SCORE))),
        TeamRound(2, (match("c", "a", WIN, WIN, WIN),)),
    ]
    # Round 2's b v d was paired and left unfinished: not decided, but met.
    request = team_request(
        teams("a", "b", "c", "d"), rounds, met=[("a", "b"), ("c", "a"), ("b", "d")], number=3
    )
    entrants = {e.id: e for e in request.entrants}
    assert {t: e.mp for t, e in entrants.items()} == {"a": 3, "b": 0, "c": 6, "d": 0}
    assert entrants["c"].byes == 1
    assert entrants["a"].opponents == {"b", "c"}
    assert entrants["d"].opponents == {"b"}
    assert entrants["b"].opponents == {"a", "d"}
    assert entrants["a"].name == "A"
    assert request.number == 3


def test_team_request_leaves_out_teams_gone_before_the_round() -> None:
    listed = teams(
        "a",
        "b",
        "c",
        "d",
        b=TeamEntry("b", "B", dropped_after_round=1),
        c=TeamEntry("c", "C", disqualified_after_round=2),
        d=TeamEntry("d", "D", dropped_after_round=2),
    )
    second = team_request(listed, [], number=2)
    assert [e.id for e in second.entrants] == ["a", "c", "d"]  # dropped after round 1: gone
    assert [(x.player, x.reason) for x in second.absent] == [("b", "dropped after round 1")]
    third = team_request(listed, [], number=3)
    assert [e.id for e in third.entrants] == ["a"]
    assert {x.player: x.reason for x in third.absent} == {
        "b": "dropped after round 1",
        "c": "disqualified after round 2",
        "d": "dropped after round 2",
    }


def test_team_request_ignores_rounds_from_the_round_on() -> None:
    from team_match.scoring import WIN
    from tests.team_match.test_standings import match

    later = [TeamRound(3, (match("a", "b", WIN, WIN, WIN),))]
    request = team_request(teams("a", "b"), later, number=3)
    assert all(e.mp == 0 and not e.opponents for e in request.entrants)


@pytest.mark.parametrize(
    ("match", "size", "tables"),
    [(1, 3, (1, 2, 3)), (2, 3, (4, 5, 6)), (3, 5, (11, 12, 13, 14, 15)), (2, 8, tuple(range(9, 17)))],
)
def test_table_block(match: int, size: int, tables: tuple[int, ...]) -> None:
    assert table_block(match, size) == tables


@pytest.mark.parametrize(("match", "size"), [(0, 3), (1, 0), (-1, 3)])
def test_table_block_counts_from_one(match: int, size: int) -> None:
    with pytest.raises(ValueError, match="count from 1"):
        table_block(match, size)
