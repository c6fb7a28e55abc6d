"""Events of every game system for the pre-game, round-length and clock tests."""

from __future__ import annotations

from typing import Any

from rules_engine import registry
from tests.builders.rows import make_event
from tournaments.models import Event

SYSTEMS = ("starcraft-tmg", "dropzone-commander", "morsdei", "warpspawn-starcraft")


def first_scale(slug: str) -> str:
    return next(iter(registry.get_system(slug).scales))


def system_event(system: str, **fields: Any) -> Event:
    """An event of the game `system` written straight to the database, at its first scale."""
    fields.setdefault("slug", f"{system}-open")
    fields.setdefault("scale", "skirmish" if system == "starcraft-tmg" else first_scale(system))
    return make_event(game_system=system, **fields)
