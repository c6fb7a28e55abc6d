"""`manage.py standings` and `manage.py pair` on a team tournament's file (docs/interchange.md,
"Team tournaments"): the team standings, then the individual ranking; the next round's
teams paired into matches on blocks of tables. The file is docs/team-matches.md's worked
example, so the numbers are the ones the documentation prints."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

ROOT = Path(__file__).resolve().parents[2]
TEAMS = ("Red", "Blue", "Green", "Yellow", "White")
WIN, LOSS, DRAW = [10, 2], [2, 10], [6, 6]


def members(team: str) -> list[str]:
    return [f"{team[0].lower()}{i}" for i in (1, 2, 3)]


def match_games(a: str, b: str, results: list[list[int]], first: int) -> list[dict[str, Any]]:
    return [
        {"table": first + k, "players": [x, y], "vp": vp}
        for k, (x, y, vp) in enumerate(zip(members(a), members(b), results, strict=True))
    ]


def byes(team: str) -> list[dict[str, Any]]:
    return [{"players": [m], "outcome": "bye"} for m in members(team)]


def worked_example(pairing: str = "protocol", **rules: Any) -> dict[str, Any]:
    """docs/team-matches.md, "Worked example: team standings": five teams of three, games won."""
    return {
        "format": "event/1",
        "name": "Team Open",
        "game_system": "starcraft-tmg",
        "scale": "standard",
        "kind": "competitive",
        "planned_rounds": 3,
        "team_event": {"size": 3, "rule": "games-won", "pairing": pairing, **rules},
        "teams": [
            {"id": team[0].lower(), "name": team, "captain": members(team)[0], "members": members(team)}
            for team in TEAMS
        ],
        "players": [{"id": m, "name": f"{team} {m[1]}"} for team in TEAMS for m in members(team)],
        "rounds": [
            {
                "number": 1,
                "games": [
                    *match_games("Red", "Blue", [WIN, WIN, LOSS], 1),
                    *match_games("Green", "Yellow", [WIN, LOSS, LOSS], 4),
                    *byes("White"),
                ],
                "matches": [
                    {"teams": ["r", "b"], "first_table": 1},
                    {"teams": ["g", "y"], "first_table": 4},
                    {"teams": ["w"]},
                ],
            },
            {
                "number": 2,
                "games": [
                    *match_games("Red", "Yellow", [WIN, DRAW, LOSS], 1),
                    *match_games("White", "Blue", [WIN, WIN, WIN], 4),
                    *byes("Green"),
                ],
                "matches": [
                    {"teams": ["r", "y"], "first_table": 1},
                    {"teams": ["w", "b"], "first_table": 4},
                    {"teams": ["g"]},
                ],
            },
        ],
    }


def write(tmp_path: Path, doc: dict[str, Any]) -> str:
    path = tmp_path / "teams.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def command(name: str, *args: str) -> str:
    out = io.StringIO()
    call_command(name, *args, stdout=out)
    return out.getvalue()


def test_standings_json_ranks_the_teams_as_the_worked_example(tmp_path):
    data = json.loads(command("standings", write(tmp_path, worked_example()), "--json"))
    assert data["tiebreak"] == "games-won"
    keys = ("rank", "name", "mp", "tiebreak", "sos", "otp")
    rows = [tuple(r[k] for k in keys) for r in data["team_standings"]]
    assert rows == [
        (1, "White", 6, 6, 0.0, 1.0),
        (2, "Yellow", 4, 3, 3.5, 3.5),
        (3, "Red", 4, 3, 2.0, 2.0),
        (4, "Green", 3, 4, 4.0, 3.0),
        (5, "Blue", 0, 1, 5.0, 4.5),
    ]
    assert data["team_standings"][0]["matches"] == 2
    # Then the individual ranking: every member, as the player standings rank players.
    players = data["standings"]
    assert len(players) == 15
    assert {"rank", "player", "name", "mp", "tp", "sos", "otp", "placed"} <= set(players[0])
    best = [p["player"] for p in players if p["mp"] == 6]
    assert "w1" in best


def test_standings_text_prints_both_tables(tmp_path):
    text = command("standings", write(tmp_path, worked_example()))
    teams, players = text.split("Best players")
    assert "Team Open — teams" in teams
    assert "Games won" in teams
    assert teams.index("White (w)") < teams.index("Yellow (y)") < teams.index("Red (r)")
    assert "3.5000" in teams
    assert "(the individual ranking)" in players
    assert "Yellow 1 (y1)" in players


def test_standings_explains_a_member(tmp_path):
    text = command("standings", write(tmp_path, worked_example()), "--explain", "r1")
    assert "Red 1" in text


def test_a_match_counts_once_all_its_games_are_in(tmp_path):
    doc = worked_example()
    doc["rounds"][1]["games"].pop(0)  # Red v Yellow: two of three games in
    data = json.loads(command("standings", write(tmp_path, doc), "--json"))
    by_team = {r["team"]: r for r in data["team_standings"]}
    assert by_team["r"]["matches"] == 1
    assert by_team["y"]["mp"] == 3


def test_pair_json_pairs_the_teams_into_matches_on_blocks_of_tables(tmp_path):
    data = json.loads(command("pair", write(tmp_path, worked_example()), "--seed", "3", "--json", "--report"))
    assert data["number"] == 3
    matches = data["matches"]
    # Blue has no bye yet and the fewest points; White (6) meets Yellow (4), Red Green.
    assert matches == [
        {"teams": ["w", "y"], "first_table": 1, "pairing": "protocol"},
        {"teams": ["r", "g"], "first_table": 4, "pairing": "protocol"},
        {"teams": ["b"], "pairing": "protocol"},
    ]
    # The protocol pairs the players later: only the bye's members have their games now.
    assert data["games"] == [{"players": [m], "outcome": "bye"} for m in members("Blue")]
    assert data["report"]["objective"]["rematches"] == 0


def test_pair_by_the_standings_order_makes_the_games_at_once(tmp_path):
    data = json.loads(command("pair", write(tmp_path, worked_example("standings-order")), "--json"))
    games = [g for g in data["games"] if g.get("outcome") != "bye"]
    assert [g["table"] for g in games] == [1, 2, 3, 4, 5, 6]
    first = data["matches"][0]
    a, b = first["teams"]
    for game in games[:3]:
        assert game["players"][0][0] == a
        assert game["players"][1][0] == b


def test_pair_text_lists_each_match_with_its_tables(tmp_path):
    text = command("pair", write(tmp_path, worked_example("standings-order")), "--seed", "1")
    assert "Round 3 (teams of 3; players paired by the team standings order)" in text
    assert "Tables 1-3" in text
    assert "Tables 4-6" in text
    assert "Bye" in text
    assert "Table 1" in text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["teams"][0]["members"].append("b1"), "teams[0].members must list the team's 3 players"),
        (lambda d: d["teams"][1].update(members=["r1", "b2", "b3"]), "teams[1].members[0]"),
        (lambda d: d["team_event"].update(rule="points"), "team_event.rule must be one of"),
        (lambda d: d["rounds"][0]["matches"].pop(0), "round 1.games[0]: teams 'r' and 'b' do not meet"),
        (lambda d: d["rounds"][0]["matches"][0].update(teams=["r", "x"]), "round 1.matches[0].teams[1]"),
        (lambda d: d.update(cut={"size": 4, "after_round": 2}), "cut: a team tournament"),
    ],
)
def test_a_bad_team_file_is_exit_2_with_one_line(tmp_path, change, message):
    doc = worked_example()
    change(doc)
    path = write(tmp_path, doc)
    for name in ("standings", "pair"):
        with pytest.raises(CommandError) as caught:
            command(name, path)
        assert caught.value.returncode == 2
        assert message in str(caught.value)


def test_hand_pairings_do_not_apply_to_teams(tmp_path):
    with pytest.raises(CommandError, match="--fix-pair does not apply to a team tournament"):
        command("pair", write(tmp_path, worked_example()), "--fix-pair", "r1,b1")


def test_the_fast_path_prints_the_same_without_django(tmp_path):
    path = write(tmp_path, worked_example())
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    for args in (["standings", path, "--json"], ["pair", path, "--seed", "3", "--json"]):
        line = [sys.executable, "manage.py", *args]
        fast = subprocess.run(line, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        assert fast.returncode == 0, fast.stderr
        assert fast.stdout == command(*args)
