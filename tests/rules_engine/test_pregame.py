"""Each game system's pre-game sequence, and the rule for a scenario chosen per round."""

from __future__ import annotations

import pytest

from rules_engine.pregame import (
    Pregame,
    PregameKind,
    ScenarioError,
    choose_scenario,
)
from rules_engine.registry import get_system

DROPZONE = get_system("dropzone-commander").pregame


def test_each_system_declares_its_pre_game_sequence():
    starcraft = get_system("starcraft-tmg").pregame
    assert starcraft.kind is PregameKind.DRAFT
    assert starcraft.draft is not None
    assert starcraft.draft.overrun_minutes == 15
    # DZC:1074-1171: the twelve Scenarios, in the book's order.
    assert DROPZONE.kind is PregameKind.SCENARIO_PER_ROUND
    assert DROPZONE.scenarios == (
        "Battle Royale",
        "Bunker Complex",
        "Castles",
        "Command and Control",
        "Crucible",
        "Demolish",
        "Domination",
        "Encroach",
        "Ground Control",
        "Kill Box",
        "Strategic Points",
        "Targets of Opportunity",
    )
    assert DROPZONE.draft is None
    assert DROPZONE.per_round
    assert DROPZONE.fixed_scenario is None
    morsdei = get_system("morsdei").pregame
    assert (morsdei.kind, morsdei.fixed_scenario, morsdei.per_round) == (
        PregameKind.FIXED_SCENARIO,
        "Three Loot Points",
        False,
    )
    warpspawn = get_system("warpspawn-starcraft").pregame
    assert (warpspawn.kind, warpspawn.scenarios, warpspawn.draft) == (PregameKind.NONE, (), None)


def test_a_scenario_is_named_from_the_list_once_rosters_are_locked():
    assert choose_scenario(DROPZONE, "Crucible", rosters_locked=True) == "Crucible"
    # Written as a person writes it: case, spaces and dashes do not matter.
    assert choose_scenario(DROPZONE, "  kill-box ", rosters_locked=True) == "Kill Box"
    assert choose_scenario(DROPZONE, "COMMAND AND CONTROL", rosters_locked=True) == "Command and Control"


@pytest.mark.parametrize(
    ("name", "locked", "code", "words"),
    [
        ("Crucible", False, "rosters-not-locked", "once rosters are locked"),
        ("Capture the Flag", True, "unknown-scenario", "is not one of the 12 Scenarios"),
        ("", True, "unknown-scenario", "Name the scenario"),
        # An unknown name is refused as unknown even before the lock: the name is checked first.
        ("Capture the Flag", False, "unknown-scenario", "Battle Royale, Bunker Complex"),
    ],
)
def test_a_refused_scenario_says_why(name, locked, code, words):
    with pytest.raises(ScenarioError) as refused:
        choose_scenario(DROPZONE, name, rosters_locked=locked)
    assert refused.value.code == code
    assert words in refused.value.message


@pytest.mark.parametrize(
    ("slug", "words"),
    [
        ("morsdei", "every game plays Three Loot Points"),
        ("warpspawn-starcraft", "no scenario to choose"),
        ("starcraft-tmg", "no scenario to choose"),
    ],
)
def test_systems_without_a_scenario_per_round_refuse_one(slug, words):
    with pytest.raises(ScenarioError) as refused:
        choose_scenario(get_system(slug).pregame, "Three Loot Points", rosters_locked=True)
    assert refused.value.code == "no-scenario-choice"
    assert words in refused.value.message


def test_a_pregame_without_scenarios_has_nothing_fixed():
    assert Pregame().fixed_scenario is None
    assert Pregame(kind=PregameKind.FIXED_SCENARIO).fixed_scenario is None
