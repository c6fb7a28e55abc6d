"""The house rules of docs/architecture.md, checked on the source itself.

Pure engines import no Django (nor any app); apps depend on each other in one direction
only, in the order of LAYERS (a package may import only packages below it).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Lowest first. Pure packages, then the Django apps.
PURE = (
    "rules_engine",
    "standings",
    "bracket",
    "team_match",
    "ratings",
    "season_points",
    "faction_stats",
    "pairings",
)
PURE_MODULES = ("interchange.offline", "judging.domain")
LAYERS = (
    "rules_engine",
    "standings",
    "bracket",
    "team_match",
    "ratings",
    "season_points",
    "faction_stats",
    "pairings",
    "accounts",
    "rosters",
    "tournaments",
    "judging",
    "venue",
    "awards",
    "seasons",
    "printing",
    "interchange",
)
DJANGO_ROOTS = {"django", "rest_framework", "drf_spectacular", "celery"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _sources(package: str) -> list[Path]:
    base = ROOT / package.replace(".", "/")
    files = [base.with_suffix(".py")] if base.with_suffix(".py").exists() else sorted(base.rglob("*.py"))
    return [f for f in files if "migrations" not in f.parts]


@pytest.mark.parametrize("package", PURE + PURE_MODULES)
def test_pure_engines_import_no_django_and_no_app(package):
    apps = set(LAYERS) - set(PURE)
    for source in _sources(package):
        for module in _imports(source):
            root = module.split(".")[0]
            assert root not in DJANGO_ROOTS, f"{source.relative_to(ROOT)} imports {module}"
            if root in apps:
                allowed = any(module == m or module.startswith(m + ".") for m in PURE_MODULES)
                assert allowed, f"{source.relative_to(ROOT)} imports the app module {module}"


@pytest.mark.parametrize("package", LAYERS)
def test_packages_import_only_the_layers_below_them(package):
    below = set(LAYERS[: LAYERS.index(package)])
    above = set(LAYERS) - below - {package}
    for source in _sources(package):
        for module in _imports(source):
            root = module.split(".")[0]
            if root in above and not any(module.startswith(m) for m in PURE_MODULES):
                pytest.fail(f"{source.relative_to(ROOT)} ({package}) imports {module}, a layer above it")


def test_the_pairing_engine_loads_no_networkx():
    import subprocess
    import sys

    code = "import sys, pairings.engine; print('networkx' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_pairing_engine_builds_no_standings_tables_or_explanations():
    """`standings` resolves its names lazily (standings/__init__.py), so scoring a game for
    the pairing engine does not create the display and explanation classes."""
    import subprocess
    import sys

    code = (
        "import sys, pairings.engine, pairings.engine.pairing; "
        "print(sorted(m for m in ('standings.display', 'standings.explanation', 'standings.engine') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_no_lazy_standings_name_is_shadowed_by_a_submodule():
    """Importing a submodule sets it as an attribute of its package, which would hide a
    lazily resolved name of the same spelling (`standings.explain` the module against
    `explain` the function): no name in `standings.__all__` may be a submodule's."""
    import pkgutil

    import standings

    submodules = {m.name for m in pkgutil.iter_modules(standings.__path__)}
    assert submodules >= {"engine", "display", "explanation", "game_scores", "records"}
    assert not submodules & set(standings.__all__)
    for name in standings.__all__:
        assert getattr(standings, name) is not None


def test_the_editable_install_is_a_path_not_an_import_hook():
    """pyproject.toml maps the root to "" so that setuptools installs the project as one
    line in a .pth file; its MetaPathFinder cost every process in the venv about 20 ms of
    imports (pathlib, urllib, ipaddress) before it ran a line of ours."""
    import sysconfig

    site = Path(sysconfig.get_paths()["purelib"])
    if not (site / "muster-0.1.0.dist-info").exists() and not list(site.glob("__editable__*muster*")):
        pytest.skip("the project is not installed in this environment (run `make setup`)")
    assert not list(site.glob("__editable___muster_*_finder.py"))
    (pth,) = site.glob("__editable__.muster-*.pth")
    assert Path(pth.read_text().strip()).resolve() == ROOT.resolve()


def test_a_swiss_pair_loads_no_bracket(tmp_path):
    """`pair` on a file without a cut (or before it) never imports the bracket, whose engine
    builds the standings tables a Swiss pairing does without."""
    import json
    import os
    import subprocess
    import sys

    doc = {"format": "event/1", "players": [{"id": f"p{i}", "name": f"P{i}"} for i in range(4)], "rounds": []}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = (
        "import contextlib, io, sys\n"
        "from interchange import offline\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    code = offline.main(['manage.py', 'pair', {str(path)!r}, '--json'])\n"
        "print(code, sorted(m for m in sys.modules if m.split('.')[0] == 'bracket'))"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, env=env
    )
    assert out.stdout.strip() == "0 []"
