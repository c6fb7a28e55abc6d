"""Nothing outside StarCraft's package names StarCraft's terms ("Done when").

The core is game-neutral: minerals, gas, missions, deployments and Battle Rounds belong to
`rules_engine/systems/starcraft_tmg/` and its templates (`templates/games/starcraft_tmg/`).
Migrations are history and keep the names the columns once had; docs, tests and
benchmarks (which exercise StarCraft's validator on its data) may name anything.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TERMS = re.compile(r"\b(minerals?|gas|missions?|deployments?|battle[ _-]?rounds?)\b", re.IGNORECASE)
# Every package of the product (found, so a new app is scanned without a line here), and the
# templates and static files; not the tests or the benchmarks.
PRODUCT = (
    *sorted(
        p.parent.name for p in ROOT.glob("*/__init__.py") if p.parent.name not in ("tests", "benchmarks")
    ),
    "templates",
    "static",
)
SUFFIXES = {".py", ".html", ".txt", ".js", ".css", ".json"}
STARCRAFT = ("rules_engine/systems/starcraft_tmg/", "templates/games/starcraft_tmg/")


def _product_files() -> list[Path]:
    files = []
    for top in PRODUCT:
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix not in SUFFIXES or "migrations" in path.parts or rel.startswith(STARCRAFT):
                continue
            files.append(path)
    return files


def test_the_scan_covers_the_product() -> None:
    scanned = {p.relative_to(ROOT).as_posix() for p in _product_files()}
    assert "tournaments/services/reporting.py" in scanned
    assert "judging/domain/clock.py" in scanned
    assert any(s.startswith("awards/") for s in scanned)
    assert "static/js/clock.js" in scanned
    assert not any(s.startswith(STARCRAFT) for s in scanned)


def test_no_starcraft_term_outside_its_package() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _product_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if TERMS.search(line)
    ]
    assert hits == [], "StarCraft's terms outside its package:\n" + "\n".join(hits)


# The cut's engine asks each game system who won (`GameSystem.decide_game`) and never knows
# which system it runs: no system's name, nor the terms only one of them uses.
GAME_NAMES = re.compile(
    r"starcraft|dropzone|morsdei|warpspawn|kill[ _-]?points?|\bkp\b|complete[ _-]victory", re.IGNORECASE
)


def test_the_bracket_names_no_game_system() -> None:
    sources = sorted((ROOT / "bracket").rglob("*.py"))
    assert sources
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if GAME_NAMES.search(line)
    ]
    assert hits == [], "game-system terms in the bracket:\n" + "\n".join(hits)


# The team match engines take each game as its game system scored it (`score_game`) and
# never know which system that is either.
def test_the_team_match_engines_name_no_game_system() -> None:
    sources = sorted((ROOT / "team_match").rglob("*.py"))
    assert sources
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if GAME_NAMES.search(line)
    ]
    assert hits == [], "game-system terms in team_match:\n" + "\n".join(hits)
