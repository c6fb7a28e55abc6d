"""The judging app (and the pre-game interface) names no game's terms: the draft, the
clock's calls and the repair's totals come from each game system's package (issue 12)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TERMS = re.compile(r"\b(minerals?|gas|missions?|deployments?|battle[ _-]?rounds?)\b", re.IGNORECASE)
NOT_YET: set[str] = set()


def _sources() -> list[Path]:
    files = [p for p in (ROOT / "judging").rglob("*.py") if "migrations" not in p.parts]
    files += list((ROOT / "templates" / "judging").rglob("*.html"))
    files += [
        ROOT / "static" / "js" / "clock.js",
        ROOT / "rules_engine" / "pregame.py",
        ROOT / "tournaments" / "services" / "scenarios.py",
    ]
    return [p for p in files if str(p.relative_to(ROOT)) not in NOT_YET]


def test_judging_names_no_game_terms():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _sources()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if TERMS.search(line)
    ]
    assert found == []


def test_the_starcraft_draft_templates_live_with_the_game():
    games = ROOT / "templates" / "games"
    assert (games / "starcraft_tmg" / "draft_state.html").exists()
    assert (games / "starcraft_tmg" / "repair.html").exists()
    assert (games / "_default" / "draft_state.html").exists()
    assert not (ROOT / "judging" / "domain" / "draft.py").exists()
