"""The production server's configuration: gunicorn with threads, warmed before it forks."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_gunicorn_runs_threaded_workers_from_a_preloaded_app(monkeypatch):
    monkeypatch.delenv("GUNICORN_THREADS", raising=False)
    conf = runpy.run_path(str(ROOT / "config" / "gunicorn.conf.py"))
    assert conf["worker_class"] == "gthread"
    assert conf["threads"] > 1
    assert conf["preload_app"] is True
    assert conf["wsgi_app"] == "config.wsgi:application"
    assert conf["bind"].startswith("127.0.0.1:")
    assert callable(conf["when_ready"])


@pytest.mark.django_db
def test_warming_touches_no_database(django_assert_num_queries):
    from config.warm import warm

    with django_assert_num_queries(0):
        warm()


def test_warming_imports_what_the_polled_pages_need():
    code = (
        "import os, sys, django; os.environ['DJANGO_SETTINGS_MODULE'] = 'tests.settings'; django.setup();"
        "from config.warm import warm; warm();"
        "print(all(m in sys.modules for m in ('pairings.engine', 'standings', 'tournaments.views.public',"
        " 'tournaments.api.views.standings')))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "True"


@pytest.mark.parametrize(
    "url",
    ["postgres://postgres@db.example.org:5432/postgres", "redis://10.0.0.5:6379/0", "http://example.org/"],
)
def test_the_load_scenario_sends_traffic_to_this_machine_only(url):
    from benchmarks.load_round_end import _loopback

    with pytest.raises(SystemExit, match="refusing"):
        _loopback(url)
    _loopback("postgres://postgres@127.0.0.1:5432/postgres")


def test_the_load_scenario_starts_every_table_at_once_unless_spread():
    from benchmarks.load_round_end import start_offsets

    assert start_offsets(64, 0) == [0.0] * 64


def test_a_spread_load_starts_the_tables_within_it_the_same_way_every_run():
    from benchmarks.load_round_end import start_offsets

    offsets = start_offsets(64, 32.0)
    assert len(offsets) == 64
    assert all(0.0 <= offset < 32.0 for offset in offsets)
    assert offsets == start_offsets(64, 32.0)  # seeded: every run and tree compared alike
    assert len(set(offsets)) == 64
    # Spread over the window, not bunched: each half of it holds a fair share of the starts.
    early = sum(offset < 16.0 for offset in offsets)
    assert 20 <= early <= 44
