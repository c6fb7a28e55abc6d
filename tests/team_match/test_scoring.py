"""Deciding a team match (docs/team-matches.md, "Deciding a team match")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.registry import get_system
from rules_engine.scoring import SideScore
from standings.records import EventGame
from team_match.scoring import (
    DRAW,
    LOSS,
    WIN,
    DecidingRule,
    MatchRule,
    MemberGame,
    ScoringError,
    decide_match,
    member_game,
    mirrored,
    team_bye,
)

GAMES_WON = DecidingRule(MatchRule.GAMES_WON)
STANDARD = get_system("starcraft-tmg").scoring_for("standard")

# The worked example of docs/team-matches.md: the five games the captains' protocol made
# (tests/team_match/test_protocol.py), from team A's (Red's) side, at Standard.
#   Ann v Hal 12-3  Decisive Victory   A wins  4-1
#   Cy  v Fay  9-5  Breakthrough       A wins  3-2
#   Dee v Ida  0-10 Annihilation       B wins  0-5
#   Eli v Jo   6-6  Stalemate          draw    2-2
#   Ben v Gus  2-9  Decisive Victory   B wins  1-4
WORKED = (
    MemberGame(("ann", "hal"), WIN, (4, 1)),
    MemberGame(("cy", "fay"), WIN, (3, 2)),
    MemberGame(("dee", "ida"), LOSS, (0, 5)),
    MemberGame(("eli", "jo"), DRAW, (2, 2)),
    MemberGame(("ben", "gus"), LOSS, (1, 4)),
)
WORKED_VP = ((12, 3), (9, 5), (0, 10), (6, 6), (2, 9))


def test_the_worked_games_are_what_the_game_system_scores():
    made = tuple(
        member_game(EventGame(players=game.players, vp=vp), STANDARD)
        for game, vp in zip(WORKED, WORKED_VP, strict=True)
    )
    assert made == WORKED


def test_games_won_two_each_is_a_draw():
    # Games won 2 (Ann, Cy) to 2 (Ida, Gus), one drawn: a draw, 1 team match point each.
    result = decide_match("red", "blue", WORKED, GAMES_WON)
    red, blue = result.sides
    assert (red.result, red.match_points, red.games_won, red.games_drawn, red.games_lost) == (
        DRAW,
        1,
        2,
        1,
        2,
    )
    assert (blue.result, blue.match_points, blue.games_won) == (DRAW, 1, 2)
    assert (red.game_points, blue.game_points) == (10, 14)


@pytest.mark.parametrize(("margin", "red_result"), [(0, LOSS), (3, LOSS), (4, DRAW), (9, DRAW)])
def test_game_points_with_a_draw_margin(margin, red_result):
    # Game points 4+3+0+2+1 = 10 against 1+2+5+2+4 = 14: Blue by 4. A margin of 3 or less
    # leaves Blue the winner (3 points, Red 0); 4 or more makes it a draw.
    result = decide_match("red", "blue", WORKED, DecidingRule(MatchRule.GAME_POINTS, draw_margin=margin))
    assert result.side("red").result == red_result
    assert result.side("red").match_points == {LOSS: 0, DRAW: 1}[red_result]
    assert result.side("blue").match_points == {LOSS: 3, DRAW: 1}[red_result]


def test_three_games_won_to_one_wins_the_match():
    games = (*WORKED[:3], MemberGame(("eli", "jo"), WIN, (3, 2)), WORKED[4])
    # Red wins Ann's, Cy's and Eli's games, Blue Ida's and Gus's: Red 3-2, 3 points to 0.
    result = decide_match("red", "blue", games, GAMES_WON)
    assert [(s.result, s.match_points) for s in result.sides] == [(WIN, 3), (LOSS, 0)]


def test_member_game_reads_the_game_systems_scoring():
    # 12-3 at Standard is a Decisive Victory: 3 MP 4 TP to 0 MP 1 TP.
    made = member_game(EventGame(players=("ann", "fay"), vp=(12, 3)), STANDARD)
    assert made == MemberGame(("ann", "fay"), WIN, (4, 1))
    # Oriented from team A when A's player is seated second.
    flipped = member_game(EventGame(players=("fay", "ann"), vp=(3, 12)), STANDARD, a_player="ann")
    assert flipped == made
    drawn = member_game(EventGame(players=("dee", "ida"), vp=(6, 7)), STANDARD)
    assert drawn == MemberGame(("dee", "ida"), DRAW, (2, 2))
    neither = member_game(EventGame(players=("dee", "ida"), outcome="double-no-show"), STANDARD)
    assert neither == MemberGame(("dee", "ida"), DRAW, (0, 0))
    with pytest.raises(ScoringError):
        member_game(EventGame(players=("dee",), outcome="bye"), STANDARD)
    with pytest.raises(ScoringError):
        member_game(EventGame(players=("dee", "ida"), vp=(1, 1)), STANDARD, a_player="zed")


def test_a_team_bye_is_a_win_with_a_players_bye_per_game():
    # Teams of 5, the bye worth 3 MP 4 TP to a player: 3 team points, 5 games won, 20 game points.
    result = team_bye("red", 5, SideScore(3, 4))
    assert result.is_bye
    (side,) = result.sides
    assert (side.result, side.match_points, side.games_won, side.game_points) == (WIN, 3, 5, 20)


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: decide_match("red", "red", WORKED, GAMES_WON), "same-team"),
        (lambda: decide_match("red", "blue", (), GAMES_WON), "no-games"),
        (lambda: decide_match("red", "blue", (WORKED[0], WORKED[0]), GAMES_WON), "player-twice"),
        (
            lambda: decide_match("red", "blue", (MemberGame(("a", "b"), "won", (1, 1)),), GAMES_WON),
            "bad-result",
        ),
        (
            lambda: decide_match("red", "blue", (MemberGame(("a", "b"), WIN, (-1, 1)),), GAMES_WON),
            "bad-points",
        ),
        (lambda: DecidingRule(MatchRule.GAME_POINTS, draw_margin=-1), "bad-margin"),
        (lambda: DecidingRule(MatchRule.GAMES_WON, draw_margin=2), "bad-margin"),
        (lambda: team_bye("red", 0, SideScore(3, 4)), "no-games"),
    ],
)
def test_errors_have_stable_codes(call, code):
    with pytest.raises(ScoringError) as excinfo:
        call()
    assert excinfo.value.code == code


# ---------------------------------------------------------------------------- properties

member_games = st.lists(
    st.builds(
        MemberGame,
        st.just(("", "")),
        st.sampled_from((WIN, DRAW, LOSS)),
        st.tuples(st.integers(0, 5), st.integers(0, 5)),
    ),
    min_size=3,
    max_size=8,
).map(lambda games: tuple(MemberGame((f"a{i}", f"b{i}"), g.result, g.points) for i, g in enumerate(games)))
rules = st.one_of(
    st.just(GAMES_WON), st.builds(DecidingRule, st.just(MatchRule.GAME_POINTS), st.integers(0, 10))
)


@given(games=member_games, rule=rules)
def test_swapping_the_teams_mirrors_the_result(games, rule):
    forward = decide_match("red", "blue", games, rule)
    backward = decide_match("blue", "red", tuple(g.mirrored() for g in games), rule)
    assert backward == mirrored(forward)
    assert backward.side("red") == forward.side("red")


@given(games=member_games, rule=rules)
def test_a_draw_exactly_when_level_and_the_points_add_up(games, rule):
    result = decide_match("red", "blue", games, rule)
    red, blue = result.sides
    if rule.rule is MatchRule.GAMES_WON:
        level = red.games_won == blue.games_won
        ahead = red.games_won > blue.games_won
    else:
        level = abs(red.game_points - blue.game_points) <= rule.draw_margin
        ahead = red.game_points > blue.game_points
    assert (red.result == DRAW) == level
    assert (blue.result == DRAW) == level
    if not level:
        assert red.result == (WIN if ahead else LOSS)
    assert red.match_points + blue.match_points == (2 if level else 3)
    assert red.games_won + red.games_drawn + red.games_lost == len(games)
    assert (red.games_won, red.games_lost) == (blue.games_lost, blue.games_won)
