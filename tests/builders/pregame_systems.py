"""Events of every game system for the pre-game, round-length and clock tests (issue 12).

The three newer systems do not run web events yet (`runs_events` is off until the whole
pipeline lands), so `running_events` lets one test run them through the real services.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

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


def running_events(monkeypatch: pytest.MonkeyPatch, slug: str) -> None:
    """Let the web services run events of `slug` for one test."""
    system = registry.get_system(slug)
    monkeypatch.setitem(registry._SYSTEMS, slug, dataclasses.replace(system, runs_events=True))
