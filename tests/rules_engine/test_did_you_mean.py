"""An unknown name gets "did you mean …?" in every system, from one shared helper
(`rules_engine.names.closest_name`): plural or singular, case, small typos."""

from __future__ import annotations

import datetime as dt

import pytest

from rules_engine.names import closest_name, did_you_mean
from rules_engine.verdict import EventRequirements, judge_rosters, roster_rules_for
from tests.builders.systems import CASES

TODAY = dt.date(2026, 12, 1)
KNOWN = ("SCV", "Marine", "Warden Sergeant", "Legionnaires", "Fury", "Siege Tank")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("SCVs", "SCV"),
        ("scv", "SCV"),
        ("Marines", "Marine"),
        ("marine", "Marine"),
        ("Warden Sargent", "Warden Sergeant"),
        ("Legionnaire", "Legionnaires"),
        ("Furies", "Fury"),
        ("Siege Tanks", "Siege Tank"),
    ],
)
def test_the_closest_known_name_is_suggested(typed, meant):
    assert closest_name(typed, KNOWN) == meant
    assert did_you_mean(typed, KNOWN) == f" (did you mean {meant}?)"


def test_nothing_close_suggests_nothing():
    assert closest_name("Battlecruiser", KNOWN) is None
    assert did_you_mean("Battlecruiser", KNOWN) == ""


def _messages(slug: str, text: str) -> list[str]:
    case = next((c for c in CASES if c.slug == slug), None)
    requirements = EventRequirements(
        slug, TODAY, case.scale if case else None, case.points_limit if case else None
    )
    rules = roster_rules_for(slug)
    return [v.message for v in judge_rosters([rules.read(text)], requirements).rosters[0].violations]


def test_warpspawn_suggests_the_singular_card():
    messages = _messages("warpspawn-starcraft", "Player: A\nFaction: Terran\n4x SCVs\n")
    assert any("did you mean SCV?" in m for m in messages), messages


def test_morsdei_suggests_the_fighter():
    messages = _messages("morsdei", "Player: A\nWarband: Ashen Wardens\nWarden Sargent\n")
    assert any("did you mean Warden Sergeant?" in m for m in messages), messages


def test_dropzone_suggests_the_unit_and_the_card():
    case = next(c for c in CASES if c.slug == "dropzone-commander")
    text = case.legal("A").replace("1x Bear APC", "1x Bear APCs")
    text = text.replace("Core Card 01", "Core Crad 01")
    messages = _messages("dropzone-commander", text)
    assert any("did you mean Bear APC?" in m for m in messages), messages
    assert any("did you mean Core Card 01?" in m for m in messages), messages


def test_starcraft_suggests_the_singular_unit():
    text = "Player: A\nFaction: Raynor's Raiders\nScale: skirmish\nUnits:\n6x Marines\n"
    messages = _messages("starcraft-tmg", text)
    assert any("did you mean Marine?" in m for m in messages), messages
