"""The plain-text roster format (docs/rosters.md): forgiving to read, exact to write."""

from __future__ import annotations

import pytest

from rules_engine.systems.starcraft_tmg.roster_json import Roster, RosterUnit, roster_from_document
from rules_engine.systems.starcraft_tmg.roster_text import (
    RosterTextError,
    read_roster_text,
    write_roster_text,
)
from tests.rules_engine.systems.starcraft_tmg.minipack import base_document

KATHERINE = """\
# Katherine's list for Winter Clash
Player: Katherine
Faction: Raynor's Raiders
Scale: skirmish

Cards:
Barracks
Academy
Orbital Command

Units:
6x Marine (AGG-12, Rocket Launcher)
Raynor's Raiders (Marine) x6
Marauder x2: Kinetic Foam
- 3 Medic (Stabilizer Medpacks)   # the healers
Jim Raynor

Missions: Supply Drop, Divide and Conquer
Deployments:
* Agria Valley
* Dirt Side
"""


def test_reads_a_typed_roster():
    roster = read_roster_text(KATHERINE)
    assert roster == Roster(
        game_system="starcraft-tmg",
        player="Katherine",
        scale="skirmish",
        faction_card="Raynor's Raiders",
        cards=("Barracks", "Academy", "Orbital Command"),
        units=(
            RosterUnit("Marine", 6, ("AGG-12", "Rocket Launcher")),
            RosterUnit("Raynor's Raiders (Marine)", 6, ()),
            RosterUnit("Marauder", 2, ("Kinetic Foam",)),
            RosterUnit("Medic", 3, ("Stabilizer Medpacks",)),
            RosterUnit("Jim Raynor", 1, ()),
        ),
        missions=("Supply Drop", "Divide and Conquer"),
        deployments=("Agria Valley", "Dirt Side"),
    )


@pytest.mark.parametrize(
    ("line", "models", "name"),
    [
        ("6x Marine", 6, "Marine"),
        ("6 x Marine", 6, "Marine"),
        ("6\u00d7 Marine", 6, "Marine"),
        ("6 Marine", 6, "Marine"),
        ("Marine x6", 6, "Marine"),
        ("Marine X 6", 6, "Marine"),
        ("Marine \u00d76", 6, "Marine"),
        ("Jim Raynor", 1, "Jim Raynor"),
        ("1x 2 Fast 2 Furious", 1, "2 Fast 2 Furious"),
    ],
)
def test_model_counts(line, models, name):
    roster = read_roster_text(f"Player: p\nFaction: f\nScale: standard\nUnits:\n{line}\n")
    assert (roster.units[0].models, roster.units[0].name) == (models, name)


@pytest.mark.parametrize(
    ("line", "upgrades"),
    [
        ("6x Marine (AGG-12, Rocket Launcher)", ("AGG-12", "Rocket Launcher")),
        ("6x Marine: AGG-12, Rocket Launcher", ("AGG-12", "Rocket Launcher")),
        ("Marine x6: AGG-12,Rocket Launcher", ("AGG-12", "Rocket Launcher")),
        ("6x Marine: -", ()),
        ("6x Marine ()", ()),
        ("6x Marine (Grenades - Frag)", ("Grenades - Frag",)),
    ],
)
def test_upgrade_lists(line, upgrades):
    roster = read_roster_text(f"Player: p\nFaction: f\nScale: standard\nUnits:\n{line}\n")
    assert roster.units[0].upgrades == upgrades


def test_bracketed_unit_names_are_recognised_from_the_rules():
    text = (
        "Player: p\nFaction: Khalai\nScale: skirmish\n"
        "Units:\n3x Praetor Guard (Zealot)\n4x Adept (Glaive Strike)\n"
    )
    roster = read_roster_text(text)
    assert [(u.name, u.upgrades) for u in roster.units] == [
        ("Praetor Guard (Zealot)", ()),
        ("Adept", ("Glaive Strike",)),
    ]


def test_without_the_rules_the_last_brackets_are_upgrades():
    text = "Player: p\nFaction: f\nScale: standard\nUnits:\n12x Raptor (Zergling)\n12x Raptor (Zergling): -\n"
    roster = read_roster_text(text, is_unit=lambda name: False)
    assert [(u.name, u.upgrades) for u in roster.units] == [
        ("Raptor", ("Zergling",)),
        ("Raptor (Zergling)", ()),
    ]


def test_card_counts_inline_lists_and_heading_synonyms():
    text = (
        "faction card: Raynor's Raiders\nPLAYER: p\nEngagement Scale: Standard\n"
        "Tactical Cards: 2x Barracks, Academy\n3 x Engineering Bay\nMission Cards: A, B\nDeployment: C\nD\n"
    )
    roster = read_roster_text(text)
    assert roster.cards == (
        "Barracks",
        "Barracks",
        "Academy",
        "Engineering Bay",
        "Engineering Bay",
        "Engineering Bay",
    )
    assert (roster.missions, roster.deployments) == (("A", "B"), ("C", "D"))
    assert roster.scale == "standard"


def test_grand_offensive_with_a_budget():
    roster = read_roster_text("Player: p\nFaction: f\nScale: Grand Offensive\nMinerals: 2,500\n")
    assert (roster.scale, roster.minerals, roster.gas_limit) == ("grand-offensive", 2500, 250)


def test_comments_only_start_at_a_word_boundary():
    roster = read_roster_text("Player: Team#1 # not part of the name\nFaction: f\nScale: skirmish\n")
    assert roster.player == "Team#1"


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("Marine\nPlayer: p\n", 1, "is not under a heading"),
        ("Player: p\nFaction: f\nScale: standard\nUnits: 6x Marine\n", 4, "each unit on its own line"),
        ("Player: p\nFaction: f\nScale: standard\nUnits:\n6x Marine (AGG-12\n", 5, "unbalanced brackets"),
        ("Player: p\nFaction: f\nScale: standard\nUnits:\n6x Marine (AGG-12,,Bayonet)\n", 5, "empty upgrade"),
        ("Player: p\nPlayer: q\n", 2, "a second 'Player:' line (the first is line 1)"),
        ("Player: p\nFaction: f\nScale: huge\n", 3, "unknown scale 'huge'"),
        (
            "Player: p\nFaction: f\nScale: grand offensive\nMinerals: lots\n",
            4,
            "Minerals must be a whole number",
        ),
        ("Player: p\nFaction: f\nScale: grand offensive\n", 3, "missing required field 'minerals'"),
        ("Player: p\nFaction: f\nScale: standard\nMinerals: 1500\n", 4, "fixed at 2000 minerals"),
        ("Player:\n", 1, "'Player:' needs a value"),
        ("Player: p\nScale: standard\n", 0, "no 'Faction:' line"),
        ("Player: p\nFaction: f\nScale: standard\nUnits:\n6x\n", 5, "a model count but no unit name"),
        ("Player: p\nFaction: f\nScale: standard\nGame: chess\n", 4, "unknown game system 'chess'"),
    ],
)
def test_unreadable_text_names_the_line(text, line, fragment):
    with pytest.raises(RosterTextError) as info:
        read_roster_text(text, origin="list.txt")
    assert info.value.line == line
    assert fragment in str(info.value)
    assert str(info.value).startswith(f"list.txt, line {line}: " if line else "list.txt: ")


def test_writer_output():
    roster = roster_from_document(base_document())
    assert write_roster_text(roster) == (
        "Player: alice\nFaction: Test Raiders\nScale: standard\n\n"
        "Cards:\nBarracks\n\n"
        "Units:\n6x Marine (AGG-12)\n9x Marine\n1x Hero\n\n"
        "Missions:\nSupply Drop\nHold Position\n\n"
        "Deployments:\nGauntlet\nTyphoon\n"
    )


def test_writer_uses_the_colon_form_for_bracketed_names():
    roster = roster_from_document(
        base_document(units=[{"name": "Raptor (Zergling)", "models": 12, "upgrades": ["Adrenal Glands"]}])
    )
    text = write_roster_text(roster)
    assert "12x Raptor (Zergling): Adrenal Glands\n" in text
    assert read_roster_text(text, is_unit=lambda name: False) == roster


@pytest.mark.parametrize(
    "units",
    [
        [{"name": "Marine", "models": 6, "upgrades": ["A, B"]}],
        [{"name": "Mar: ine", "models": 6, "upgrades": []}],
        [{"name": "Marine #1", "models": 6, "upgrades": []}],
        [{"name": "42", "models": 6, "upgrades": []}],
        [{"name": "Raptor (Zergling", "models": 6, "upgrades": []}],
    ],
)
def test_writer_refuses_names_the_grammar_cannot_carry(units):
    with pytest.raises(ValueError, match="cannot be written"):
        write_roster_text(roster_from_document(base_document(units=units)))
