"""Reading and writing a team tournament's event/1 keys (team_match.eventfile): every problem
refused with its place in the file, and what is written reads back the same."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from standings.eventfile import parse_event
from standings.records import EventFileError
from team_match import protocol
from team_match.eventfile import (
    match_to_json,
    read_team_event,
    revealed_only,
    rules_to_json,
    team_event_to_json,
)
from team_match.scoring import MatchRule

RED, BLUE, GOLD = ["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"]


def base() -> dict[str, Any]:
    """Three teams of three; round 1: Red v Blue (the protocol, complete), Gold's bye."""
    state = protocol.start(RED, BLUE)
    while not state.complete:
        for side in protocol.waiting_for(state):
            state = protocol.choose(state, side, protocol.default_choice(state, side))
    games = [{"table": 1 + k, "players": list(pair), "vp": [10, 2]} for k, pair in enumerate(state.games)]
    return {
        "format": "event/1",
        "game_system": "starcraft-tmg",
        "scale": "standard",
        "players": [{"id": p, "name": p.upper()} for p in RED + BLUE + GOLD],
        "team_event": {"size": 3},
        "teams": [
            {"id": "red", "name": "Red", "members": RED},
            {"id": "blue", "name": "Blue", "members": BLUE, "captain": "b2"},
            {"id": "gold", "name": "Gold", "members": GOLD, "dropped_after_round": 1, "colour": "gold"},
        ],
        "rounds": [
            {
                "number": 1,
                "games": [*games, *({"players": [p], "outcome": "bye"} for p in GOLD)],
                "matches": [
                    {"teams": ["red", "blue"], "first_table": 1, "protocol": protocol.to_json(state)},
                    {"teams": ["gold"], "note": "kept"},
                ],
            }
        ],
    }


def read(doc: dict[str, Any]) -> Any:
    return read_team_event(parse_event(doc))


def test_a_team_file_reads_into_the_team_event():
    team = read(base())
    assert team is not None
    assert team.rules.size == 3
    assert team.rules.rule is MatchRule.GAMES_WON  # the defaults: games won, the protocol, 3 minutes
    assert (team.rules.pairing, team.rules.step_minutes, team.rules.draw_margin) == ("protocol", 3, 0)
    red, blue, gold = team.teams
    assert [m.id for m in red.members] == RED
    assert red.captain == "a1"  # the first member when the file names none
    assert blue.captain == "b2"
    assert gold.dropped_after_round == 1
    assert gold.extra == {"colour": "gold"}
    match, bye = team.matches[1]
    assert match.teams == ("red", "blue")
    assert match.first_table == 1
    assert match.pairing == "protocol"
    assert bye.is_bye
    assert bye.extra == {"note": "kept"}


def test_what_is_written_reads_back_the_same():
    team = read(base())
    doc = base()
    doc.update(team_event_to_json(team))
    doc["rounds"][0]["matches"] = [match_to_json(m) for m in team.matches[1]]
    assert read(doc) == team
    assert rules_to_json(team.rules) == {
        "size": 3,
        "rule": "games-won",
        "draw_margin": 0,
        "pairing": "protocol",
        "distinct_factions": False,
        "step_minutes": 3,
    }


def test_a_file_of_one_player_a_side_has_no_team_event():
    doc = base()
    for key in ("team_event", "teams"):
        doc.pop(key)
    doc["rounds"][0].pop("matches")
    assert read(doc) is None
    doc["teams"] = []
    with pytest.raises(EventFileError, match="teams: a file with teams says how they play in team_event"):
        read(doc)


Change = Callable[[dict[str, Any]], Any]
BAD: list[tuple[Change, str]] = [
    (lambda d: d.update(team_event=[]), "team_event must be a JSON object"),
    (lambda d: d["team_event"].update(colour=1), "team_event.colour is not a team tournament setting"),
    (lambda d: d["team_event"].pop("size"), "team_event.size (the players per team, 3 to 8) is missing"),
    (lambda d: d["team_event"].update(size=2), "team_event.size must be a whole number from 3 to 8"),
    (lambda d: d["team_event"].update(draw_margin=2), "team_event.draw_margin applies only to"),
    (lambda d: d["team_event"].update(pairing="dice"), "team_event.pairing must be one of"),
    (
        lambda d: d["team_event"].update(step_minutes=61),
        "team_event.step_minutes must be a whole number from 1",
    ),
    (lambda d: d["team_event"].update(distinct_factions="yes"), "team_event.distinct_factions must be true"),
    (lambda d: d.update(teams={}), "teams must be a JSON array"),
    (lambda d: d["teams"][1].update(id="red"), "teams[1].id: team 'red' is listed twice"),
    (lambda d: d["teams"][1].update(name="RED"), "teams[1].name: 'RED' is already the name of team 'red'"),
    (lambda d: d["teams"][0].update(name=" "), "teams[0].name must be a non-empty string"),
    (lambda d: d["teams"][0]["members"].append("c1"), "teams[0].members must list the team's 3 players"),
    (lambda d: d["teams"][0]["members"].__setitem__(2, "zz"), "teams[0].members[2] must name one of"),
    (lambda d: d["teams"][2]["members"].__setitem__(0, "a1"), "teams[2].members[0]: player 'a1' is already"),
    (lambda d: d["teams"][0].update(captain="b1"), "teams[0].captain must be one of the team's members"),
    (lambda d: d["teams"][0].update(dropped_after_round=-1), "teams[0].dropped_after_round must be"),
    (lambda d: d["rounds"][0].update(matches={}), "round 1.matches must be a JSON array"),
    (lambda d: d["rounds"][0]["matches"][0].update(teams=[]), "round 1.matches[0].teams must name two teams"),
    (lambda d: d["rounds"][0]["matches"][1].update(teams=["red"]), "round 1.matches[1].teams[0]: team 'red'"),
    (lambda d: d["rounds"][0]["matches"][1].update(first_table=7), "round 1.matches[1].first_table: a bye"),
    (lambda d: d["rounds"][0]["matches"][0].update(first_table=0), "round 1.matches[0].first_table must be"),
    (
        lambda d: d["rounds"][0]["matches"][0].update(pairing="organiser"),
        "only a match paired by the captains",
    ),
    (lambda d: d["rounds"][0]["matches"][0].update(pairing="x"), "round 1.matches[0].pairing must be one of"),
    (
        lambda d: d["rounds"][0]["matches"][0].update(protocol=[]),
        "round 1.matches[0].protocol must be a JSON",
    ),
    (lambda d: d["rounds"][0]["matches"][0]["protocol"].update(step="pick"), "(bad-state)"),
    (
        lambda d: d["rounds"][0]["matches"][0].update(teams=["blue", "red"]),
        ".protocol.team_a must be team 'blue'",
    ),
    (lambda d: d["rounds"][0]["matches"].pop(0), "round 1.games[0]: teams 'red' and 'blue' do not meet"),
    (
        lambda d: d["rounds"][0]["matches"].pop(1),
        "round 1.games[3]: a member's bye comes with their team's bye",
    ),
    (
        lambda d: d["rounds"][0].update(games=[{"table": 1, "players": ["a1", "a2"], "vp": [10, 2]}]),
        "round 1.games[0]: 'a1' and 'a2' are teammates",
    ),
    (
        lambda d: (
            d["players"].append({"id": "x", "name": "X"}) or d["rounds"][0]["games"][3].update(players=["x"])
        ),
        "player 'x' is in no team",
    ),
    (
        lambda d: d.update(cut={"size": 2, "after_round": 1}),
        "cut: a team tournament plays its Swiss rounds only",
    ),
    (lambda d: d.update(team_size=2), "team_size: a team tournament's games are one player a side"),
]


@pytest.mark.parametrize(("change", "message"), BAD)
def test_each_problem_is_refused_naming_its_place(change: Change, message: str) -> None:
    doc = copy.deepcopy(base())
    change(doc)
    with pytest.raises(EventFileError) as caught:
        read(doc)
    assert message in str(caught.value)


def test_a_public_file_holds_only_the_revealed_choices():
    state = protocol.start(RED, BLUE)
    state = protocol.choose(state, "b", "b3")  # hidden from Red
    stored = protocol.to_json(state)
    shown = revealed_only(stored)
    assert shown["pending"] == [None, None]
    assert protocol.from_json(shown).step is protocol.Step.DEFENDER
    done = base()["rounds"][0]["matches"][0]["protocol"]
    assert revealed_only(done) == done  # a complete protocol hides nothing


def test_the_documented_example_reads():
    """docs/event-files.md's example of a team tournament's file is one the reader accepts."""
    import json
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "event-files.md").read_text(encoding="utf-8")
    block = text.split("## Team tournaments")[1].split("```json")[1].split("```")[0]
    players = ", ".join(f'{{"id": "p{i}", "name": "N{i}"}}' for i in range(1, 10))
    doc = json.loads(block.replace('{"id": "p1", "name": "Ann"}, "…"', players))
    team = read(doc)
    assert team is not None
    assert [m.teams for m in team.matches[1]] == [("t1", "t2"), ("t3",)]
    assert team.teams[2].dropped_after_round == 1
