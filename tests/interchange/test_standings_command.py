"""`manage.py standings FILE --json` exactly as docs/interchange.md prints it, with no database.

These tests carry no django_db mark: pytest-django refuses any query, so a command that
touched the database would fail here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.builders.records import WINTER_CLASH

ROOT = Path(__file__).resolve().parents[2]

# data/winter_clash.json, worked by hand (Standard bands):
# R1: p1 v p2 12-3 (diff 9, Decisive: 3/4 v 0/1); p3 concedes to p4 (p4 3/5, p3 0/0);
#     p6 doesn't show against p5 (p5 3/4, p6 0/0, not counted); p8 takes a Game Loss
#     against p7 (p7 3/5, p8 0/0, counted); p9 bye (3/4, not counted).
# R2: p1 v p4 15-4 (diff 11, Annihilation: 3/5 v 0/0); p5 v p7 10-4 (diff 6, Breakthrough:
#     3/3 v 0/2); p2 v p9 4-8 (diff 4: p9 3/3, p2 0/2); p3 v p8 10-2 (diff 8, Decisive:
#     p3 3/4, p8 0/1); p6 v hj 5-9 (diff 4: hj 3/3, p6 0/2; hj is the spare).
# R3 (p7 dropped): p1 v p5 12-5 (diff 7, Decisive: 3/4 v 0/1); p4 v p9 6-6 (1/2 each);
#     p2 v p3 10-7 (diff 3: p2 3/3, p3 0/2); p6 v p8 13-3 (diff 10: p6 3/5, p8 0/0).
# Tallies: p1 9/13, p2 3/6, p3 3/6, p4 4/7, p5 6/8, p6 3/7, p7 3/7, p8 0/1, p9 7/9, hj 3/3.
# Pools (final MP/TP of each counted opponent):
#   p1: p2 3/6, p4 4/7, p5 6/8          → SoS 13/3 = 4.3333, oTP 21/3 = 7.0
#   p5: p7 3/7, p1 9/13 (no-show out)   → SoS 12/2 = 6.0,    oTP 20/2 = 10.0
#   p4: p3 3/6, p1 9/13, p9 7/9         → SoS 19/3 = 6.3333, oTP 28/3 = 9.3333
#   p7: p8 0/1, p5 6/8                  → SoS 6/2 = 3.0,     oTP 9/2 = 4.5
#   p6: p8 0/1 (no-show, spare out)     → SoS 0/1 = 0.0,     oTP 1/1 = 1.0
#   p2: p1 9/13, p9 7/9, p3 3/6         → SoS 19/3 = 6.3333, oTP 28/3 = 9.3333
#   p3: p4 4/7, p8 0/1, p2 3/6          → SoS 7/3 = 2.3333,  oTP 14/3 = 4.6667
#   p8: p7 3/7, p3 3/6, p6 3/7          → SoS 9/3 = 3.0,     oTP 20/3 = 6.6667
#   p9: p2 3/6, p4 4/7 (bye out)        → SoS 7/2 = 3.5,     oTP 13/2 = 6.5
#   hj: p6 3/7                          → SoS 3.0,           oTP 7.0
# Order: p1 (9) > p5 (6) > p4 (4) > p7, p6 (3/7: SoS 3 > 0) > p2, p3 (3/6: SoS 6.33 > 2.33)
# > p8; then not placed: p9 (disqualified, 7 MP) and hj (spare, 3 MP).
KEYS = ("rank", "player", "name", "mp", "tp", "sos", "otp", "placed")
ROWS = [
    (1, "p1", "Alice", 9, 13, 4.3333, 7.0, True),
    (2, "p5", "Eve", 6, 8, 6.0, 10.0, True),
    (3, "p4", "Dan", 4, 7, 6.3333, 9.3333, True),
    (4, "p7", "Gus", 3, 7, 3.0, 4.5, True),
    (5, "p6", "Finn", 3, 7, 0.0, 1.0, True),
    (6, "p2", "Bob", 3, 6, 6.3333, 9.3333, True),
    (7, "p3", "Cara", 3, 6, 2.3333, 4.6667, True),
    (8, "p8", "Hana", 0, 1, 3.0, 6.6667, True),
    (None, "p9", "Ivy", 7, 9, 3.5, 6.5, False),
    (None, "hj", "Head Judge", 3, 3, 3.0, 7.0, False),
]
EXPECTED = {"standings": [dict(zip(KEYS, row, strict=True)) for row in ROWS]}


def run(*args: str) -> str:
    out = StringIO()
    call_command("standings", *args, stdout=out)
    return out.getvalue()


def test_json_output_is_exactly_the_contract():
    text = run(str(WINTER_CLASH), "--json")
    assert json.loads(text) == EXPECTED
    lines = text.splitlines()
    # Printed as in docs/interchange.md: one player per line, four decimals at most.
    assert lines[0] == '{"standings": ['
    assert lines[1] == (
        '  {"rank": 1, "player": "p1", "name": "Alice", "mp": 9, "tp": 13, '
        '"sos": 4.3333, "otp": 7.0, "placed": true},'
    )
    assert lines[-2].endswith('"placed": false}')
    assert lines[-1] == "]}"
    assert tuple(json.loads(text)["standings"][0]) == KEYS


def test_shared_ranks_in_json(tmp_path):
    # One round: A annihilates B; C and E beat D and F 12-3. C and E share 2nd, D and F 4th.
    path = tmp_path / "e.json"
    players = [{"id": p, "name": p.upper()} for p in "abcdef"]
    games = [
        {"players": ["a", "b"], "vp": [15, 3]},
        {"players": ["c", "d"], "vp": [12, 3]},
        {"players": ["e", "f"], "vp": [12, 3]},
    ]
    path.write_text(
        json.dumps({"format": "event/1", "players": players, "rounds": [{"number": 1, "games": games}]})
    )
    rows = json.loads(run(str(path), "--json"))["standings"]
    assert [(r["player"], r["rank"]) for r in rows] == [
        ("a", 1),
        ("c", 2),
        ("e", 2),
        ("d", 4),
        ("f", 4),
        ("b", 6),
    ]


def test_readable_table():
    text = run(str(WINTER_CLASH))
    assert text.startswith("Winter Clash — Indicative standings after round 3\n")
    assert "   1  Alice (p1)        9  13  4.3333   7.0000      3\n" in text
    assert "   -  Ivy (p9)          7   9  3.5000   6.5000      2  disqualified\n" in text
    final = run(str(WINTER_CLASH), "--planned-rounds", "3")
    assert final.startswith("Winter Clash — Final standings after round 3 of 3\n")


def test_explain_one_player():
    text = run(str(WINTER_CLASH), "--explain", "p6")
    assert "Finn (p6): rank 5." in text
    assert "Round 2 v Head Judge (hj): Breakthrough 5-9, 0 MP 2 TP; not counted (spare)" in text
    assert "Below Gus (p7) on SoS: 3.0000 against 0.0000" in text
    data = json.loads(run(str(WINTER_CLASH), "--explain", "p6", "--json"))
    assert [e["reason"] for e in data["excluded"]] == ["no-show", "spare"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read {path}: No such file or directory"),
        (
            "{not json",
            "{path} is not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2",
        ),
        ('{"format": "event/2", "players": []}', "format must be 'event/1', got 'event/2'"),
        ('{"format": "event/1"}', "missing required field: players"),
        ('{"format": "event/1", "players": [{"id": "a"}]}', "players[0].name must be a non-empty string"),
        ('{"format": "event/1", "scale": "huge", "players": []}', "cannot score this event: StarCraft"),
    ],
)
def test_unreadable_file_exits_2_with_one_line(tmp_path, content, message):
    path = tmp_path / "event.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(CommandError) as caught:
        run(str(path), "--json")
    assert caught.value.returncode == 2
    assert str(caught.value).startswith(message.format(path=path))
    assert "\n" not in str(caught.value)


def test_unknown_player_to_explain_exits_2():
    with pytest.raises(CommandError, match="no player 'zz'") as caught:
        run(str(WINTER_CLASH), "--explain", "zz")
    assert caught.value.returncode == 2


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings", **env}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


def test_real_process_runs_with_the_database_unreachable():
    # Port 1 on localhost: nothing listens; any connection attempt would fail.
    done = _manage(
        "standings", str(WINTER_CLASH), "--json", DATABASE_URL="postgres://nobody:x@127.0.0.1:1/none"
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == EXPECTED


def test_real_process_prints_one_line_and_no_traceback(tmp_path):
    done = _manage("standings", str(tmp_path / "missing.json"), "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"CommandError: cannot read {tmp_path / 'missing.json'}: No such file or directory"
    ]
