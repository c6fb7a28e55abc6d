"""An installed Muster holds every app: the wheel's packages are found by exclusion (all but
the tests and the benchmarks), so a new app is packaged without a line in pyproject.toml.

The check reads the build's own configuration and runs setuptools' package finder on it,
as `pip install .` does, without building (a build fetches setuptools from the index)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from django.apps import apps
from setuptools import find_packages

REPO = Path(__file__).resolve().parents[2]


def _packaged() -> set[str]:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    found = config["tool"]["setuptools"]["packages"]["find"]
    assert "include" not in found, "packages are found by exclusion, not listed"
    return set(find_packages(where=str(REPO), exclude=found.get("exclude", ())))


def test_every_installed_app_of_the_repository_is_packaged():
    packaged = _packaged()
    ours = [app.name for app in apps.get_app_configs() if (REPO / app.name.split(".")[0]).is_dir()]
    assert ours, "the repository's own apps"
    assert {"awards", "tournaments", "printing", "judging"} <= set(ours)
    for name in ours:
        assert name in packaged, name


def test_every_package_but_the_tests_and_benchmarks_is_packaged():
    packaged = _packaged()
    top = {p.parent.name for p in REPO.glob("*/__init__.py")}
    assert top - {"tests", "benchmarks"} <= {name.split(".")[0] for name in packaged}
    assert not any(name.split(".")[0] in ("tests", "benchmarks") for name in packaged)
    assert "rules_engine.systems.morsdei" in packaged  # subpackages too
