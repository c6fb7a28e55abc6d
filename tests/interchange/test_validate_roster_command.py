"""`manage.py validate_roster` exactly as docs/interchange.md: exit 0/1/2, one-line errors, --json shape."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR

ROOT = Path(__file__).resolve().parents[2]
FOUNDERS = EXAMPLES_DIR / "terran-founders.json"
ZERG = EXAMPLES_DIR / "zerg-starter.json"

RAIDERS_TEXT = """\
Player: Example
Faction: Raynor's Raiders
Scale: skirmish
Cards: Barracks, Academy, Orbital Command
Units:
6x Marine (AGG-12, Rocket Launcher)
6x Raynor's Raiders (Marine)
2x Marauder (Kinetic Foam)
3x Medic (Stabilizer Medpacks)
1x Jim Raynor
Missions: Supply Drop, Divide and Conquer
Deployments: Agria Valley, Dirt Side
"""


def _write(tmp_path: Path, name: str, content: str | dict[str, Any]) -> str:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return str(path)


def _founders(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(FOUNDERS.read_text(encoding="utf-8"))
    doc.update(changes)
    return doc


def run(*args: str) -> tuple[int, str, str]:
    """call_command, with the exit status the command line would give."""
    out, err = StringIO(), StringIO()
    try:
        call_command("validate_roster", *args, stdout=out, stderr=err)
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue(), err.getvalue()
    except CommandError as exc:
        return exc.returncode, out.getvalue(), str(exc)
    return 0, out.getvalue(), err.getvalue()


def shell(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    return subprocess.run(
        [sys.executable, "manage.py", "validate_roster", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_legal_roster_exits_0_with_a_report():
    status, out, _ = run(str(FOUNDERS))
    assert status == 0
    assert "LEGAL" in out
    assert "Minerals 1000 / 1000" in out
    assert "Core      3 / 5" in out  # the slot ledger
    assert "15 of 100 Vespene Gas unspent" in out  # warnings never make it illegal


def test_illegal_roster_exits_1(tmp_path):
    path = _write(
        tmp_path, "over.json", _founders(cards=["Barracks", "Academy", "Orbital Command", "Factory"])
    )
    status, out, _ = run(path)
    assert status == 1
    assert "gas-over-limit at cards[3] (Part 9.1.4)" in out
    assert "Verdict: ILLEGAL" in out


def test_json_output_shape(tmp_path):
    path = _write(
        tmp_path, "over.json", _founders(cards=["Barracks", "Academy", "Orbital Command", "Factory"])
    )
    status, out, _ = run(path, "--json")
    assert status == 1
    data = json.loads(out)
    assert set(data) >= {"legal", "rosters", "violations"}
    assert data["legal"] is False
    assert data["violations"] == []
    (roster,) = data["rosters"]
    assert roster["totals"] == {"minerals": 1000, "gas": 120, "supply": 5}  # 85 + Factory 35
    assert roster["limits"] == {"minerals": 1000, "gas": 100}
    assert roster["slots"] == {
        "core": {"used": 3, "available": 5},
        "elite": {"used": 0, "available": 2},
        "support": {"used": 1, "available": 3},
        "air": {"used": 0, "available": 1},
        "hero": {"used": 1, "available": 1},
    }
    assert [{k: u[k] for k in ("name", "models", "supply", "minerals")} for u in roster["units"]][:2] == [
        {"name": "Marine", "models": 6, "supply": 1, "minerals": 210},
        {"name": "Raynor's Raiders (Marine)", "models": 6, "supply": 1, "minerals": 230},
    ]
    (violation,) = roster["violations"]
    assert violation["code"] == "gas-over-limit"
    assert violation["where"] == "cards[3]"
    assert violation["message"]


def test_text_roster_is_accepted(tmp_path):
    status, out, _ = run(_write(tmp_path, "list.txt", RAIDERS_TEXT), "--json")
    assert status == 0
    assert json.loads(out)["rosters"][0]["totals"] == {"minerals": 1000, "gas": 85, "supply": 5}


def test_text_roster_with_a_json_file_name_is_still_read_as_text(tmp_path):
    status, _, _ = run(_write(tmp_path, "list.json", RAIDERS_TEXT))
    assert status == 0


def test_two_files_check_the_dual_list(tmp_path):
    status, out, _ = run(str(FOUNDERS), str(EXAMPLES_DIR / "terran-starter.json"), "--json")
    assert status == 0
    assert len(json.loads(out)["rosters"]) == 2
    status, out, _ = run(str(FOUNDERS), str(ZERG), "--json")
    assert status == 1
    data = json.loads(out)
    assert [v["code"] for v in data["violations"]] == ["dual-list-faction-mismatch"]
    assert all(r["legal"] for r in data["rosters"])


def test_three_files_are_too_many():
    status, out, _ = run(str(FOUNDERS), str(FOUNDERS), str(FOUNDERS), "--json")
    assert status == 1
    assert [v["code"] for v in json.loads(out)["violations"]] == ["dual-list-too-many"]


def test_rules_date_selects_the_pack():
    status, out, _ = run(str(FOUNDERS), "--rules-date", "2026-10-01", "--json")
    assert status == 0
    assert json.loads(out)["rosters"][0]["rules_version"] == "2026-09-25"
    status, _, err = run(str(FOUNDERS), "--rules-date", "2026-01-01")
    assert status == 2
    assert "no StarCraft: Tabletop Miniature Game data pack is in effect on 2026-01-01" in err


@pytest.mark.parametrize(
    ("name", "content", "fragment"),
    [
        ("broken.json", '{"format": "roster/1", "player": ', "malformed JSON at line 1"),
        ("wrong.json", _founders(format="roster/0"), 'format is "roster/0", expected "roster/1"'),
        ("nofaction.json", {k: v for k, v in _founders().items() if k != "faction_card"}, "'faction_card'"),
        ("list.txt", "Player: p\nScale: standard\n", "no 'Faction:' line"),
        (
            "bad.txt",
            RAIDERS_TEXT.replace("6x Marine (AGG-12,", "6x Marine (AGG-12,,"),
            "line 6: an empty upgrade",
        ),
    ],
)
def test_unreadable_input_exits_2(tmp_path, name, content, fragment):
    path = _write(tmp_path, name, content)
    status, out, err = run(path)
    assert status == 2
    assert fragment in err
    assert path in err
    assert out == ""


def test_missing_file_exits_2():
    status, _, err = run("/no/such/roster.json")
    assert status == 2
    assert err == "/no/such/roster.json: no such file"


def test_command_line_exit_codes_and_one_line_stderr(tmp_path):
    legal = shell(str(FOUNDERS))
    assert legal.returncode == 0, legal.stderr
    assert "LEGAL" in legal.stdout

    illegal = shell(
        _write(tmp_path, "dup.json", _founders(missions=["Supply Drop", "Supply Drop"])), "--json"
    )
    assert illegal.returncode == 1
    assert json.loads(illegal.stdout)["rosters"][0]["violations"][0]["code"] == "duplicate-mission"

    for args in (
        ["/no/such/roster.json"],
        [_write(tmp_path, "broken.json", "{")],
        [_write(tmp_path, "wrong.json", _founders(format="event/1"))],
        [_write(tmp_path, "short.json", {k: v for k, v in _founders().items() if k != "units"}), "--json"],
    ):
        done = shell(*args)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        assert done.stderr.count("\n") == 1, done.stderr
        assert done.stderr.strip(), done.stderr
        assert done.stdout == ""
