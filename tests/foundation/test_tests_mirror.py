"""The game systems' tests mirror their packages: `rules_engine/systems/<package>/` is
tested in `tests/rules_engine/systems/<package>/`, under the same name, so whoever works on
one system finds all of its pure tests in one place, and a new system's tests have an
obvious home. The engine's own modules (`rules_engine/*.py`) keep theirs in
`tests/rules_engine/` (docs/architecture.md, "Tests mirror the packages")."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = ROOT / "rules_engine" / "systems"
SYSTEM_TESTS = ROOT / "tests" / "rules_engine" / "systems"
ENGINE_TESTS = ROOT / "tests" / "rules_engine"


def _packages(folder: Path) -> set[str]:
    """Sub-folders that are Python packages (caches and data folders are not)."""
    return {p.name for p in folder.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}


def _folders(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.is_dir() and p.name != "__pycache__"}


def test_the_game_systems_are_found() -> None:
    # Guards the two tests below against passing on an empty or moved folder.
    assert {"starcraft_tmg", "dropzone_commander", "morsdei", "warpspawn_starcraft"} <= _packages(SYSTEMS)


def test_each_game_system_has_a_tests_folder_of_its_own_name() -> None:
    missing = []
    for name in sorted(_packages(SYSTEMS)):
        folder = SYSTEM_TESTS / name
        if not (folder / "__init__.py").is_file() or not list(folder.glob("test_*.py")):
            missing.append(f"tests/rules_engine/systems/{name}/ (with __init__.py and a test_*.py)")
    assert missing == [], "game systems without their tests folder:\n" + "\n".join(missing)


def test_each_system_tests_folder_names_a_game_system() -> None:
    # A folder named after the game rather than the package ("dropzone" for
    # dropzone_commander) would leave the package looking untested.
    strays = sorted(_folders(SYSTEM_TESTS) - _packages(SYSTEMS))
    assert strays == [], f"tests/rules_engine/systems/ folders naming no package: {strays}"


def test_the_engine_tests_hold_no_system_folder_beside_systems() -> None:
    assert _folders(ENGINE_TESTS) == {"systems"}, (
        "a game system's tests go in tests/rules_engine/systems/<package>/, not beside it"
    )
