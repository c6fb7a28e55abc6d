"""Team standings and the individual ranking (docs/team-matches.md, "Team standings")."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.registry import get_system
from rules_engine.scoring import SideScore
from standings import compute_standings
from standings.records import EventGame, EventPlayer, EventRound
from team_match.scoring import DRAW, LOSS, WIN, DecidingRule, MatchRule, MemberGame, decide_match, team_bye
from team_match.standings import (
    TeamEntry,
    TeamRound,
    TeamStandingsError,
    TieBreak,
    individual_standings,
    team_bye_games,
    team_standings,
)

GAMES_WON = DecidingRule(MatchRule.GAMES_WON)
BYE = SideScore(3, 4)
POINTS = {WIN: (4, 1), DRAW: (2, 2), LOSS: (1, 4)}
STANDARD = get_system("starcraft-tmg").scoring_for("standard")


def match(a: str, b: str, *results: str, rule: DecidingRule = GAMES_WON):
    """A team match of len(results) games, A's results in order; a win is scored 4-1, a
    draw 2-2, a loss 1-4 (a Decisive Victory and a Stalemate at Standard)."""
    games = tuple(MemberGame((f"{a}{i}", f"{b}{i}"), r, POINTS[r]) for i, r in enumerate(results))
    return decide_match(a, b, games, rule)


def teams(*ids: str, **status: TeamEntry) -> list[TeamEntry]:
    return [status.get(i, TeamEntry(i, i.upper())) for i in ids]


# The worked example of docs/team-matches.md ("Team standings"): five teams of three,
# two rounds, the tie-break games won.
#   Round 1: r v b  W W L   r wins 2-1      r 3 (won 2), b 0 (won 1)
#            g v y  W L L   y wins 2-1      g 0 (won 1), y 3 (won 2)
#            w bye          3 points, 3 games won, not counted
#   Round 2: r v y  W D L   a draw 1-1      r 1 (won 1), y 1 (won 1)
#            w v b  W W W   w wins 3-0      w 3 (won 3), b 0 (won 0)
#            g bye          3 points, 3 games won
# Totals: w 6 (won 6), r 4 (won 3), y 4 (won 3), g 3 (won 4), b 0 (won 1).
# r and y are level on points and games won; SoS settles it:
#   r met b (0) and y (4): SoS 4/2 = 2,   oTP (1 + 3)/2 = 2
#   y met g (3) and r (4): SoS 7/2 = 3.5, oTP (4 + 3)/2 = 3.5
# w met only b (the bye is left out): SoS 0, oTP 1. g met y: SoS 4, oTP 3.
# b met r and w: SoS (4 + 6)/2 = 5, oTP (3 + 6)/2 = 4.5.
# Order: 1 w, 2 y, 3 r, 4 g, 5 b.
WORKED = [
    TeamRound(1, (match("r", "b", WIN, WIN, LOSS), match("g", "y", WIN, LOSS, LOSS), team_bye("w", 3, BYE))),
    TeamRound(2, (match("r", "y", WIN, DRAW, LOSS), match("w", "b", WIN, WIN, WIN), team_bye("g", 3, BYE))),
]


def test_the_worked_example():
    table = team_standings(teams("r", "b", "g", "y", "w"), WORKED, tiebreak=TieBreak.GAMES_WON)
    got = [(row.rank, row.team, row.match_points, row.tiebreak, row.sos, row.otp) for row in table.rows]
    assert got == [
        (1, "w", 6, 6, Fraction(0), Fraction(1)),
        (2, "y", 4, 3, Fraction(7, 2), Fraction(7, 2)),
        (3, "r", 4, 3, Fraction(2), Fraction(2)),
        (4, "g", 3, 4, Fraction(4), Fraction(3)),
        (5, "b", 0, 1, Fraction(5), Fraction(9, 2)),
    ]
    assert table["w"].matches[0].counted is False
    assert table["w"].matches[0].excluded_reason == "bye"
    assert table.rounds_played == 2


def test_game_points_as_the_tie_break():
    # Game points: w 12 (bye) + 12 = 24, r 9 + 7 = 16, y 9 + 7 = 16, g 6 + 12 = 18,
    # b 6 + 3 = 9. Points first still: w, then y and r (SoS), g, b. oTP is now the
    # opponents' game points: r met b (9) and y (16): 25/2.
    table = team_standings(teams("r", "b", "g", "y", "w"), WORKED, tiebreak=TieBreak.GAME_POINTS)
    assert [row.team for row in table.rows] == ["w", "y", "r", "g", "b"]
    assert [row.tiebreak for row in table.rows] == [24, 16, 16, 18, 9]
    assert table["r"].otp == Fraction(25, 2)


def test_the_tie_break_comes_before_sos():
    # g has 3 points and 4 games won; with a team on 3 points and fewer games won, g is first.
    rounds = [TeamRound(1, (match("g", "x", WIN, WIN, WIN), match("y", "z", WIN, WIN, LOSS)))]
    table = team_standings(teams("g", "x", "y", "z"), rounds, tiebreak=TieBreak.GAMES_WON)
    assert [row.team for row in table.rows] == ["g", "y", "z", "x"]


def test_teams_equal_on_all_four_share_the_placing():
    rounds = [TeamRound(1, (match("a", "b", WIN, DRAW, LOSS),))]
    table = team_standings(teams("b", "a"), rounds, tiebreak=TieBreak.GAMES_WON)
    assert [(row.rank, row.team) for row in table.rows] == [(1, "a"), (1, "b")]  # listed by name


def test_dropped_keeps_its_place_disqualified_is_listed_last_without_a_rank():
    listed = teams(
        "r",
        "b",
        "g",
        "y",
        "w",
        w=TeamEntry("w", "W", disqualified_after_round=2),
        r=TeamEntry("r", "R", dropped_after_round=2),
    )
    table = team_standings(listed, WORKED, tiebreak=TieBreak.GAMES_WON)
    assert [(row.rank, row.team, row.status) for row in table.rows] == [
        (1, "y", "active"),
        (2, "r", "dropped"),
        (3, "g", "active"),
        (4, "b", "active"),
        (None, "w", "disqualified"),
    ]
    assert table["b"].sos == Fraction(5)  # the disqualified team still counts for its opponents


@pytest.mark.parametrize(
    ("listed", "rounds", "code"),
    [
        (teams("r", "r"), [], "team-twice"),
        (teams("r", "b"), [TeamRound(1, (match("r", "x", WIN, WIN, WIN),))], "unknown-team"),
        (
            teams("r", "b", "g"),
            [TeamRound(1, (match("r", "b", WIN, WIN, WIN), team_bye("r", 3, BYE)))],
            "team-twice",
        ),
        (teams("r", "b"), [TeamRound(1, ()), TeamRound(1, ())], "round-twice"),
    ],
)
def test_errors_have_stable_codes(listed, rounds, code):
    with pytest.raises(TeamStandingsError) as excinfo:
        team_standings(listed, rounds, tiebreak=TieBreak.GAMES_WON)
    assert excinfo.value.code == code


# ---------------------------------------------------------------------------- individual


def member(pid: str) -> EventPlayer:
    return EventPlayer(id=pid, name=pid.title())


RED = TeamEntry("red", "Red", (member("ann"), member("ben"), member("cy")))
BLUE = TeamEntry("blue", "Blue", (member("fay"), member("gus"), member("hal")))
GOLD = TeamEntry("gold", "Gold", (member("ida"), member("jo"), member("kim")))


def test_the_individual_ranking_is_the_player_engines():
    # Round 1: Red v Blue, Gold has the bye (a player's bye each). Round 2: Red v Gold.
    rounds = [
        EventRound(
            1,
            (
                EventGame(("ann", "fay"), vp=(12, 3)),
                EventGame(("ben", "gus"), vp=(5, 9)),
                EventGame(("cy", "hal"), vp=(7, 7)),
                *team_bye_games(GOLD),
            ),
        ),
        EventRound(
            2,
            (
                EventGame(("ann", "ida"), vp=(10, 0)),
                EventGame(("ben", "jo"), vp=(4, 4)),
                EventGame(("cy", "kim"), outcome="concession", loser="kim"),
                *team_bye_games(BLUE),
            ),
        ),
    ]
    table = individual_standings([RED, BLUE, GOLD], rounds, STANDARD)
    players = [*RED.members, *BLUE.members, *GOLD.members]
    assert table == compute_standings(players, rounds, STANDARD)
    # Ann: a Decisive Victory (3 MP 4 TP) and an Annihilation (3 MP 5 TP): first.
    assert (table.rows[0].player, table.rows[0].mp, table.rows[0].tp) == ("ann", 6, 9)
    assert [g.outcome for g in table["ida"].games] == ["bye", "played"]


def test_a_members_status_follows_the_team():
    dropped = TeamEntry("red", "Red", RED.members, dropped_after_round=1)
    banned = TeamEntry("blue", "Blue", BLUE.members, disqualified_after_round=1)
    table = individual_standings([dropped, banned], [], STANDARD)
    assert table["ann"].status == "dropped"
    assert table["fay"].status == "disqualified"
    assert table["fay"].rank is None


def test_teammates_never_meet_and_a_player_is_in_one_team():
    rounds = [EventRound(1, (EventGame(("ann", "ben"), vp=(1, 0)),))]
    with pytest.raises(TeamStandingsError) as excinfo:
        individual_standings([RED, BLUE], rounds, STANDARD)
    assert excinfo.value.code == "teammates-met"
    with pytest.raises(TeamStandingsError) as excinfo:
        individual_standings([RED, TeamEntry("x", "X", (member("ann"),))], [], STANDARD)
    assert excinfo.value.code == "team-twice"


# ---------------------------------------------------------------------------- properties


@st.composite
def events(draw: st.DrawFn) -> tuple[list[TeamEntry], list[TeamRound]]:
    count = draw(st.integers(2, 9))
    ids = [f"t{i}" for i in range(count)]
    listed = [
        TeamEntry(
            i,
            draw(st.sampled_from(["Red", "Blue", "Gold"])),  # repeated names on purpose
            disqualified_after_round=draw(st.sampled_from([None, None, None, 1])),
        )
        for i in ids
    ]
    rounds = []
    for number in range(1, draw(st.integers(0, 5)) + 1):
        order = draw(st.permutations(ids))
        matches = []
        for k in range(0, len(order) - 1, 2):
            results = draw(st.lists(st.sampled_from([WIN, DRAW, LOSS]), min_size=3, max_size=3))
            rule = draw(st.sampled_from([GAMES_WON, DecidingRule(MatchRule.GAME_POINTS, 2)]))
            matches.append(match(order[k], order[k + 1], *results, rule=rule))
        if len(order) % 2:
            matches.append(team_bye(order[-1], 3, BYE))
        rounds.append(TeamRound(number, tuple(matches)))
    return listed, rounds


@settings(max_examples=120, deadline=None)
@given(event=events(), tiebreak=st.sampled_from(list(TieBreak)), seed=st.integers(0, 2**32))
def test_the_order_does_not_depend_on_the_order_of_the_input(event, tiebreak, seed):
    listed, rounds = event
    shuffle = random.Random(seed)
    shuffled_teams = shuffle.sample(listed, len(listed))
    shuffled_rounds = [TeamRound(r.number, tuple(shuffle.sample(r.matches, len(r.matches)))) for r in rounds]
    shuffle.shuffle(shuffled_rounds)
    expected = team_standings(listed, rounds, tiebreak=tiebreak)
    assert team_standings(shuffled_teams, shuffled_rounds, tiebreak=tiebreak) == expected


@settings(max_examples=120, deadline=None)
@given(event=events(), tiebreak=st.sampled_from(list(TieBreak)))
def test_the_order_is_the_four_keys_and_ranks_are_shared_only_on_a_full_tie(event, tiebreak):
    listed, rounds = event
    table = team_standings(listed, rounds, tiebreak=tiebreak)
    placed = table.placed
    keys = [(-r.match_points, -r.tiebreak, -r.sos, -r.otp) for r in placed]
    assert keys == sorted(keys)
    for position, (row, key) in enumerate(zip(placed, keys, strict=True), start=1):
        assert row.rank == 1 + sum(1 for other in keys if other < key)
        assert position >= (row.rank or 0)
    assert all(row.rank is None for row in table.rows if not row.placed)
    # Every match hands out 3 points, or 2 when drawn; a bye 3.
    handed = sum(side.match_points for r in rounds for m in r.matches for side in m.sides)
    assert sum(row.match_points for row in table.rows) == handed
