"""The README is one screen that hands the reader on to docs/, so every hand-off must
land: each relative link in the README and the docs names a file that exists (and a
heading that exists, when it names one), every `docs/<page>.md` a file cites is a page of
the repository, and the README keeps to what it promises (what Muster is, the two
commands, the demo, links)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (.+)$", re.MULTILINE)
CITE = re.compile(r"(?<![\w/.-])docs/([\w-]+\.md)")
SUFFIXES = {".py", ".md", ".html", ".txt", ".js", ".css", ".toml", ".cfg", ".conf"}
SKIP = {".venv", "var", ".git", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache"}
SCREEN_LINES = 50


def _pages() -> list[Path]:
    return [
        README,
        *sorted((ROOT / "docs").glob("*.md")),
        *sorted((ROOT / "rules_engine" / "systems").glob("*/DECISIONS.md")),
    ]


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _broken_links(page: Path, root: Path = ROOT) -> list[str]:
    broken = []
    for url in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z][a-z0-9+.-]*:", url):  # http:, https:, mailto:
            continue
        path, _, fragment = url.partition("#")
        target = (page.parent / path).resolve() if path else page
        where = f"{page.relative_to(root)}: ({url})"
        if not target.exists():
            broken.append(f"{where} names no file")
        elif fragment and target.suffix == ".md":
            anchors = {_anchor(h) for h in HEADING.findall(target.read_text(encoding="utf-8"))}
            if fragment not in anchors:
                broken.append(f"{where} names no heading of {target.relative_to(root)}")
    return broken


def test_the_pages_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in _pages()}
    assert {"README.md", "docs/roles.md", "docs/api.md", "docs/configuration.md"} <= names


def test_every_relative_link_lands() -> None:
    broken = [line for page in _pages() for line in _broken_links(page)]
    assert broken == [], "\n".join(broken)


def test_a_broken_link_is_noticed(tmp_path: Path) -> None:
    # The check above would pass on any page if it could not see a link at all.
    (tmp_path / "there.md").write_text("# A heading\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md#a-heading) [gone](missing.md) [no heading](there.md#nope) [web](https://x.org)\n",
        encoding="utf-8",
    )
    assert _broken_links(page, root=tmp_path) == [
        "page.md: (missing.md) names no file",
        "page.md: (there.md#nope) names no heading of there.md",
    ]


def _files() -> list[Path]:
    found = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if SKIP & set(rel.parts) or any(p.endswith(".egg-info") for p in rel.parts) or not path.is_file():
            continue
        if path.suffix in SUFFIXES or path.name in ("Makefile", "run"):
            found.append(path)
    return found


def test_every_cited_docs_page_exists() -> None:
    missing = sorted(
        {
            f"{path.relative_to(ROOT)}: docs/{name}"
            for path in _files()
            for name in CITE.findall(path.read_text(encoding="utf-8", errors="replace"))
            if not (ROOT / "docs" / name).is_file()
        }
    )
    assert missing == [], "\n".join(missing)


def test_the_readme_is_one_screen_that_starts_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= SCREEN_LINES, "the README is one screen: the rest goes in docs/"
    block = re.search(r"```sh\n(.*?)```", text, re.DOTALL)
    assert block is not None, "the README's set-up block"
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines()]
    assert commands[:2] == ["make run", "make test"]
    for login in ("demo-to", "demo-judge", "demo-player"):
        assert f"`{login}`" in text, login


def test_the_readme_hands_the_reader_on_to_the_docs() -> None:
    linked = set(LINK.findall(README.read_text(encoding="utf-8")))
    for page in ("features", "roles", "game-systems", "api", "interchange", "configuration", "architecture"):
        assert f"docs/{page}.md" in linked, page
