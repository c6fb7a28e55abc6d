"""`judge_rosters` dispatches through the event's game system: each system's
roster plug-in reads, judges and reads back its rosters in the one verdict shape, and a
loaded datapack/1 document handed in as `pack` replaces the built-in pack, for every
system. Pure: no database."""

from __future__ import annotations

import copy
import datetime as dt
import json
from typing import Any

import pytest

from rules_engine.registry import all_systems, get_system
from rules_engine.roster_check import RosterInputError
from rules_engine.systems.dropzone_commander import DATA_DIR as DROPZONE_DATA
from rules_engine.systems.dropzone_commander.roster import RosterInputError as DropzoneInputError
from rules_engine.systems.dropzone_commander.roster_text import read_any, read_roster_text, roster_to_document
from rules_engine.systems.morsdei import DATA_DIR as MORSDEI_DATA
from rules_engine.systems.starcraft_tmg import DATA_DIR as STARCRAFT_DATA
from rules_engine.systems.starcraft_tmg.report import RosterReport, starcraft_report
from rules_engine.systems.warpspawn_starcraft import DATA_DIR as WARPSPAWN_DATA
from rules_engine.verdict import (
    EventRequirements,
    JudgedRoster,
    judge_rosters,
    roster_rules_for,
    roster_verdict,
    stored_verdict,
)
from tests.builders.documents import raynor
from tests.builders.systems import CASE_IDS, CASES, SystemCase

TODAY = dt.date(2026, 12, 1)


def _pack(directory: Any, name: str = "2000-01-01.json") -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((directory / name).read_text(encoding="utf-8"))
    return loaded


def _requirements(case: SystemCase) -> EventRequirements:
    return EventRequirements(case.slug, TODAY, case.scale, case.points_limit)


def test_every_system_has_roster_rules_and_only_starcraft_has_dual_lists():
    systems = {s.slug: s for s in all_systems()}
    assert {"starcraft-tmg", "dropzone-commander", "morsdei", "warpspawn-starcraft"} <= set(systems)
    assert all(s.roster_rules is not None for s in systems.values())
    assert {slug for slug, s in systems.items() if s.dual_lists} == {"starcraft-tmg"}
    assert get_system("dropzone-commander").template_names("roster") == [
        "games/dropzone_commander/roster.html",
        "games/_default/roster.html",
    ]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_each_system_reads_its_typed_roster_and_its_roster1_to_the_same_verdict(case):
    rules = roster_rules_for(case.slug)
    typed = rules.read(case.legal())
    verdict = roster_verdict(typed, _requirements(case))
    assert verdict.legal
    # Stored as roster/1 and read back: judged the same.
    stored = rules.document(typed)
    assert json.loads(json.dumps(stored)) == stored
    assert (
        roster_verdict(rules.read(stored), _requirements(case)).to_dict()["roster"]["totals"]
        == (verdict.to_dict()["roster"]["totals"])
    )
    back = stored_verdict(json.loads(json.dumps(verdict.to_dict())), game_system=case.slug)
    assert back == verdict
    assert isinstance(back.roster, JudgedRoster)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_each_mistake_of_a_typed_roster_names_its_line(case):
    rules = roster_rules_for(case.slug)
    result = judge_rosters([rules.read(case.mistakes())], _requirements(case))
    assert not result.legal
    assert [(v.code, v.where) for v in result.rosters[0].violations] == case.mistake_lines


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_a_roster_for_another_game_system_is_an_input_error(case):
    with pytest.raises(RosterInputError, match="game_system"):
        roster_rules_for(case.slug).read({**case.doc(), "game_system": "starcraft-tmg"})


def test_judging_more_than_one_roster_is_refused_without_dual_lists():
    case = CASES[1]
    rules = roster_rules_for(case.slug)
    roster = rules.read(case.legal())
    with pytest.raises(ValueError, match="one roster per player"):
        judge_rosters([roster, roster], _requirements(case))


# --- the pack parameter ------------------------------------------------------------------


def test_a_warpspawn_pack_document_replaces_the_builtin_pack():
    case = CASES[2]
    rules = roster_rules_for(case.slug)
    nine = rules.read(case.legal().replace("8x Marine", "9x Marine"))
    assert judge_rosters([nine], _requirements(case)).rosters[0].violations[0].code == "card-copies-exceeded"
    pack = _pack(WARPSPAWN_DATA)
    next(c for c in pack["cards"] if c["name"] == "Marine")["copies"] = 9
    assert judge_rosters([nine], _requirements(case), pack).legal


def test_a_dropzone_pack_document_prices_the_army():
    case = CASES[0]
    army = roster_rules_for(case.slug).read(case.legal())
    builtin = judge_rosters([army], _requirements(case)).rosters[0]
    pack = _pack(DROPZONE_DATA)
    next(u for u in pack["units"] if u["name"] == "Main Battle Tank")["points"] = 45
    theirs = judge_rosters([army], _requirements(case), pack).rosters[0]
    assert isinstance(theirs, JudgedRoster)
    assert isinstance(builtin, JudgedRoster)
    assert theirs.totals["points"] == builtin.totals["points"] + 4 * 10


def test_a_morsdei_pack_document_decides_the_bases():
    case = CASES[1]
    fifty = roster_rules_for(case.slug).read(case.legal().replace("(32mm)", "(50mm)"))
    assert judge_rosters([fifty], _requirements(case)).rosters[0].violations[0].code == "base-size-mismatch"
    pack = _pack(MORSDEI_DATA)
    sergeant = next(u for u in pack["units"] if u["name"] == "Warden Sergeant")
    sergeant["base"] = "50mm"
    assert judge_rosters([fifty], _requirements(case), pack).legal


def test_a_starcraft_pack_document_replaces_the_pack_of_the_rules_date():
    rules = roster_rules_for("starcraft-tmg")
    roster = rules.read(raynor("Bob"))
    requirements = EventRequirements("starcraft-tmg", TODAY, "standard")
    builtin = starcraft_report(judge_rosters([roster], requirements).rosters[0])
    pack = _pack(STARCRAFT_DATA, "2026-09-25.json")
    changed = copy.deepcopy(pack)
    marine = next(u for u in changed["units"] if u["name"] == "Marine")
    for composition in marine["compositions"]:
        composition["minerals"] += 10
    theirs = starcraft_report(judge_rosters([roster], requirements, changed).rosters[0])
    assert isinstance(builtin, RosterReport)
    assert isinstance(theirs, RosterReport)
    assert theirs.totals.minerals > builtin.totals.minerals
    # The same document as the built-in pack judges exactly as the built-in pack does.
    same = starcraft_report(judge_rosters([roster], requirements, pack).rosters[0])
    assert same == builtin


# --- the Dropzone typed army -------------------------------------------------------------


def test_indentation_says_what_each_squad_rides_in_at_any_depth():
    army = read_roster_text(
        "Player: Ann\nFaction: UCM\nPoints: 1500\n"
        "1x Condor\n"
        "\t1x Bear APC\n"
        "\t\t3x Legionnaires\n"
        "  3x Sabre (Upgrade One, Upgrade Two)\n"
        "2x Gladius\n"
        "Commander: Famous Person with Gladius\n"
    )
    by_name = {s.name: s for s in army.squads}
    assert by_name["Condor"].aboard is None
    assert by_name["Bear APC"].aboard == by_name["Condor"].id
    assert by_name["Legionnaires"].aboard == by_name["Bear APC"].id
    assert by_name["Sabre"].aboard == by_name["Condor"].id
    assert [u.name for u in by_name["Sabre"].upgrades] == ["Upgrade One", "Upgrade Two"]
    assert by_name["Gladius"].aboard is None
    assert army.commanders[0].name == "Famous Person"
    assert army.commanders[0].squad == by_name["Gladius"].id
    assert army.cards is None  # no deck brought
    assert [s.where for s in army.squads] == ["line 4", "line 5", "line 6", "line 7", "line 8"]
    assert read_any(roster_to_document(army)).squads == tuple(
        type(s)(s.id, s.name, s.models, f"units[{i}]", s.upgrades, s.aboard, s.variants)
        for i, s in enumerate(army.squads)
    )


def test_two_squads_of_one_unit_get_their_own_ids_and_a_scale_must_agree():
    army = read_roster_text("Player: Ann\nFaction: UCM\nPoints: 1,500\nScale: Clash\n2x Ferret\n2x Ferret\n")
    assert [s.id for s in army.squads] == ["ferret", "ferret-2"]
    assert army.points == 1500
    with pytest.raises(DropzoneInputError, match="line 4: 1500 points is a Clash game, not 'Battle'"):
        read_roster_text("Player: Ann\nFaction: UCM\nPoints: 1500\nScale: Battle\n2x Ferret\n")
    with pytest.raises(DropzoneInputError, match="line 3: the points limit must be at least 501"):
        read_roster_text("Player: Ann\nFaction: UCM\nPoints: 400\n2x Ferret\n")
    with pytest.raises(DropzoneInputError, match="no Squads"):
        read_roster_text("Player: Ann\nFaction: UCM\nPoints: 1500\n")
