"""`manage.py pair | standings | validate_roster` without Django (interchange/offline.py).

With no settings module chosen, manage.py runs the three offline commands straight on the
engines. The contract (docs/interchange.md, "standings and pair", "validate_roster") must not
notice: for every case below, the same arguments give byte-identical stdout and stderr
and the same exit status as the Django command (run here under config/offline_settings.py,
which is what manage.py used before). The fast path imports no Django at all; whatever it
does not mirror (--help, --settings, an argument error) is left to Django. Import checks,
not timings: the seconds are in benchmarks/bench_startup.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks.bench_pairing import generate
from interchange import offline
from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from standings.eventfile import event_to_json
from tests.interchange.test_pair_command import winter_clash
from tests.interchange.test_validate_roster_command import RAIDERS_TEXT
from tests.interchange.test_validate_roster_systems import DROPZONE, MORSDEI, WARPSPAWN

ROOT = Path(__file__).resolve().parents[2]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_COLORS")}
    return {**env, **extra}


def manage(*args: str, django: bool, extra: tuple[str, ...] = ()) -> subprocess.CompletedProcess[bytes]:
    """The whole command line; `django=True` forces the Django command (the path before)."""
    env = _env(DJANGO_SETTINGS_MODULE="config.offline_settings") if django else _env()
    return subprocess.run(
        [sys.executable, *extra, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, timeout=120
    )


def _write(tmp_path: Path, name: str, content: str | dict[str, Any]) -> str:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return str(path)


def _cases(tmp_path: Path) -> list[tuple[str, ...]]:
    clash = _write(tmp_path, "clash.json", winter_clash())
    odd = winter_clash()
    odd["players"][5]["dropped_after_round"] = 3
    big = _write(tmp_path, "big.json", event_to_json(generate(61, 4, seed=5)))
    few_tables = winter_clash()
    few_tables["tables"] = few_tables["tables"][:3]
    founders = str(EXAMPLES_DIR / "terran-founders.json")
    founders_doc = json.loads(Path(founders).read_text(encoding="utf-8"))
    over = {**founders_doc, "units": founders_doc["units"] * 3}
    return [
        ("pair", clash, "--json", "--seed", "7"),
        ("pair", clash, "--json", "--seed", "3", "--report"),
        ("pair", clash, "--seed", "2"),
        ("pair", _write(tmp_path, "odd.json", odd), "--json"),
        ("pair", big, "--json", "--seed", "11", "--report"),
        ("pair", big, "--seed", "11"),
        ("pair", clash, "--fix-pair", "p1,p2", "--fix-table", "p3=4", "--json"),
        ("pair", clash, "--fix-bye", "p1", "--json"),
        ("pair", clash, "--fix-pair", "p1", "--json"),  # one-line refusal of an option
        ("pair", clash, "--fix-table", "p3=x"),
        ("pair", _write(tmp_path, "fresh.json", {"format": "event/1", "players": []}), "--json"),
        ("pair", _write(tmp_path, "broken.json", "{oops"), "--json"),
        ("pair", str(tmp_path / "missing.json"), "--json"),
        ("pair", _write(tmp_path, "few.json", few_tables), "--json"),
        ("pair", clash, "--se", "4", "--json"),  # an abbreviation means what it means under Django
        ("standings", clash, "--json"),
        ("standings", clash),
        ("standings", big, "--json", "--planned-rounds", "4"),
        ("standings", big, "--final"),
        ("standings", clash, "--explain", "p3"),
        ("standings", clash, "--explain", "p3", "--json"),
        ("standings", clash, "--explain", "nobody"),
        ("standings", _write(tmp_path, "event2.json", {"format": "event/2", "players": []})),
        ("validate_roster", founders),
        ("validate_roster", founders, "--json"),
        ("validate_roster", _write(tmp_path, "over.json", over), "--json"),
        ("validate_roster", _write(tmp_path, "over2.json", over)),
        ("validate_roster", _write(tmp_path, "raiders.txt", RAIDERS_TEXT), "--json"),
        ("validate_roster", founders, str(EXAMPLES_DIR / "terran-starter.json"), "--json"),
        ("validate_roster", founders, "--rules-date", "2020-01-01", "--json"),
        ("validate_roster", _write(tmp_path, "bad.json", "{nope"), "--json"),
        ("validate_roster", str(tmp_path / "none.json")),
        ("validate_roster", _write(tmp_path, "dz.json", DROPZONE), "--json"),
        ("validate_roster", _write(tmp_path, "mor.json", MORSDEI)),
        ("validate_roster", _write(tmp_path, "ws.json", WARPSPAWN), "--json"),
        ("validate_roster", _write(tmp_path, "mor2.json", MORSDEI), "--pack", founders),
        (
            "validate_roster",
            "--team-budget",
            "2000",
            founders,
            str(EXAMPLES_DIR / "zerg-starter.json"),
            "--json",
        ),
        ("validate_roster", "--team-budget", "1500", founders, str(EXAMPLES_DIR / "zerg-starter.json")),
        ("validate_roster", "--team-budget", "2,000", founders, founders),
        ("validate_roster", "--team-budget", "2000", founders),
    ]


def test_the_fast_path_prints_the_same_bytes_and_exits_the_same_as_the_django_command(tmp_path):
    statuses = set()
    for args in _cases(tmp_path):
        fast, slow = manage(*args, django=False), manage(*args, django=True)
        same = (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)
        assert same, (args, fast, slow)
        assert b"Traceback" not in fast.stderr, args
        statuses.add(fast.returncode)
    assert statuses == {0, 1, 2}  # every exit status of the contract was compared


def _modules(*args: str) -> tuple[subprocess.CompletedProcess[bytes], set[str]]:
    done = manage(*args, django=False, extra=("-X", "importtime"))
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.decode().splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return done, modules


@pytest.mark.parametrize("command", ["pair", "standings"])
def test_the_event_commands_import_no_django(tmp_path, command):
    done, modules = _modules(command, _write(tmp_path, "clash.json", winter_clash()), "--json")
    assert done.returncode == 0, done.stderr[-500:]
    assert "interchange.offline" in modules  # the import log is really being read
    assert not {m for m in modules if m.split(".")[0] == "django"}


def test_validate_roster_imports_no_django():
    done, modules = _modules("validate_roster", str(EXAMPLES_DIR / "raynors-raiders-9-1-7.json"))
    assert done.returncode in (0, 1), done.stderr[-500:]
    assert "interchange.offline" in modules
    assert not {m for m in modules if m.split(".")[0] == "django"}


def test_an_error_imports_no_django_either(tmp_path):
    done, modules = _modules("pair", _write(tmp_path, "broken.json", "{oops"))
    assert done.returncode == 2
    assert not {m for m in modules if m.split(".")[0] == "django"}
    assert done.stderr.decode().splitlines()[-1].startswith("CommandError: ")


@pytest.mark.parametrize(
    "args",
    [
        ("pair", "--help"),
        ("pair",),  # the file is missing: Django's usage line and exit 2
        ("pair", "x.json", "--seed", "many"),
        ("standings", "x.json", "--planned-rounds", "four"),
        ("validate_roster", "x.json", "--rules-date", "soon"),
        ("pair", "x.json", "--settings", "config.offline_settings"),
        ("standings", "x.json", "--traceback"),
        ("validate_roster", "x.json", "--no-color"),
        ("pair", "x.json", "--version"),
    ],
)
def test_what_the_fast_path_does_not_mirror_is_left_to_django(monkeypatch, args):
    monkeypatch.delenv("DJANGO_SETTINGS_MODULE", raising=False)
    assert offline.main(["manage.py", *args]) is None


def test_a_chosen_settings_module_is_always_django(monkeypatch, tmp_path):
    monkeypatch.setenv("DJANGO_SETTINGS_MODULE", "config.offline_settings")
    assert offline.main(["manage.py", "pair", _write(tmp_path, "clash.json", winter_clash())]) is None


def test_help_and_argument_errors_are_djangos(tmp_path):
    shown = manage("pair", "--help", django=False)
    assert shown.returncode == 0
    assert b"--settings SETTINGS" in shown.stdout
    assert b"--fix-pair A,B" in shown.stdout
    wrong = manage("pair", "x.json", "--seed", "many", django=False)
    assert wrong.returncode == 2
    assert wrong.stderr == manage("pair", "x.json", "--seed", "many", django=True).stderr
    assert b"usage: manage.py pair" in wrong.stderr
