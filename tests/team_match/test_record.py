"""A team tournament's record (team_match.record): its matches decided from the members'
games, as the team standings and the team pairing read them (docs/team-matches.md)."""

from __future__ import annotations

from rules_engine.registry import get_system
from standings.records import BYE, EventFile, EventGame, EventPlayer, EventRound
from team_match.record import MatchRecord, TeamEvent, TeamEventRules, decided_matches, team_event_standings
from team_match.scoring import MatchRule
from team_match.standings import TeamEntry, TieBreak

STANDARD = get_system("starcraft-tmg").scoring_for("standard")
RED, BLUE, GOLD = ("r1", "r2", "r3"), ("b1", "b2", "b3"), ("g1", "g2", "g3")


def team(team_id: str, ids: tuple[str, ...]) -> TeamEntry:
    return TeamEntry(team_id, team_id.capitalize(), tuple(EventPlayer(i, i.upper()) for i in ids))


TEAMS = (team("red", RED), team("blue", BLUE), team("gold", GOLD))


def record(*games: EventGame) -> EventFile:
    return EventFile(
        name="",
        game_system="starcraft-tmg",
        scale="standard",
        kind="competitive",
        tables=(),
        players=tuple(m for t in TEAMS for m in t.members),
        rounds=(EventRound(1, games),),
    )


def event(rule: MatchRule = MatchRule.GAMES_WON, margin: int = 0) -> TeamEvent:
    return TeamEvent(
        rules=TeamEventRules(size=3, rule=rule, draw_margin=margin),
        teams=TEAMS,
        matches={1: (MatchRecord(("red", "blue"), first_table=1), MatchRecord(("gold",)))},
    )


GOLD_BYE = tuple(EventGame((g,), outcome=BYE) for g in GOLD)


def test_a_match_counts_only_once_all_its_games_have_a_result():
    two_games = record(EventGame(("r1", "b1"), vp=(10, 2)), EventGame(("r2", "b2"), vp=(10, 2)), *GOLD_BYE)
    (round_,) = decided_matches(two_games, event(), STANDARD)
    assert [m.teams for m in round_.matches] == [("gold",)]  # the bye at once; red v blue not yet
    three = record(
        EventGame(("r1", "b1"), vp=(10, 2)),
        EventGame(("r2", "b2"), vp=(10, 2)),
        EventGame(("r3", "b3"), vp=(2, 10)),
        *GOLD_BYE,
    )
    (round_,) = decided_matches(three, event(), STANDARD)
    match, bye = round_.matches
    assert match.teams == ("red", "blue")
    assert [(s.team, s.result, s.games_won, s.match_points) for s in match.sides] == [
        ("red", "win", 2, 3),
        ("blue", "loss", 1, 0),
    ]
    assert bye.is_bye
    assert (bye.sides[0].games_won, bye.sides[0].match_points) == (3, 3)
    assert bye.sides[0].game_points == 3 * STANDARD.bye.tp


def test_a_game_named_with_team_bs_member_first_is_read_from_team_as_side():
    forward = record(
        EventGame(("r1", "b1"), vp=(10, 2)),
        EventGame(("r2", "b2"), vp=(3, 9)),
        EventGame(("r3", "b3"), vp=(12, 3)),
    )
    reversed_order = record(
        EventGame(("b1", "r1"), vp=(2, 10)),  # the same games, Blue's member named first
        EventGame(("r2", "b2"), vp=(3, 9)),
        EventGame(("b3", "r3"), vp=(3, 12)),
    )
    (one,) = decided_matches(forward, event(MatchRule.GAME_POINTS), STANDARD)
    (two,) = decided_matches(reversed_order, event(MatchRule.GAME_POINTS), STANDARD)
    assert one.matches[0] == two.matches[0]
    red, blue = one.matches[0].sides
    assert red.team == "red"
    assert red.games_won == 2
    assert red.game_points > blue.game_points


def test_games_between_other_teams_do_not_count_for_a_match():
    stray = record(
        EventGame(("r1", "g1"), vp=(10, 2)),  # red v gold: not this round's match
        EventGame(("r2", "b2"), vp=(10, 2)),
        EventGame(("r3", "b3"), vp=(10, 2)),
    )
    (round_,) = decided_matches(stray, event(), STANDARD)
    assert [m.teams for m in round_.matches] == [("gold",)]


def test_the_tiebreak_follows_the_deciding_rule():
    assert event().rules.tiebreak is TieBreak.GAMES_WON
    assert event(MatchRule.GAME_POINTS, 2).rules.tiebreak is TieBreak.GAME_POINTS
    assert event(MatchRule.GAME_POINTS, 2).rules.deciding.draw_margin == 2


def test_team_event_standings_ranks_the_decided_matches():
    played = record(
        EventGame(("r1", "b1"), vp=(10, 2)),
        EventGame(("r2", "b2"), vp=(6, 6)),
        EventGame(("r3", "b3"), vp=(6, 6)),
        *GOLD_BYE,
    )
    standings = team_event_standings(played, event(), STANDARD)
    assert [(row.team, row.match_points, row.rank) for row in standings.rows] == [
        ("gold", 3, 1),
        ("red", 3, 2),
        ("blue", 0, 3),
    ]
    assert event().team_of()["b2"] == "blue"
