"""A verdict lists its problems in the roster's line order, for every game system:
whole-roster problems (the event's own, counts, limits) first, then each line's in the
order the lines are written, so a player can work down the list and the roster together."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from rules_engine.verdict import EventRequirements, judge_rosters, roster_rules_for
from tests.builders.documents import raynor
from tests.builders.systems import CASE_IDS, CASES

TODAY = dt.date(2026, 12, 1)
SECTIONS = ("faction_card", "cards", "units", "commanders", "missions", "deployments")


def _position(where: str) -> tuple[int, ...] | None:
    """Where a problem's line is, comparable; None for a whole-roster problem."""
    if found := re.match(r"line (\d+)", where):
        return (int(found.group(1)),)
    if found := re.match(r"(\w+)\[(\d+)\]", where):
        return (SECTIONS.index(found.group(1)), int(found.group(2)))
    return None


def _assert_line_order(wheres: list[str]) -> None:
    positions = [_position(w) for w in wheres]
    first_line = next((i for i, p in enumerate(positions) if p is not None), len(positions))
    assert all(p is None for p in positions[:first_line]), wheres
    lines = [p for p in positions[first_line:]]
    assert None not in lines, wheres
    assert lines == sorted(lines), wheres  # type: ignore[type-var]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_each_systems_problems_come_in_line_order(case):
    rules = roster_rules_for(case.slug)
    requirements = EventRequirements(case.slug, TODAY, case.scale, case.points_limit)
    result = judge_rosters([rules.read(case.mistakes())], requirements)
    _assert_line_order([v.where for v in result.rosters[0].violations])


def test_a_warpspawn_deck_over_its_copies_is_blamed_in_line_order():
    text = "Player: A\nFaction: Terran\n9x Marine\nZergling\nNot A Card\n"
    rules = roster_rules_for("warpspawn-starcraft")
    result = judge_rosters([rules.read(text)], EventRequirements("warpspawn-starcraft", TODAY))
    assert [v.where for v in result.rosters[0].violations] == ["line 3", "line 4", "line 5"]


def test_starcraft_whole_roster_problems_first_then_the_document_order():
    doc = raynor()
    doc["units"][4] = {"name": "Jim Raynorr", "models": 1, "upgrades": []}
    doc["cards"][0] = "Barraks"
    doc["missions"] = [*doc["missions"], "Divide and Conquer"]
    doc["scale"] = "standard"
    rules = roster_rules_for("starcraft-tmg")
    requirements = EventRequirements("starcraft-tmg", TODAY, "skirmish")
    wheres = [v.where for v in judge_rosters([rules.read(doc)], requirements).rosters[0].violations]
    _assert_line_order(wheres)
    assert wheres == ["scale", "missions", "cards[0]", "units[4]"]
