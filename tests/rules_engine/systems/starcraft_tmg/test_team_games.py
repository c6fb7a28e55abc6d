"""Team games, from the words of Part 9.1.8 TEAM GAMES: "In multiplayer games (2v2, 3v3,
Free-For-All), agree on a Total Mineral Value per team. Teams divide the budget among
players as they wish, provided the team's total remains within the allowed limits. Each
player builds their own army independently, selecting their own Faction Card and Tactical
Cards. Teammates may choose the same or different Races."

Each test names the sentence it checks; the decisions the book leaves open are D28-D31 of
the system's DECISIONS.md.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.registry import all_systems, get_system
from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR, rules_pack
from rules_engine.systems.starcraft_tmg.army import validate_roster
from rules_engine.systems.starcraft_tmg.roster_json import Roster, roster_from_document
from rules_engine.systems.starcraft_tmg.team import TEAM_SIZES, team_gas_limit, validate_team
from rules_engine.team_games import TeamBudgetError, team_budget

PACK = rules_pack()


def army(stem: str, player: str, **changes: Any) -> Roster:
    doc = json.loads((EXAMPLES_DIR / f"{stem}.json").read_text(encoding="utf-8"))
    return roster_from_document({**doc, "player": player, **changes})


def terran(player: str = "Ann", **changes: Any) -> Roster:
    return army("terran-starter", player, **changes)  # 1,000 Minerals, 85 Gas


def zerg(player: str = "Ben", **changes: Any) -> Roster:
    return army("zerg-starter", player, **changes)  # 1,000 Minerals, 90 Gas


def big_terran(player: str = "Ann") -> Roster:
    """The Terran Starter with two more Marauders: 1,150 Minerals, over its own Skirmish
    limit of 1,000 when it plays alone."""
    doc = json.loads((EXAMPLES_DIR / "terran-starter.json").read_text(encoding="utf-8"))
    return terran(player, units=[*doc["units"], {"name": "Marauder", "models": 2}])


def codes(verdict: Any) -> list[str]:
    return [v.code for v in verdict.violations]


# --- "agree on a Total Mineral Value per team" -----------------------------------------


def test_the_team_within_its_total_mineral_value_is_legal():
    verdict = validate_team([terran(), zerg()], PACK, budget=2000)
    assert verdict.legal
    assert (verdict.totals["minerals"], verdict.totals["gas"]) == (2000, 175)
    assert dict(verdict.limits) == {"minerals": 2000, "gas": 200}


def test_one_mineral_over_the_team_total_is_one_violation_for_the_team():
    verdict = validate_team([terran(), zerg()], PACK, budget=1999)
    assert codes(verdict) == ["team-minerals-over-limit"]
    (violation,) = verdict.violations
    assert violation.where == "team"
    assert violation.section == "Part 9.1.8"
    assert "total 2,000 Minerals (Ann 1,000, Ben 1,000)" in violation.message
    assert "the team budget is 1,999: remove 1." in violation.message
    assert all(r.legal for r in verdict.rosters)  # the team's problem, in no army's report


# --- "Teams divide the budget among players as they wish" ------------------------------


def test_an_uneven_split_is_legal_even_past_one_armys_own_scale_limit():
    alone = validate_roster(big_terran(), PACK)
    assert "minerals-over-limit" in alone.codes  # alone, at Skirmish, it is over 1,000
    verdict = validate_team([big_terran(), zerg()], PACK, budget=2150)
    assert verdict.legal, [v.message for r in verdict.rosters for v in r.violations]
    assert verdict.rosters[0].totals.minerals == 1150


def test_no_army_has_a_limit_or_an_unspent_warning_of_its_own():
    verdict = validate_team([terran(units=[]), zerg()], PACK, budget=4000)
    for report in verdict.rosters:
        assert report.limits.minerals is None
        assert report.limits.gas is None
        assert report.as_json()["limits"] == {"minerals": None, "gas": None}
        assert not {"minerals-unspent", "gas-unspent"} & {w.code for w in report.warnings}


# --- "provided the team's total remains within the allowed limits" ---------------------


def test_the_teams_gas_is_a_tenth_of_its_minerals():
    doc = json.loads((EXAMPLES_DIR / "terran-starter.json").read_text(encoding="utf-8"))
    thrifty = terran(units=[doc["units"][1]])  # one Marauder: 170 Minerals, all 85 Gas of cards
    verdict = validate_team([thrifty, zerg()], PACK, budget=1700)
    assert codes(verdict) == ["team-gas-over-limit"]  # 175 Gas against 170; Minerals within
    assert "spend 175 Vespene Gas (Ann 85, Ben 90)" in verdict.violations[0].message
    assert "drop cards worth 5" in verdict.violations[0].message
    assert validate_team([thrifty, zerg()], PACK, budget=1750).legal


@pytest.mark.parametrize(("budget", "gas"), [(2000, 200), (1000, 100), (1005, 100), (1009, 100), (9, 0)])
def test_the_gas_limit_is_rounded_down(budget, gas):
    assert team_gas_limit(budget) == gas


def test_both_limits_passed_are_two_violations_not_one_per_army():
    verdict = validate_team([big_terran(), big_terran("Cal"), zerg()], PACK, budget=1000)
    assert codes(verdict) == ["team-minerals-over-limit", "team-gas-over-limit"]
    assert "Ann 1,150, Cal 1,150, Ben 1,000" in verdict.violations[0].message


# --- "Each player builds their own army independently" ---------------------------------


def test_each_army_keeps_its_own_mistakes():
    wrong = terran(cards=["Barracks", "Factory", "Orbital Command", "Nydus Worm"])
    verdict = validate_team([wrong, zerg()], PACK, budget=4000)
    assert not verdict.legal
    assert verdict.violations == ()
    assert verdict.rosters[0].codes
    assert not verdict.rosters[1].codes


def test_a_player_brings_one_army_to_a_team():
    verdict = validate_team([terran("Ann"), zerg(" ann ")], PACK, budget=2000)
    assert codes(verdict) == ["team-player-repeated"]
    assert verdict.violations[0].where == "rosters[1]"


# --- "Teammates may choose the same or different Races" --------------------------------


@pytest.mark.parametrize("second", ["terran-starter", "terran-founders", "zerg-starter", "protoss-starter"])
def test_teammates_may_share_a_race_or_not(second):
    assert validate_team([terran("Ann"), army(second, "Ben")], PACK, budget=2000).legal


def test_three_players_make_a_3v3_team():
    verdict = validate_team([terran("Ann"), zerg("Ben"), army("protoss-starter", "Cal")], PACK, budget=3000)
    assert verdict.legal
    assert verdict.totals["minerals"] == 3000
    assert TEAM_SIZES == (2, 3)


# --- properties ------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(budget=st.integers(min_value=1, max_value=5000))
def test_a_team_of_legal_armies_is_legal_exactly_when_both_sums_fit(budget):
    verdict = validate_team([terran(), zerg()], PACK, budget=budget)
    assert verdict.legal == (budget >= 2000 and budget // 10 >= 175)
    assert ("team-minerals-over-limit" in codes(verdict)) == (budget < 2000)
    assert ("team-gas-over-limit" in codes(verdict)) == (budget // 10 < 175)


@pytest.mark.parametrize("value", ["2000", " 2000 ", 2000])
def test_a_budget_is_a_positive_whole_number(value):
    assert team_budget(value) == 2000


@pytest.mark.parametrize(
    "value", ["0", "-5", "2,000", "2000.5", "", "two", "\uff12\uff10\uff10\uff10", 0, -1, 2.5, True, None]
)
def test_anything_else_is_refused(value):
    with pytest.raises(TeamBudgetError, match="positive whole number"):
        team_budget(value)


def test_only_starcraft_has_team_games():
    teams = get_system("starcraft-tmg").team_games
    assert teams is not None
    assert teams.sizes == (2, 3)
    others = [s.slug for s in all_systems() if s.team_games is not None]
    assert others == ["starcraft-tmg"]


def test_the_systems_plug_in_judges_as_the_engine():
    teams = get_system("starcraft-tmg").team_games
    assert teams is not None
    verdict = teams.judge_team([terran(), zerg()], budget=1999, rules_date=None, pack=None)
    assert codes(verdict) == ["team-minerals-over-limit"]
    assert verdict.as_json()["team"] == {
        "minerals": 2000,
        "gas": 175,
        "limits": {"minerals": 1999, "gas": 199},
    }
