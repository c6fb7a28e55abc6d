"""The game-system seam, checked on the source (docs/architecture.md, "Game systems").

The contract (`rules_engine.game_system`) is a leaf; the registry only collects the systems
named in the `muster.game_systems` entry points; each system is one package that nothing
outside it imports, and that looks nothing up in the registry itself.
"""

from __future__ import annotations

import re
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from rules_engine.game_system import GameSystem
from rules_engine.registry import GROUP, all_systems, get_system, installed_entry_points
from tests.foundation.test_layout import _imports

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = ROOT / "rules_engine" / "systems"
PACKAGES = sorted(p.name for p in SYSTEMS.iterdir() if (p / "__init__.py").exists())
APP_DIRS = sorted(
    p
    for p in ROOT.iterdir()
    if p.is_dir() and (p / "__init__.py").exists() and p.name not in {"tests", "benchmarks"}
)

# Files outside a system's package that may still import it, each with its reason. The
# benchmarks measure one system's own rules (the army validator, the repair search), so they
# name what they time; no app module is here.
ALLOWED_OUTSIDE = {
    "benchmarks/bench_repair.py": "times StarCraft's repair search itself",
    "benchmarks/bench_rules.py": "times StarCraft's army validator itself",
    "benchmarks/bench_startup.py": "feeds validate_roster one of StarCraft's example armies",
    "benchmarks/bench_printing.py": "prints a sheet of a StarCraft roster judged by its own rules",
}


def _python_files(folder: Path) -> list[Path]:
    return [f for f in sorted(folder.rglob("*.py")) if ".venv" not in f.parts]


def test_every_package_under_systems_is_a_system():
    assert {"dropzone_commander", "morsdei", "starcraft_tmg", "warpspawn_starcraft"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_system_looks_anything_up_in_the_registry(package):
    # Nor through the event-level checks, which sit above the registry: a system writes its
    # reports in rules_engine.roster_report's words.
    for source in _python_files(SYSTEMS / package):
        for module in _imports(source):
            assert module not in ("rules_engine.registry", "rules_engine.verdict"), (
                f"{source.relative_to(ROOT)} imports {module}"
            )


@pytest.mark.parametrize("package", PACKAGES)
def test_nothing_outside_a_system_imports_it(package):
    own = f"rules_engine.systems.{package}"
    outside = [f for d in (*APP_DIRS, ROOT / "benchmarks") for f in _python_files(d)]
    outside += [f for f in ROOT.glob("*.py")]
    for source in outside:
        relative = source.relative_to(ROOT).as_posix()
        if relative.startswith(f"rules_engine/systems/{package}/") or relative in ALLOWED_OUTSIDE:
            continue
        for module in _imports(source):
            assert module.split(".")[:3] != own.split("."), f"{relative} imports {module}"


def test_the_allowed_exceptions_are_still_needed():
    for relative in ALLOWED_OUTSIDE:
        modules = _imports(ROOT / relative)
        assert any(m.startswith("rules_engine.systems.") for m in modules), relative


def test_the_contract_is_a_leaf():
    # It may use the pure modules below it, never the table, the event-level checks or a system.
    for module in _imports(ROOT / "rules_engine" / "game_system.py"):
        assert module.startswith("rules_engine.") is False or module in (
            "rules_engine.deciding",
            "rules_engine.pregame",
            "rules_engine.scoring",
            "rules_engine.sections",
            "rules_engine.roster_report",
            "rules_engine.roster_check",
            "rules_engine.roster_rules",
            "rules_engine.team_games",
        ), module


def test_the_contract_s_team_games_are_below_the_registry():
    for module in _imports(ROOT / "rules_engine" / "team_games.py"):
        assert module not in ("rules_engine.registry", "rules_engine.verdict"), module


def test_the_registry_names_no_system():
    text = (ROOT / "rules_engine" / "registry.py").read_text(encoding="utf-8")
    for module in _imports(ROOT / "rules_engine" / "registry.py"):
        assert not module.startswith("rules_engine.systems"), module
        assert module != "rules_engine.verdict"
    for package in PACKAGES:
        assert package not in text
        assert package.replace("_", "-") not in text


def test_the_built_in_systems_are_found_through_their_entry_points():
    # Every package under systems/ is named by one entry point, under its system's slug.
    declared = {point.name: point.value for point in entry_points(group=GROUP)}
    built_in = {name: value for name, value in declared.items() if value.startswith("rules_engine.systems.")}
    assert {value for value in built_in.values()} == {f"rules_engine.systems.{p}:SYSTEM" for p in PACKAGES}
    assert built_in["starcraft-tmg"] == "rules_engine.systems.starcraft_tmg:SYSTEM"
    # The registry reads the same entry points importlib.metadata does, without importing it.
    assert {name: point.value for name, point in installed_entry_points().items()} == declared
    for slug in declared:
        system = get_system(slug)
        assert isinstance(system, GameSystem)
        assert system.slug == slug
    assert {s.slug for s in all_systems()} >= set(declared)


def test_pyproject_names_the_entry_points():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '[project.entry-points."muster.game_systems"]' in text


def test_event_code_asks_the_event_for_its_system():
    # `Event.system`, not a lookup by the event's slug, wherever a Django Event is at hand;
    # the pure engines take event files (no `system` there) and look theirs up.
    pattern = re.compile(r"get_system\((?:\w+\.)*event\.game_system\)")
    pure = ("standings/", "pairings/", "bracket/", "interchange/eventfile.py")
    offenders = []
    for folder in APP_DIRS:
        for source in _python_files(folder):
            relative = source.relative_to(ROOT).as_posix()
            if relative.startswith(pure):
                continue
            if pattern.search(source.read_text(encoding="utf-8")):
                offenders.append(relative)
    assert offenders == []
