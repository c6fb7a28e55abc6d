"""Part 9.1 / 9.2 on the hand-made pack: one mistake gives exactly one violation code."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.systems.starcraft_tmg.army import validate_roster, validate_rosters
from rules_engine.systems.starcraft_tmg.report import RosterReport
from rules_engine.systems.starcraft_tmg.roster_json import roster_from_document
from tests.rules_engine.systems.starcraft_tmg.minipack import MINI, base_document, base_roster, with_unit


def check(doc: dict[str, Any]) -> RosterReport:
    return validate_roster(roster_from_document(doc), MINI)


def codes(doc: dict[str, Any]) -> list[str]:
    return sorted(v.code for v in check(doc).violations)


def test_base_roster_is_legal_with_hand_worked_totals():
    report = validate_roster(base_roster(), MINI)
    assert report.legal
    assert (report.totals.minerals, report.totals.gas, report.totals.supply) == (630, 25, 4)
    assert (report.limits.minerals, report.limits.gas) == (2000, 200)
    assert [(u.name, u.minerals, u.supply) for u in report.units] == [
        ("Marine", 170, 1),
        ("Marine", 210, 2),
        ("Hero", 250, 1),
    ]
    core = report.slot("core")
    assert (core.used, core.available) == (3, 3)
    assert [(g.source, g.where, g.count) for g in core.granted_by] == [
        ("Test Raiders", "faction_card", 2),
        ("Barracks", "cards[0]", 1),
    ]
    assert [(u.unit, u.where, u.count) for u in core.used_by] == [
        ("Marine", "units[0]", 1),
        ("Marine", "units[1]", 2),
    ]


def test_breakdown_lists_composition_and_each_upgrade():
    doc = base_document()
    doc["units"][0]["upgrades"] = ["AGG-12", "Rocket Launcher", "Combat Shield"]
    report = check(doc)
    marine = report.units[0]
    assert marine.composition_minerals == 160
    assert [(u.name, u.minerals) for u in marine.upgrades] == [
        ("AGG-12", 10),
        ("Rocket Launcher", 40),
        ("Combat Shield", 20),
    ]
    assert marine.minerals == 230  # 160 + 10 + 40 + 20
    assert report.totals.minerals == 230 + 210 + 250


def test_nine_model_upgrade_costs_are_used_for_nine_models():
    doc = base_document()
    doc["units"][1]["upgrades"] = ["Combat Shield", "Bayonet"]
    assert check(doc).units[1].minerals == 210 + 30 + 30


def test_names_match_forgivingly():
    doc = base_document(faction_card="test raiders", cards=["BARRACKS"])
    doc["units"][0]["upgrades"] = ["agg 12"]
    doc["missions"] = ["supply-drop", "Hold  Position"]
    doc["units"].append({"name": "Raider", "models": 6, "upgrades": []})  # alias of Raider (Marine)
    doc["cards"].append("Raider Post")
    report = check(doc)
    assert report.legal, report.violations
    assert report.units[3].name == "Raider (Marine)"


def test_faction_alias_is_accepted():
    assert check(base_document(faction_card="Raiders Faction")).legal


def test_supply_zero_unit_uses_no_slot():
    report = check(with_unit(base_document(), "Scout Drone", 1))
    assert report.legal
    assert report.slot("core").used == 3
    assert report.totals.supply == 4


# --- one mistake, one code -------------------------------------------------------------------


def _cards(*names: str) -> dict[str, Any]:
    return base_document(cards=list(names))


def _first_marine_upgrades(*names: str) -> dict[str, Any]:
    doc = base_document()
    doc["units"][0] = {"name": "Marine", "models": 6, "upgrades": list(names)}
    return doc


ONE_MISTAKE = {
    # name not in the game data
    "unknown-faction": base_document(faction_card="Nobody's Army"),
    "unknown-unit": with_unit(base_document(), "Marin", 6),
    "unknown-card (its slots were needed)": _cards("Barraks"),
    "unknown-upgrade": _first_marine_upgrades("AGG-12", "Laser Sight"),
    "unknown-mission": base_document(missions=["Supply Drop", "Supply Dorp"]),
    "unknown-deployment": base_document(deployments=["Gauntlet", "Typhon"]),
    # faction tags (Part 9.1.2)
    "faction-tag-mismatch (unit)": with_unit(base_document(), "Zergling", 12),
    "faction-tag-mismatch (card giving the slots used)": _cards("Spawning Pool"),
    # composition (Part 9.1.6)
    "invalid-composition": with_unit(base_document(), "Marine", 7, ["AGG-12"]),
    "summoned-unit": with_unit(base_document(), "Defence Drone", 1),
    # budget
    "minerals-over-limit": with_unit(base_document("skirmish"), "Battlecruiser", 1),
    "gas-over-limit": _cards(*["Barracks"] * 9),
    # slots
    "slots-exceeded": with_unit(base_document(), "Marine", 6),
    # unique
    "unique-duplicated (card)": _cards("Barracks", "Academy", "Academy"),
    "unique-duplicated (unit)": with_unit(base_document(), "Hero", 1),
    # upgrades (Part 9.1.7)
    "upgrade-not-allowed": with_unit(base_document(), "Sniper", 1, ["Combat Shield"]),
    "upgrade-not-allowed (not offered at this size)": _first_marine_upgrades("Bayonet"),
    "upgrade-duplicated": with_unit(base_document(), "Sniper", 1, ["Camo", "camo"]),
    "specialist-over-models": with_unit(base_document(), "Sniper", 1, ["Scope", "Silencer"]),
    # Part 9.2
    "missions-count (three)": base_document(missions=["Supply Drop", "Hold Position", "Frontlines"]),
    "missions-count (one)": base_document(missions=["Supply Drop"]),
    "deployments-count": base_document(deployments=["Gauntlet"]),
    "duplicate-mission": base_document(missions=["Supply Drop", "supply drop"]),
    "duplicate-deployment": base_document(deployments=["Gauntlet", "Gauntlet"]),
    "deployment-wrong-scale": base_document(deployments=["Gauntlet", "Agria Valley"]),
    "mission-wrong-scale": base_document("skirmish", missions=["Supply Drop", "Siege"]),
}


@pytest.mark.parametrize("case", sorted(ONE_MISTAKE))
def test_one_mistake_gives_exactly_one_code(case):
    expected = case.split(" (")[0]
    assert codes(ONE_MISTAKE[case]) == [expected]


def test_creep_card_required_when_none():
    doc = base_document(faction_card="Swarm", cards=[], units=[{"name": "Zergling", "models": 12}])
    assert codes(doc) == ["creep-card-required"]
    assert "Creep A (0 gas)" in check(doc).violations[0].message


def test_creep_card_required_when_two():
    doc = base_document(faction_card="Brood", cards=["Creep A", "Creep B"], units=[])
    assert codes(doc) == ["creep-card-required"]


def test_exactly_one_creep_card_is_legal():
    doc = base_document(
        faction_card="Brood", cards=["Creep B"], units=[{"name": "Brood Raptor", "models": 6}]
    )
    assert check(doc).legal


def test_ineligible_creep_card_is_one_mistake_not_two():
    # Swarm lacks the Brood tag: the fix is to swap Creep B for Creep A, so no creep-card-required too.
    doc = base_document(faction_card="Swarm", cards=["Creep B"], units=[])
    assert codes(doc) == ["faction-tag-mismatch"]


def test_misspelt_creep_card_is_one_mistake():
    doc = base_document(faction_card="Swarm", cards=["Creap A"], units=[])
    assert codes(doc) == ["unknown-card"]


def test_duplicate_unique_creep_card_is_one_mistake():
    doc = base_document(faction_card="Swarm", cards=["Creep A", "Creep A"], units=[])
    assert codes(doc) == ["unique-duplicated"]


# --- no cascades ---------------------------------------------------------------------------------


def test_unknown_unit_is_not_also_over_budget_or_slots():
    doc = with_unit(base_document("skirmish"), "Marin", 9)  # a 9-Marine would break both
    report = check(doc)
    assert codes(doc) == ["unknown-unit"]
    assert report.totals.minerals == 630
    assert report.units[3].counted is False


def test_ineligible_unit_is_left_out_of_the_totals():
    doc = with_unit(base_document("skirmish"), "Brood Raptor", 6)
    report = check(doc)
    assert codes(doc) == ["faction-tag-mismatch"]
    assert report.totals.minerals == 630
    assert (report.units[3].minerals, report.units[3].counted) == (250, False)


def test_second_unique_unit_uses_no_slot():
    report = check(with_unit(base_document(), "Hero", 1))
    assert report.slot("hero").used == 1


def test_duplicated_upgrade_is_charged_once():
    doc = base_document()
    doc["units"][0]["upgrades"] = ["AGG-12", "AGG-12", "AGG-12"]
    report = check(doc)
    assert codes(doc) == ["upgrade-duplicated"]
    assert report.units[0].minerals == 170
    assert "3 times" in report.violations[0].message
    assert report.violations[0].where == "units[0].upgrades[1]"


def test_extra_specialist_is_not_charged():
    report = check(with_unit(base_document(), "Sniper", 1, ["Scope", "Silencer", "Camo"]))
    assert [v.code for v in report.violations] == ["specialist-over-models"]
    assert report.violations[0].where == "units[3].upgrades[1]"
    assert report.units[3].minerals == 100 + 10 + 5


def test_two_specialists_fit_on_six_marines():
    doc = base_document()
    doc["units"][0]["upgrades"] = ["AGG-12", "Rocket Launcher"]
    assert check(doc).legal


def test_invalid_composition_still_checks_upgrade_names_separately():
    doc = with_unit(base_document(), "Marine", 7, ["Laser Sight"])
    assert codes(doc) == ["invalid-composition", "unknown-upgrade"]


def test_unknown_faction_does_not_blame_every_unit():
    doc = base_document(faction_card="Nobody")
    report = check(doc)
    assert codes(doc) == ["unknown-faction"]
    assert "slots-unchecked" in {w.code for w in report.warnings}


def test_faction_card_listed_among_cards_says_so():
    doc = base_document(cards=["Barracks", "Terran Army"])
    report = check(doc)
    assert codes(doc) == ["unknown-card"]
    assert "is a Faction Card" in report.violations[0].message


def test_unit_listed_as_faction_says_so():
    report = check(base_document(faction_card="Barracks"))
    assert report.violations[0].message.startswith("Barracks is a Tactical or Creep Card")


def test_three_missions_with_a_duplicate_is_one_mistake():
    assert codes(base_document(missions=["Supply Drop", "Supply Drop", "Hold Position"])) == [
        "duplicate-mission"
    ]


def test_two_unknown_missions_and_one_good_is_two_mistakes_not_a_count_problem():
    doc = base_document(missions=["Supply Dorp", "Hold Posiiton"])
    assert codes(doc) == ["unknown-mission", "unknown-mission"]


def test_independent_mistakes_are_each_reported():
    doc = with_unit(base_document(missions=["Supply Drop"]), "Marin", 6)
    assert codes(doc) == ["missions-count", "unknown-unit"]


# --- where, section and message ------------------------------------------------------------------


def test_slots_exceeded_names_the_type_and_a_remedy():
    report = check(with_unit(base_document(), "Marine", 6))
    (violation,) = report.violations
    assert violation.where == "core"
    assert violation.section == "Part 9.1.6"
    assert violation.message.startswith("Core slots: 4 used, 3 available — remove Core units worth 1 Supply")
    assert "Barracks (25 gas)" in violation.message


def test_minerals_over_limit_points_at_the_unit_that_crosses_the_limit():
    report = check(with_unit(base_document("skirmish"), "Battlecruiser", 1))
    (violation,) = report.violations
    assert (violation.where, violation.section) == ("units[3]", "Part 9.1.3")
    assert violation.message.startswith("Minerals: 1530 spent, 1000 allowed — cut 530")


def test_gas_over_limit_points_at_the_card_that_crosses_the_limit():
    report = check(base_document("skirmish", cards=["Barracks"] * 5))
    (violation,) = report.violations
    assert (violation.where, violation.section) == ("cards[4]", "Part 9.1.4")
    assert "125 spent, 100 allowed" in violation.message


def test_upgrade_where_names_the_upgrade():
    report = check(with_unit(base_document(), "Sniper", 1, ["Camo", "Combat Shield"]))
    assert report.violations[0].where == "units[3].upgrades[1]"
    assert report.violations[0].section == "Part 9.1.7"


def test_tag_mismatch_message_names_the_missing_tag():
    report = check(with_unit(base_document(), "Zergling", 12))
    assert report.violations[0].message.startswith(
        "Zergling carries the faction tag Zerg, which Test Raiders lacks"
    )


@pytest.mark.parametrize("case", sorted(ONE_MISTAKE))
def test_every_violation_has_where_section_and_an_actionable_message(case):
    for violation in check(ONE_MISTAKE[case]).violations:
        assert violation.where
        assert violation.section
        assert violation.message.endswith(".")


# --- scales -------------------------------------------------------------------------------------


def test_grand_offensive_budget_and_gas():
    report = validate_roster(base_roster("grand-offensive"), MINI)
    assert (report.limits.minerals, report.limits.gas) == (2500, 250)
    assert report.legal  # no Grand Offensive cards in the pack: the Standard ones stand in


def test_grand_offensive_odd_budget_rounds_gas_down():
    report = check(base_document("grand-offensive", minerals=2505))
    assert report.limits.gas == 250


def test_grand_offensive_still_refuses_skirmish_deployments():
    doc = base_document("grand-offensive", deployments=["Gauntlet", "Dirt Side"])
    assert codes(doc) == ["deployment-wrong-scale"]


# --- warnings never make a roster illegal -----------------------------------------------------


def test_warnings_for_leftovers():
    report = validate_roster(base_roster(), MINI)
    assert report.legal
    assert {w.code for w in report.warnings} == {"minerals-unspent", "gas-unspent", "slots-unused"}
    assert "175 of 200 Vespene Gas unspent" in next(
        w.message for w in report.warnings if w.code == "gas-unspent"
    )


def test_small_mineral_leftover_gives_no_warning():
    doc = base_document(units=[{"name": "Battlecruiser", "models": 1}, {"name": "Hero", "models": 1}])
    doc["scale"] = "skirmish"
    doc["deployments"] = ["Agria Valley", "Dirt Side"]
    report = check(doc)  # 1150 > 1000: over; drop the hero instead
    doc["units"] = [{"name": "Battlecruiser", "models": 1}, {"name": "Sniper", "models": 1}]
    report = check(doc)  # 1000 of 1000
    assert report.legal
    assert "minerals-unspent" not in {w.code for w in report.warnings}


# --- dual list -------------------------------------------------------------------------------------


def test_dual_list_same_race_different_faction_cards_is_legal():
    second = roster_from_document(
        base_document(faction_card="Terran Army", units=[{"name": "Marine", "models": 9, "upgrades": []}])
    )
    result = validate_rosters([base_roster(), second], MINI)
    assert result.legal
    assert result.violations == ()


def test_dual_list_faction_mismatch():
    zerg = roster_from_document(
        base_document(faction_card="Swarm", cards=["Creep A"], units=[{"name": "Zergling", "models": 12}])
    )
    result = validate_rosters([base_roster(), zerg], MINI)
    assert [v.code for v in result.violations] == ["dual-list-faction-mismatch"]
    assert result.violations[0].where == "rosters[1]"
    assert all(r.legal for r in result.rosters)
    assert not result.legal


def test_dual_list_too_many():
    result = validate_rosters([base_roster()] * 3, MINI)
    assert [v.code for v in result.violations] == ["dual-list-too-many"]


def test_dual_list_player_mismatch():
    bob = roster_from_document(base_document(player="bob"))
    result = validate_rosters([base_roster(), bob], MINI)
    assert [v.code for v in result.violations] == ["dual-list-player-mismatch"]


def test_dual_list_player_names_compare_case_and_space_insensitively():
    result = validate_rosters([base_roster(), roster_from_document(base_document(player=" Alice "))], MINI)
    assert result.legal


def test_unknown_faction_in_a_pair_is_not_also_a_faction_mismatch():
    other = roster_from_document(base_document(faction_card="Nobody"))
    result = validate_rosters([base_roster(), other], MINI)
    assert result.violations == ()
    assert result.rosters[1].codes == {"unknown-faction"}


def test_json_shape_matches_interchange():
    result = validate_rosters([roster_from_document(with_unit(base_document(), "Marine", 6))], MINI)
    data = result.as_json()
    assert data["legal"] is False
    assert data["violations"] == []
    (roster,) = data["rosters"]
    assert roster["totals"] == {"minerals": 790, "gas": 25, "supply": 5}
    assert roster["limits"] == {"minerals": 2000, "gas": 200}
    assert roster["slots"]["core"] == {"used": 4, "available": 3}
    assert set(roster["slots"]) == {"core", "elite", "support", "air", "hero"}
    assert roster["units"][0].items() >= {"name": "Marine", "models": 6, "supply": 1, "minerals": 170}.items()
    assert roster["violations"][0].keys() >= {"code", "message", "where"}
    assert roster["violations"][0]["where"] == "core"
