"""Team games (Part 9.1.8): "agree on a Total Mineral Value per team. Teams divide the budget
among players as they wish, provided the team's total remains within the allowed limits.
Each player builds their own army independently, selecting their own Faction Card and
Tactical Cards. Teammates may choose the same or different Races."

So each army is judged on its own by every army rule of its declared scale except the
budget, and the budget is the team's: the armies' Minerals together within the Total
Mineral Value, their Vespene Gas together within a tenth of it, the ratio every scale of
Part 9.1.1 keeps (1,000/100, 2,000/200). Decisions the book leaves open are in
DECISIONS.md (D28 to D31).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.names import person_key
from rules_engine.roster_report import Violation
from rules_engine.systems.starcraft_tmg.army import validate_roster
from rules_engine.systems.starcraft_tmg.pack import DataPack
from rules_engine.systems.starcraft_tmg.report import RosterReport
from rules_engine.systems.starcraft_tmg.roster_json import Roster
from rules_engine.team_games import TeamVerdict

TEAM_GAMES = "Part 9.1.8"
# 2v2 and 3v3 (Part 9.1.8 names Free-For-All too, but that has no teams).
TEAM_SIZES = (2, 3)
# The ratio of Vespene Gas to Minerals at every scale of Part 9.1.1.
GAS_SHARE = 10

# Every violation code a team's judging adds, with the one situation it names
# (documented with an example in docs/violations.md, "Team games").
TEAM_CODES = {
    "team-minerals-over-limit": "the team's armies together cost more Minerals than the team budget",
    "team-gas-over-limit": "the team's armies together cost more Vespene Gas than a tenth of the team budget",
    "team-player-repeated": "two armies of one team name the same player",
}


def team_gas_limit(budget: int) -> int:
    """A tenth of the team's Total Mineral Value, in whole Gas (D29: rounded down, since
    a whole number of Gas is within 100.5 exactly when it is within 100)."""
    return budget // GAS_SHARE


def _number(value: int) -> str:
    return f"{value:,}"


def _spending(reports: Sequence[RosterReport], amount: str) -> str:
    parts = []
    for i, report in enumerate(reports):
        value = report.totals.minerals if amount == "minerals" else report.totals.gas
        parts.append(f"{report.player or f'rosters[{i}]'} {_number(value)}")
    return ", ".join(parts)


def validate_team(rosters: Sequence[Roster], pack: DataPack, *, budget: int) -> TeamVerdict[RosterReport]:
    """One team's armies (one per player) against the team's Total Mineral Value (Part 9.1.8).

    One mistake is one violation: a team over its budget is one `team-minerals-over-limit`
    for the team, not one per army, and its message says by how much and who spends what.
    """
    reports = tuple(validate_roster(roster, pack, own_budget=False) for roster in rosters)
    minerals = sum(r.totals.minerals for r in reports)
    gas = sum(r.totals.gas for r in reports)
    gas_limit = team_gas_limit(budget)
    problems: list[Violation] = []
    seen: dict[str, int] = {}
    for i, roster in enumerate(rosters):
        key = person_key(roster.player)
        if key in seen:
            first = rosters[seen[key]].player
            problems.append(
                Violation(
                    "team-player-repeated",
                    f'rosters[{i}] and rosters[{seen[key]}] both belong to "{first}"; each '
                    "player of a team builds one army of their own — submit one army per teammate.",
                    f"rosters[{i}]",
                    TEAM_GAMES,
                )
            )
        else:
            seen[key] = i
    if minerals > budget:
        problems.append(
            Violation(
                "team-minerals-over-limit",
                f"Your team's armies total {_number(minerals)} Minerals ({_spending(reports, 'minerals')}); "
                f"the team budget is {_number(budget)}: remove {_number(minerals - budget)}.",
                "team",
                TEAM_GAMES,
            )
        )
    if gas > gas_limit:
        problems.append(
            Violation(
                "team-gas-over-limit",
                f"Your team's armies spend {_number(gas)} Vespene Gas ({_spending(reports, 'gas')}); "
                f"the team may spend {_number(gas_limit)}, a tenth of its {_number(budget)} Minerals: "
                f"drop cards worth {_number(gas - gas_limit)}.",
                "team",
                TEAM_GAMES,
            )
        )
    return TeamVerdict(
        rosters=reports,
        totals={"minerals": minerals, "gas": gas},
        limits={"minerals": budget, "gas": gas_limit},
        violations=tuple(problems),
    )
