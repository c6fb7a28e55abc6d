"""A violation's rule reads as the book's section in words on the pages, for every system;
the machine reference (`section`: a line of the book, a pack key) stays for developers."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from rules_engine.registry import get_system
from rules_engine.verdict import EventRequirements, judge_rosters, roster_rules_for
from tests.builders.systems import CASE_IDS, CASES

# What a player must never be shown as a rule: a line of a source file.
MACHINE = re.compile(r"DZC:|MOR:|\b004\b|\blines?\b \d")


@pytest.mark.parametrize(
    ("slug", "reference", "words"),
    [
        ("starcraft-tmg", "Part 9.1.6", "Army Building → Mustering Units (Part 9.1.6)"),
        ("starcraft-tmg", "Part 9.2", "Preparing for Battle → Mission Selection and the Draft (Part 9.2)"),
        ("starcraft-tmg", "OP Guide: Dual List Format", "Organised Play Guide → Dual List Format"),
        ("dropzone-commander", "DZC:318", "Preparation → Build Command Card Deck (3.2.6)"),
        (
            "dropzone-commander",
            "DZC:302, DZC:318 (decision DZ-D03)",
            "Preparation → Choose Commanders (3.2.5); Preparation → Build Command Card Deck (3.2.6)",
        ),
        ("morsdei", "MOR:113", "Fighter cards"),
        ("morsdei", "pack: warband_rules (MORSDEI Q1)", "The event's data pack → warband rules"),
        ("warpspawn-starcraft", "004 lines 61-171, 195-303", "Terran Deck Card List; Zerg Deck Card List"),
        ("warpspawn-starcraft", "004, the copies column (004 line 99)", "Terran Deck Card List"),
    ],
)
def test_a_reference_reads_as_the_books_section(slug, reference, words):
    assert get_system(slug).rule_title(reference) == words


def test_a_reference_nobody_can_name_shows_nothing():
    assert get_system("dropzone-commander").rule_title("DZC:5") == ""


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_every_mistake_of_each_system_has_words_and_no_machine_reference(case):
    rules = roster_rules_for(case.slug)
    requirements = EventRequirements(case.slug, dt.date(2026, 12, 1), case.scale, case.points_limit)
    for violation in judge_rosters([rules.read(case.mistakes())], requirements).rosters[0].violations:
        words = get_system(case.slug).rule_title(violation.section)
        assert words, violation
        assert not MACHINE.search(words), words


@pytest.mark.parametrize(
    "text",
    [
        "Player: A\nFaction: UCM\n2x Sabre\n",
        "Player: A\nFaction: UCM\nPoints: 100\n2x Sabre\n",
        "Player: A\nFaction: UCM\nPoints: 1500\nScale: skirmish\n2x Sabre\n",
    ],
)
def test_a_typed_army_that_cannot_be_read_cites_the_section_in_words(text):
    from rules_engine.roster_check import RosterInputError

    with pytest.raises(RosterInputError) as refused:
        roster_rules_for("dropzone-commander").read(text)
    assert "DZC:" not in str(refused.value)
    assert "Game Size (3.1)" in str(refused.value)
