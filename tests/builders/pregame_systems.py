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


def system_event(slug: str, **fields: Any) -> Event:
    """An event of `slug` written straight to the database, at its first scale."""
    fields.setdefault("slug", f"{slug}-open")
    fields.setdefault("scale", "skirmish" if slug == "starcraft-tmg" else first_scale(slug))
    return make_event(game_system=slug, **fields)


def running_events(monkeypatch: pytest.MonkeyPatch, slug: str) -> None:
    """Let the web services run events of `slug` for one test."""
    system = registry.get_system(slug)
    monkeypatch.setitem(registry._SYSTEMS, slug, dataclasses.replace(system, runs_events=True))
