"""Roster documents (roster/1) from the StarCraft TMG rulebook's worked examples."""

from __future__ import annotations

import copy
import json
from typing import Any

from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR as EXAMPLES

RAYNOR = "raynors-raiders-9-1-7.json"
TERRAN = "terran-starter.json"


def example_document(name: str = RAYNOR, player: str | None = None) -> dict[str, Any]:
    """One of the rulebook examples as a roster document (its test expectations removed)."""
    document: dict[str, Any] = json.loads((EXAMPLES / name).read_text())
    document.pop("expected", None)
    if player is not None:
        document["player"] = player
    return document


def raynor(player: str = "Bob", **changes: Any) -> dict[str, Any]:
    """The 9.1.7 example (1670 Minerals, 185 Gas; a legal Standard roster) with `changes`
    applied to its top-level keys."""
    document = example_document(RAYNOR, player)
    document.update(copy.deepcopy(changes))
    return document


def illegal_roster(player: str = "Bob") -> dict[str, Any]:
    """The 9.1.7 roster with one mission missing and a unit that does not exist."""
    document = raynor(player)
    document["missions"] = document["missions"][:1]
    document["units"] = [*document["units"], {"name": "Death Star", "models": 1, "upgrades": []}]
    return document


def without_unit(document: dict[str, Any], name: str) -> dict[str, Any]:
    """The roster minus the last unit called `name`."""
    units = list(document["units"])
    last = max(i for i, u in enumerate(units) if u["name"] == name)
    return {**document, "units": units[:last] + units[last + 1 :]}


# Hand-worked from the 9.1.7 line items: 1670 Minerals less the Goliath's 190.
NO_GOLIATH_MINERALS = 1670 - 190  # 1480


def terran_document(player: str = "Example") -> dict[str, Any]:
    """The small Terran starter roster (a legal Skirmish roster)."""
    return example_document(TERRAN, player)


def terran_text(player: str = "Example") -> str:
    return json.dumps(terran_document(player))
