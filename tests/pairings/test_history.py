"""Deriving MP, byes, opponents and tables from an event/1 file (OP Guide: Scoring a Game, Drops)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from pairings.engine import request_from_event
from standings.eventfile import EventFileError, parse_event
from tests.pairings.helpers import event
from tests.standings.test_properties import events

PLAYERS = [{"id": p, "name": p.upper()} for p in "abcdefghij"]


def history():
    return parse_event(
        event(
            PLAYERS,
            [
                {
                    "number": 1,
                    "games": [
                        {"table": 1, "players": ["a", "b"], "vp": [12, 3]},  # 9: Decisive Victory, 3-0
                        {"table": 2, "players": ["c", "d"], "vp": [5, 4]},  # 1: Stalemate, 1-1
                        {"table": 3, "players": ["e", "f"], "outcome": "concession", "loser": "e"},
                        {"table": 4, "players": ["g", "h"], "outcome": "game-loss", "loser": "h"},
                        {"players": ["i"], "outcome": "bye"},
                    ],
                },
                {
                    "number": 2,
                    "games": [
                        {"table": 2, "players": ["a", "c"], "vp": [0, 10]},
                        {"table": 1, "players": ["b", "i"], "outcome": "no-show", "loser": "b"},
                        {"table": 3, "players": ["d", "e"], "vp": [3, 3]},
                        {"players": ["j"], "outcome": "bye"},
                    ],
                },
            ],
            tables=[{"number": 1, "layout": "Map 3"}, {"number": 2, "layout": "Map 5"}, {"number": 3}],
        )
    )


def test_match_points_come_from_the_scoring_table():
    req = request_from_event(history())
    mp = {e.id: e.mp for e in req.entrants}
    # a: win 3 + loss 0; c: stalemate 1 + win 3; d: 1 + 1; f: concession win 3;
    # g: opponent's Game Loss 3; i: bye 3 + no-show win (scored as a bye) 3; j: bye 3; e, h: 0 + 0.
    assert mp == {"a": 3, "c": 4, "d": 2, "e": 1, "f": 3, "g": 3, "h": 0, "i": 6, "j": 3}
    assert req.number == 3


def test_byes_count_only_real_byes_not_walkovers():
    byes = {e.id: e.byes for e in request_from_event(history()).entrants}
    assert byes["i"] == 1
    assert byes["j"] == 1
    assert byes["a"] == 0


def test_opponents_and_tables_played():
    entrants = {e.id: e for e in request_from_event(history()).entrants}
    assert entrants["a"].opponents == {"b", "c"}
    assert entrants["i"].opponents == {"b"}  # a no-show still counts as having been paired
    assert entrants["a"].tables == {1, 2}
    assert entrants["a"].layouts == {"Map 3", "Map 5"}
    assert entrants["e"].layouts == set()  # table 3 has no layout named


def test_no_show_player_is_dropped():
    req = request_from_event(history())
    assert "b" not in {e.id for e in req.entrants}
    assert [(a.player, a.reason) for a in req.absent] == [("b", "dropped: did not appear in round 2")]


def test_no_show_who_played_on_is_not_dropped():
    doc = event(
        [{"id": p, "name": p} for p in "abcd"],
        [
            {
                "number": 1,
                "games": [
                    {"players": ["a", "b"], "outcome": "no-show", "loser": "a"},
                    {"players": ["c", "d"], "vp": [1, 0]},
                ],
            },
            {
                "number": 2,
                "games": [{"players": ["a", "c"], "vp": [1, 0]}, {"players": ["b", "d"], "vp": [1, 0]}],
            },
        ],
    )
    assert "a" in {e.id for e in request_from_event(parse_event(doc)).entrants}


def test_drop_announced_for_a_later_round_still_plays_now():
    doc = event(
        [{"id": "a", "name": "A", "dropped_after_round": 2}, {"id": "b", "name": "B"}],
        [{"number": 1, "games": [{"players": ["a", "b"], "vp": [1, 0]}]}],
    )
    assert {e.id for e in request_from_event(parse_event(doc)).entrants} == {"a", "b"}


def test_spare_keeps_its_own_match_points():
    doc = event(
        [
            {"id": "hj", "name": "Head Judge", "spare": True},
            {"id": "b", "name": "B"},
            {"id": "c", "name": "C"},
        ],
        [
            {
                "number": 1,
                "games": [{"players": ["hj", "b"], "vp": [10, 0]}, {"players": ["c"], "outcome": "bye"}],
            }
        ],
    )
    hj = next(e for e in request_from_event(parse_event(doc)).entrants if e.id == "hj")
    assert hj.spare
    assert hj.mp == 3


def test_unknown_game_system_is_an_event_file_error():
    doc = event(PLAYERS[:2], [], game_system="chess")
    with pytest.raises(EventFileError, match="unknown game system 'chess'"):
        request_from_event(parse_event(doc))


def test_event_without_tables_leaves_numbering_to_the_engine():
    assert request_from_event(parse_event(event(PLAYERS[:2], []))).tables is None


@given(events())
@settings(max_examples=150, deadline=None)
def test_match_points_equal_every_game_scored_on_its_own(event_file):
    """request_from_event scores each distinct result once: the MP must still be
    each player's sum of score_game over their games, sides and outcomes of every kind."""
    from rules_engine.registry import get_system
    from standings.game_scores import score_game

    scoring = get_system("starcraft-tmg").scoring_for(event_file.scale)
    expected: dict[str, int] = {p.id: 0 for p in event_file.players}
    for round_ in event_file.rounds:
        for game in round_.games:
            for result in score_game(game, scoring):
                expected[result.player] += result.mp
    request = request_from_event(event_file)
    assert request.entrants or not event_file.players or request.absent
    for entrant in request.entrants:
        assert entrant.mp == expected[entrant.id], entrant.id


def test_the_same_result_from_either_side_scores_each_side():
    """Two games with the same VP the other way round, and a concession by either seat."""
    doc = parse_event(
        event(
            PLAYERS[:8],
            [
                {
                    "number": 1,
                    "games": [
                        {"players": ["a", "b"], "vp": [12, 3]},
                        {"players": ["c", "d"], "vp": [3, 12]},
                        {"players": ["e", "f"], "outcome": "concession", "loser": "e"},
                        {"players": ["g", "h"], "outcome": "concession", "loser": "h"},
                    ],
                }
            ],
        )
    )
    mp = {e.id: e.mp for e in request_from_event(doc).entrants}
    assert mp == {"a": 3, "b": 0, "c": 0, "d": 3, "e": 0, "f": 3, "g": 3, "h": 0}
