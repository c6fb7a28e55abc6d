"""`manage.py validate_roster --team-budget M` as docs/interchange.md, "Team games", states it:
two or three rosters judged as one team, the team's budget in the top-level violations and
`team`, exit 0 legal, 1 illegal, 2 unreadable input or a budget that is not a positive
whole number."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from tests.interchange.test_validate_roster_command import run


def roster(tmp_path: Path, stem: str, player: str, **changes: Any) -> str:
    doc = json.loads((EXAMPLES_DIR / f"{stem}.json").read_text(encoding="utf-8"))
    path = tmp_path / f"{stem}-{player}.json"
    path.write_text(json.dumps({**doc, "player": player, **changes}), encoding="utf-8")
    return str(path)


@pytest.fixture
def team(tmp_path: Path) -> list[str]:
    return [roster(tmp_path, "terran-starter", "Ann"), roster(tmp_path, "zerg-starter", "Ben")]


def test_a_legal_team_exits_0_with_the_teams_totals(team):
    code, out, _ = run("--team-budget", "2000", *team, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is True
    assert data["violations"] == []
    assert data["team"] == {"minerals": 2000, "gas": 175, "limits": {"minerals": 2000, "gas": 200}}
    assert [r["totals"]["minerals"] for r in data["rosters"]] == [1000, 1000]
    assert all(r["limits"]["minerals"] is None and r["limits"]["gas"] is None for r in data["rosters"])


def test_a_team_over_its_budget_exits_1_with_one_violation_for_the_team(team):
    code, out, _ = run("--team-budget", "1900", *team, "--json")
    assert code == 1
    data = json.loads(out)
    assert data["legal"] is False
    assert [v["code"] for v in data["violations"]] == ["team-minerals-over-limit"]
    assert "remove 100" in data["violations"][0]["message"]
    assert all(r["violations"] == [] for r in data["rosters"])


def test_the_text_report_ends_with_the_team_line(team):
    code, out, _ = run("--team-budget", "1900", *team)
    assert code == 1
    assert "Team: Minerals 2000 / 1900    Vespene Gas 175 / 190    ILLEGAL" in out
    assert "team-minerals-over-limit" in out
    assert out.rstrip().endswith("Verdict: ILLEGAL")
    assert "Minerals 1000 / " not in out  # no army has a limit of its own


def test_an_army_over_a_scale_limit_is_judged_by_the_team_budget(tmp_path, team):
    doc = json.loads((EXAMPLES_DIR / "terran-starter.json").read_text(encoding="utf-8"))
    big = roster(tmp_path, "terran-starter", "Cal", units=[*doc["units"], {"name": "Marauder", "models": 2}])
    assert run(big)[0] == 1  # alone: over Skirmish's 1,000
    assert run("--team-budget", "2150", big, team[1])[0] == 0


def test_three_teammates_and_the_same_player_twice(tmp_path, team):
    third = roster(tmp_path, "protoss-starter", "Ann")
    code, out, _ = run("--team-budget", "3000", *team, third, "--json")
    assert code == 1
    assert [v["code"] for v in json.loads(out)["violations"]] == ["team-player-repeated"]


@pytest.mark.parametrize("budget", ["0", "-2000", "2,000", "2000.5", "lots"])
def test_a_budget_that_is_not_a_positive_whole_number_exits_2(team, budget):
    code, out, err = run(f"--team-budget={budget}", *team)
    assert code == 2
    assert out == ""
    assert "positive whole number" in err
    assert "\n" not in err.strip()


def test_one_or_four_rosters_exit_2(tmp_path, team):
    code, _, err = run("--team-budget", "2000", team[0])
    assert code == 2
    assert "2 or 3 rosters" in err
    extra = [roster(tmp_path, "protoss-starter", "Cal"), roster(tmp_path, "terran-founders", "Dee")]
    code, _, err = run("--team-budget", "4000", *team, *extra)
    assert code == 2
    assert "no dual lists in a team game" in err


def test_an_unreadable_teammate_exits_2_naming_the_file(tmp_path, team):
    broken = tmp_path / "broken.json"
    broken.write_text("{nope", encoding="utf-8")
    code, _, err = run("--team-budget", "2000", team[0], str(broken))
    assert code == 2
    assert str(broken) in err
    assert "Traceback" not in err


def test_a_system_without_team_games_says_so(tmp_path):
    from tests.interchange.test_validate_roster_systems import DROPZONE

    path = tmp_path / "dz.json"
    path.write_text(json.dumps(DROPZONE), encoding="utf-8")
    code, _, err = run("--team-budget", "2000", str(path), str(path))
    assert code == 2
    assert "Dropzone Commander has no team games" in err


def test_a_pack_handed_in_judges_the_team(tmp_path, team):
    pack = sorted((Path(EXAMPLES_DIR).parent / "data").glob("*.json"))[-1]
    code, out, _ = run("--team-budget", "2000", *team, "--pack", str(pack), "--json")
    assert code == 0, out
    assert json.loads(out)["team"]["limits"] == {"minerals": 2000, "gas": 200}
