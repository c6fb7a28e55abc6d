"""`manage.py pair FILE --seed N --json` as docs/interchange.md specifies it."""

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

from tests.pairings.helpers import event

ROOT = Path(__file__).resolve().parents[2]


def winter_clash() -> dict[str, Any]:
    players: list[dict[str, Any]] = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 9)]
    players[6]["dropped_after_round"] = 2
    players.append({"id": "p9", "name": "Ivy", "disqualified_after_round": 5})
    return event(
        players,
        [
            {
                "number": 1,
                "games": [
                    {"table": 1, "players": ["p1", "p2"], "vp": [12, 3]},
                    {"table": 2, "players": ["p3", "p4"], "outcome": "concession", "loser": "p3"},
                    {"table": 3, "players": ["p5", "p6"], "vp": [6, 4]},
                    {"table": 4, "players": ["p7", "p8"], "outcome": "game-loss", "loser": "p8"},
                    {"players": ["p9"], "outcome": "bye"},
                ],
            },
            {
                "number": 3,
                "games": [
                    {"table": 2, "players": ["p1", "p4"], "vp": [10, 0]},
                    {"table": 1, "players": ["p7", "p5"], "vp": [2, 9]},
                    {"table": 4, "players": ["p9", "p6"], "vp": [8, 1]},
                    {"table": 3, "players": ["p2", "p3"], "vp": [4, 4]},
                    {"players": ["p8"], "outcome": "bye"},
                ],
            },
        ],
        kind="competitive",
        tables=[{"number": n, "layout": f"Map {n}"} for n in range(1, 5)],
    )


def write(tmp_path: Path, doc: object, name: str = "event.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings", **(env or {})}
    return subprocess.run(
        [sys.executable, "manage.py", "pair", *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def pair_json(path: Path, *extra: str) -> dict[str, Any]:
    out = io.StringIO()
    call_command("pair", str(path), "--json", *extra, stdout=out)
    result: dict[str, Any] = json.loads(out.getvalue())
    return result


def test_json_output_has_exactly_the_round_shape(tmp_path):
    result = pair_json(write(tmp_path, winter_clash()), "--seed", "7")
    # Rounds 1 and 3 are in the file: the next round is 4. p7 dropped after round 2.
    assert set(result) == {"number", "games"}
    assert result["number"] == 4
    games = result["games"]
    assert all(set(g) == {"table", "players"} for g in games)
    assert sorted(p for g in games for p in g["players"]) == ["p1", "p2", "p3", "p4", "p5", "p6", "p8", "p9"]
    assert [g["table"] for g in games] == [1, 2, 3, 4]


def test_bye_is_printed_as_the_contract_shows(tmp_path):
    doc = winter_clash()
    doc["players"][5]["dropped_after_round"] = 3  # p6 leaves too: seven players, one bye
    games = pair_json(write(tmp_path, doc), "--seed", "1")["games"]
    assert games[-1]["outcome"] == "bye"
    assert set(games[-1]) == {"players", "outcome"}
    # p8 had the round-3 bye; the bye goes to someone who has had none.
    assert games[-1]["players"] not in (["p8"], ["p9"])


def test_same_file_and_seed_give_the_same_output_and_report_is_an_extra_key(tmp_path):
    path = write(tmp_path, winter_clash())
    first = pair_json(path, "--seed", "3")
    assert pair_json(path, "--seed", "3") == first
    with_report = pair_json(path, "--seed", "3", "--report")
    assert with_report.pop("report")["seed"] == 3
    assert with_report == first


def test_round_one_without_history_is_paired(tmp_path):
    doc = event([{"id": f"p{i}", "name": f"P{i}"} for i in range(5)], [])
    result = pair_json(write(tmp_path, doc), "--seed", "9")
    assert result["number"] == 1
    assert len(result["games"]) == 3
    assert result["games"][-1]["outcome"] == "bye"


def test_overrides_on_the_command_line(tmp_path):
    path = write(tmp_path, winter_clash())
    games = pair_json(path, "--fix-pair", "p1,p2", "--fix-table", "p3=4")["games"]
    assert any(set(g["players"]) == {"p1", "p2"} for g in games)
    assert next(g["table"] for g in games if "p3" in g["players"]) == 4


def test_readable_listing_with_the_report(tmp_path):
    out = io.StringIO()
    call_command("pair", str(write(tmp_path, winter_clash())), "--seed", "2", stdout=out)
    text = out.getvalue()
    assert text.startswith("Round 4\n  Table 1")
    assert "Round 4 pairing report (seed 2, Swiss matching)" in text
    assert "Not paired: p7: dropped after round 2" in text


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "is not valid JSON"),
        ({"format": "event/2", "players": []}, "format must be 'event/1'"),
        ({"format": "event/1"}, "missing required field: players"),
    ],
)
def test_unreadable_file_is_a_clean_exit_2(tmp_path, content, message):
    path = tmp_path / "missing.json" if content is None else write(tmp_path, content)
    with pytest.raises(CommandError, match=message) as raised:
        call_command("pair", str(path), "--json")
    assert raised.value.returncode == 2


def test_fewer_tables_than_games_is_a_clean_exit_2(tmp_path):
    doc = winter_clash()
    doc["tables"] = doc["tables"][:3]
    with pytest.raises(CommandError, match="4 games need 4 tables; the event has 3") as raised:
        call_command("pair", str(write(tmp_path, doc)), "--json")
    assert raised.value.returncode == 2


def test_exit_2_is_one_line_without_a_traceback(tmp_path):
    result = run(str(write(tmp_path, "{oops")), "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
    assert "is not valid JSON" in result.stderr


def test_runs_with_the_database_unreachable(tmp_path):
    path = write(tmp_path, winter_clash())
    result = run(
        str(path), "--seed", "7", "--json", env={"DATABASE_URL": "postgres://nobody:x@127.0.0.1:9/none"}
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == pair_json(path, "--seed", "7")
