"""How long the judge waits for "the smallest change that makes it legal"
(rules_engine.systems.starcraft_tmg.repair).

The book's armies (Part 12.12 and the 9.1.7 example) with one mistake (a 1-edit search)
and with two (the 2-edit search, the worst case: every pair of edits is re-validated).
Figures are the best of three runs, per roster.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from typing import Any

from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from rules_engine.systems.starcraft_tmg.repair import repair_document


def _armies() -> list[dict[str, Any]]:
    out = []
    for path in sorted(EXAMPLES_DIR.glob("*.json")):
        document: dict[str, Any] = json.loads(path.read_text())
        document.pop("expected", None)
        out.append(document)
    return out


def _one_mistake(document: dict[str, Any]) -> dict[str, Any]:
    broken = copy.deepcopy(document)
    broken["units"].append({"name": "Unknown Walker", "models": 1, "upgrades": []})
    return broken


def _two_mistakes(document: dict[str, Any]) -> dict[str, Any]:
    broken = _one_mistake(document)
    broken["cards"].append("Card Nobody Printed")
    return broken


def _best_of_three(rosters: list[dict[str, Any]]) -> tuple[float, int]:
    best, edits = float("inf"), 0
    for _ in range(3):
        start = time.perf_counter()
        found = [repair_document(r) for r in rosters]
        best = min(best, (time.perf_counter() - start) / len(rosters))
        edits = max(len(f.edits) if f is not None else -1 for f in found)
    return best, edits


def run() -> None:
    armies = _armies()
    cases: list[tuple[str, Callable[[dict[str, Any]], dict[str, Any]]]] = [
        ("one mistake (1-edit search)", _one_mistake),
        ("two mistakes (2-edit search)", _two_mistakes),
    ]
    for label, spoil in cases:
        seconds, edits = _best_of_three([spoil(a) for a in armies])
        print(f"repair, {label}: {seconds * 1000:.1f} ms per roster ({len(armies)} armies, {edits} edits)")
