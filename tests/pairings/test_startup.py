"""Start-up that pays only for what a command uses.

The offline commands run with config/offline_settings.py and import neither Celery nor
networkx nor numpy/scipy; the Celery app is still found by the worker and the tasks.
These are import checks, not timings: the seconds are in benchmarks/bench_startup.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pairings.engine import Entrant, PairingError, PairingRequest, pair_round
from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from tests.pairings.helpers import event

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("celery", "kombu", "networkx", "numpy", "scipy")


def _imported(*args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    modules = {
        line.rsplit("|", 1)[1].strip().split(".")[0]
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return done, modules


def _event_file(tmp_path: Path) -> Path:
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(6)]
    rounds = [
        {
            "number": 1,
            "games": [
                {"table": 1, "players": ["p0", "p1"], "vp": [9, 2]},
                {"table": 2, "players": ["p2", "p3"], "vp": [5, 5]},
                {"table": 3, "players": ["p4", "p5"], "vp": [1, 8]},
            ],
        }
    ]
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event(players, rounds, tables=[{"number": n} for n in (1, 2, 3)])))
    return path


@pytest.mark.parametrize("command", ["pair", "standings"])
def test_event_commands_import_no_task_queue_graph_library_or_scipy(tmp_path, command):
    done, modules = _imported(command, str(_event_file(tmp_path)), "--json")
    assert done.returncode == 0, done.stderr[-500:]
    assert "interchange" in modules  # the import log is really being read
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))


def test_validate_roster_imports_no_task_queue_graph_library_or_scipy():
    done, modules = _imported("validate_roster", str(EXAMPLES_DIR / "raynors-raiders-9-1-7.json"))
    assert done.returncode in (0, 1), done.stderr[-500:]
    assert "rules_engine" in modules
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))


def test_the_celery_app_is_still_found_by_the_worker_and_the_tasks():
    import config
    from config.celery import app
    from config.tasks import ping
    from printing.tasks import render_print_job

    assert config.celery_app is app
    assert ping.app is app
    assert render_print_job.app is app
    assert "config.ping" in app.tasks
    with pytest.raises(AttributeError):
        _ = config.app  # `celery -A config` then looks for config.celery.app, as it must


def test_a_field_beyond_what_the_weights_can_hold_is_one_clear_error_before_matching():
    # MP spread in the millions: criterion 5's layer alone exceeds 2**62, even with the
    # tie-break dropped. A PairingError (exit 2 from `pair`), never an assert.
    field = tuple(Entrant(f"p{i}", mp=i * 1_000_000) for i in range(200))
    with pytest.raises(PairingError, match="too large to pair exactly"):
        pair_round(PairingRequest(2, field))
