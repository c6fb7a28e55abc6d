"""Django's ``{# … #}`` comment ends on its own line: one left open prints raw.

A ``{#`` whose ``#}`` is on a later line is not a comment to the template engine, so the
text between them reaches the page (the TO's overview and round page once showed one).
Longer comments use ``{% comment %}``.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".venv", "node_modules", ".git", "var"}


def template_files() -> list[Path]:
    folders = [ROOT / "templates"]
    folders += [path for path in ROOT.glob("*/templates") if path.is_dir() and path.parent.name not in SKIP]
    files = [
        path
        for folder in folders
        for path in folder.rglob("*")
        if path.is_file() and path.suffix in {".html", ".txt", ".xml", ".css", ".js", ".webmanifest"}
    ]
    return sorted(files)


def unclosed_comments(text: str) -> list[int]:
    """The line numbers of each ``{#`` with no ``#}`` after it on the same line."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in re.finditer(r"\{#", line):
            if "#}" not in line[match.end() :]:
                found.append(number)
                break
    return found


def test_the_scan_sees_the_templates() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in template_files()}
    assert "templates/base.html" in names
    assert "templates/tournaments/manage/dashboard.html" in names


def test_the_scan_finds_a_comment_left_open() -> None:
    assert unclosed_comments("a\n{# one line #}\n{# two\n lines #}\n") == [3]
    assert unclosed_comments("{# closed #} then {# open\n") == [1]


def test_no_template_has_a_multi_line_hash_comment() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in template_files()
        for line in unclosed_comments(path.read_text(encoding="utf-8"))
    ]
    assert offenders == [], f"use {{% comment %}} for a comment on several lines: {offenders}"
