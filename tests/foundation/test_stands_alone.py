"""The repository stands alone: its code and docs cite its own pages (docs/, each game
system's DECISIONS.md) and the rulebooks by section, never a specification folder kept
beside the checkout, and a comment gives its reason rather than an issue number a reader
cannot look up."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUFFIXES = {".py", ".md", ".html", ".txt", ".js", ".css", ".toml", ".cfg"}
SKIP = {".venv", "var", ".git", "node_modules", "__pycache__"}
ISSUE = re.compile(r"\bissues? \d+\b", re.IGNORECASE)
SHARED = re.compile(r"(?:\.\./|/work/)shared/|\bshared/(?:interchange|game-systems|seeds|style)")
# Tests may read the rulebooks themselves (a transcription checked against its source).
READS_THE_SOURCE = {"tests/rules_engine/systems/warpspawn_starcraft/test_pack.py"}
THIS = "tests/foundation/test_stands_alone.py"


def _files() -> list[Path]:
    found = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if SKIP & set(rel.parts) or not path.is_file():
            continue
        if path.suffix in SUFFIXES or path.name in ("Makefile", "run"):
            found.append(path)
    return found


def test_the_scan_covers_the_repository() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in _files()}
    assert {"README.md", "docs/interchange.md", "tournaments/models.py", "Makefile"} <= names


def test_nothing_cites_an_issue_number() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _files()
        if path.relative_to(ROOT).as_posix() != THIS
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if ISSUE.search(line)
    ]
    assert hits == [], "\n".join(hits)


def test_nothing_cites_the_specification_folder() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in _files()
        if path.relative_to(ROOT).as_posix() not in READS_THE_SOURCE | {THIS}
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if SHARED.search(line)
    ]
    assert hits == [], "\n".join(hits)
