"""The registry collects the systems named in entry points and looks them up by slug."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine import registry
from rules_engine.game_system import GameSystem, Scale
from rules_engine.scoring import ResultBand, ScoringTable

TABLE = ScoringTable((ResultBand("Win", 1, None, 3, 0, 0, 0), ResultBand("Draw", 0, 0, 1, 0, 1, 0)))
ODD = GameSystem(
    slug="odd-game", name="Odd Game", scales={"one": Scale("one", "One", None, "s")}, scoring={"s": TABLE}
)


@pytest.fixture
def points(monkeypatch: pytest.MonkeyPatch):
    """The registry's entry points with some of a test's own beside the installed ones."""
    installed = registry.installed_entry_points()

    def use(**extra: str) -> None:
        found = {**installed, **{name: registry.EntryPoint(name, value) for name, value in extra.items()}}
        monkeypatch.setattr(registry, "_points", found)

    yield use
    registry.forget("odd-game")


def test_a_system_is_loaded_from_its_entry_point_by_slug(points):
    points(**{"odd-game": f"{__name__}:ODD"})
    assert registry.get_system("odd-game") is ODD
    assert registry.system_named("Odd Game") is ODD


def test_an_entry_point_must_name_a_game_system_under_its_own_slug(points):
    points(**{"odd-game": f"{__name__}:TABLE", "other-name": f"{__name__}:ODD"})
    with pytest.raises(TypeError, match="is not a GameSystem"):
        registry.get_system("odd-game")
    with pytest.raises(ValueError, match="whose slug is 'odd-game'"):
        registry.get_system("other-name")


def test_an_unknown_slug_names_the_installed_ones():
    with pytest.raises(registry.UnknownGameSystem) as err:
        registry.get_system("chess")
    assert str(err.value).startswith("unknown game system 'chess' (known: dropzone-commander, morsdei,")


def test_entry_points_are_read_from_the_metadata_folders_on_sys_path(tmp_path: Path, monkeypatch):
    # Two copies of one distribution: the first on sys.path counts, as importlib.metadata has it.
    for folder, value in (("a", "first:SYSTEM"), ("b", "second:SYSTEM")):
        info = tmp_path / folder / "odd_game-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "entry_points.txt").write_text(
            f"[console_scripts]\nodd = odd:main\n\n[{registry.GROUP}]\nodd-game = {value}\n", encoding="utf-8"
        )
    monkeypatch.setattr("sys.path", [str(tmp_path / "a"), str(tmp_path / "b")])
    assert registry.installed_entry_points() == {"odd-game": registry.EntryPoint("odd-game", "first:SYSTEM")}


def test_get_system_loads_only_the_system_asked_for():
    import subprocess
    import sys

    code = (
        "import sys; from rules_engine.registry import get_system; get_system('morsdei'); "
        "print(sorted(m for m in sys.modules if m.startswith('rules_engine.systems.')"
        " and m.count('.') == 2), 'importlib.metadata' in sys.modules)"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    # One system's package, and not the metadata reader (a few tens of ms of `pair`'s start-up).
    assert out.stdout.strip() == "['rules_engine.systems.morsdei'] False"
