"""Write docs/accessibility.md's tables from the last browser runs' axe results.

    .venv/bin/python -m tests.browser.accessibility_table

reads var/accessibility.json (the journeys' scan, tests/browser/journeys/test_accessibility.py)
and var/accessibility-walk.json (the page walk, tests/browser/test_every_page.py) and
replaces what stands between the `<!-- axe-table -->` and `<!-- /axe-table -->` markers
(the journeys) and between `<!-- walk-table -->` and `<!-- /walk-table -->` (the walk).
A missing results file leaves its table as it is.
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "accessibility.md"
JOURNEYS = REPO / "var" / "accessibility.json"
WALK = REPO / "var" / "accessibility-walk.json"
IMPACTS = ("critical", "serious", "moderate", "minor")
ROLES = ("anonymous", "player", "judge", "TO")


def _rules(rules: list[str]) -> str:
    return ", ".join(rules) if rules else "—"


def journeys_table(scans: list[dict[str, Any]]) -> str:
    lines = [
        "| page | as | critical | serious | moderate | minor | rules (elements) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    totals = dict.fromkeys(IMPACTS, 0)
    for scan in scans:
        counts = scan["counts"]
        for impact in IMPACTS:
            totals[impact] += counts[impact]
        cells = " | ".join(str(counts[impact]) for impact in IMPACTS)
        lines.append(f"| `{scan['page']}` | {scan['as']} | {cells} | {_rules(scan['rules'])} |")
    bold = " | ".join(f"**{totals[impact]}**" for impact in IMPACTS)
    lines.append(f"| **all {len(scans)} scans** | | {bold} | |")
    return "\n".join(lines)


def walk_tables(walk: dict[str, Any]) -> str:
    """How many pages each role was walked on, per system and width; then one row per page
    and role with its scans summed over the systems and both widths."""
    scans: list[dict[str, Any]] = walk["scans"]
    systems = sorted({s["system"] for s in scans}, key=lambda name: (name != "—", name))
    widths = sorted({s["width"] for s in scans})
    count: dict[tuple[str, str, int], int] = defaultdict(int)
    for scan in scans:
        count[(scan["as"], scan["system"], scan["width"])] += 1
    header = " | ".join(f"{system} {width}" for system in systems for width in widths)
    lines = [
        f"Pages walked, by role, game system (— : pages about no event) and width (px); "
        f"{len(scans)} scans in {walk['seconds']} s.",
        "",
        f"| as | {header} |",
        "| --- |" + " --- |" * (len(systems) * len(widths)),
    ]
    for role in ROLES:
        cells = " | ".join(str(count[(role, system, width)]) for system in systems for width in widths)
        lines.append(f"| {role} | {cells} |")
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for scan in scans:
        row = rows.setdefault(
            (scan["page"], scan["as"]),
            {
                "scans": 0,
                "systems": set(),
                "status": set(),
                "layout": 0,
                "rules": set(),
                **dict.fromkeys(IMPACTS, 0),
            },
        )
        row["scans"] += 1
        row["systems"].add(scan["system"])
        row["status"].add(scan["status"])
        row["layout"] += len(scan["layout"])
        row["rules"].update(rule.split(" (")[0] for rule in scan["rules"])
        for impact in IMPACTS:
            row[impact] += scan["counts"][impact]
    lines += [
        "",
        "| page | as | scans | status | layout problems | critical | serious | moderate | minor | rules |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    order = {role: n for n, role in enumerate(ROLES)}
    for (page, role), row in sorted(rows.items(), key=lambda item: (order[item[0][1]], item[0][0])):
        status = ", ".join(str(code) for code in sorted(row["status"]))
        impacts = " | ".join(str(row[impact]) for impact in IMPACTS)
        rules = _rules(sorted(row["rules"]))
        lines.append(
            f"| `{page}` | {role} | {row['scans']} | {status} | {row['layout']} | {impacts} | {rules} |"
        )
    bold = " | ".join(f"**{sum(r[impact] for r in rows.values())}**" for impact in IMPACTS)
    layout = sum(r["layout"] for r in rows.values())
    total = f"**{len(rows)} pages and roles, {len(scans)} scans**"
    lines.append(f"| {total} | | | | **{layout}** | {bold} | |")
    return "\n".join(lines)


def replace_between(text: str, marker: str, table: str) -> str:
    pattern = re.compile(rf"(<!-- {marker} -->\n)(?:.*?\n)?(<!-- /{marker} -->)", re.S)
    if not pattern.search(text):
        raise SystemExit(f"docs/accessibility.md has no <!-- {marker} --> ... <!-- /{marker} --> markers")
    return pattern.sub(lambda match: match.group(1) + table + "\n" + match.group(2), text)


def main() -> int:
    text = DOC.read_text(encoding="utf-8")
    if JOURNEYS.exists():
        text = replace_between(
            text, "axe-table", journeys_table(json.loads(JOURNEYS.read_text(encoding="utf-8")))
        )
    if WALK.exists():
        text = replace_between(text, "walk-table", walk_tables(json.loads(WALK.read_text(encoding="utf-8"))))
    DOC.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
