"""The event-level checks of a roster, above the game-system contract and the registry.

`judge_rosters` is the one place a roster's verdict *in an event* is decided: the game
system's roster rules (its plug-in, `GameSystem.roster_rules`), then what the event
itself asks (its game system, scale and points limit), then the rules between a player's
rosters where the system has dual lists. The web live check, the submission, the API
check and `validate_roster` all call it, so one roster gets one verdict wherever it is
checked. `stored_verdict` reads a stored verdict back through the system's own report
reader, so each system keeps its report's detail (StarCraft's slot ledger, Dropzone's
Groups) and the core sees only the `Report` interface.

The report types themselves (`Violation`, `JudgedRoster`, `ValidationResult`,
`RosterVerdict` ...) are `rules_engine.roster_report`'s, below the contract; they are
named here too, as every caller has always imported them from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.game_system import RosterRules
from rules_engine.registry import UnknownGameSystem, get_system
from rules_engine.roster_report import (
    EVENT_CODES,
    EVENT_RULES,
    POINTS_LIMIT_CODE,
    Advice,
    Declared,
    EventRequirements,
    JudgedRoster,
    Report,
    RosterVerdict,
    ValidationResult,
    Violation,
    event_violations,
    in_line_order,
)
from rules_engine.team_games import TeamGames, TeamVerdict

__all__ = [
    "EVENT_CODES",
    "EVENT_RULES",
    "POINTS_LIMIT_CODE",
    "Advice",
    "Declared",
    "EventRequirements",
    "JudgedRoster",
    "Report",
    "RosterRules",
    "RosterVerdict",
    "ValidationResult",
    "Violation",
    "event_violations",
    "in_line_order",
    "judge_rosters",
    "judge_team_rosters",
    "roster_rules_for",
    "roster_verdict",
    "stored_verdict",
    "team_games_of",
    "team_roster_verdict",
]


def roster_rules_for(game_system: str) -> RosterRules:
    """The system's roster plug-in; NotImplementedError for a system without one."""
    system = get_system(game_system)
    if system.roster_rules is None:
        raise NotImplementedError(f"{system.name} has no roster rules")
    return system.roster_rules


def judge_rosters(
    rosters: Sequence[Any], requirements: EventRequirements, pack: Mapping[str, Any] | None = None
) -> ValidationResult[Report]:
    """One player's rosters (one, or a Dual List pair where the system has them) judged for
    one event, through the event's game system.

    Each roster gets the game's rules under `requirements.rules_date` (or under `pack`, a
    loaded datapack/1 document replacing the built-in pack) with the event's own
    violations first, then in the roster's line order (`in_line_order`); the result's
    top-level violations are the rules between the rosters (OP Guide: Dual List Format).
    """
    rules = roster_rules_for(requirements.game_system)
    result = rules.judge(rosters, requirements.rules_date, pack)
    reports = tuple(
        report.with_violations(
            in_line_order(
                (*event_violations(rules.declared(roster), requirements), *report.violations),
                tuple(rules.document(roster)),
            )
        )
        for roster, report in zip(rosters, result.rosters, strict=True)
    )
    return ValidationResult(rosters=reports, violations=result.violations)


def stored_verdict(data: Any, *, game_system: str) -> RosterVerdict:
    """A stored verdict of a roster of `game_system`, its report read by that system's
    reader (a system without roster rules, or unknown here: the generic report)."""
    try:
        reader = roster_rules_for(game_system).report_from_json
    except (NotImplementedError, UnknownGameSystem):
        reader = JudgedRoster.from_json
    return RosterVerdict.read(data, reader)


def roster_verdict(
    roster: Any,
    requirements: EventRequirements,
    *,
    others: Sequence[Any] = (),
    slot: int = 1,
    pack: Mapping[str, Any] | None = None,
) -> RosterVerdict:
    """The verdict of the roster in `slot` (1 or 2), judged with the player's `others`."""
    ordered = [roster, *others] if slot == 1 else [*others, roster]
    result = judge_rosters(ordered, requirements, pack)
    mine = result.rosters[0 if slot == 1 else len(others)]
    return RosterVerdict(roster=mine, dual_list=result.violations)


# --- Team games (docs/teams.md): a team's armies judged together for one event ---------


def team_games_of(game_system: str) -> TeamGames | None:
    """The system's team games; None when it has none (or is unknown here)."""
    try:
        return get_system(game_system).team_games
    except UnknownGameSystem:
        return None


def judge_team_rosters(
    rosters: Sequence[Any],
    requirements: EventRequirements,
    *,
    budget: int,
    pack: Mapping[str, Any] | None = None,
) -> TeamVerdict[Report]:
    """A team's armies (one per player, in the team's order) judged for one event: the
    game's team rules against `budget`, each army with the event's own violations first
    (game system, scale), as `judge_rosters` does for one player's."""
    teams = team_games_of(requirements.game_system)
    if teams is None:
        raise NotImplementedError(f"{requirements.game_system} has no team games")
    rules = roster_rules_for(requirements.game_system)
    verdict = teams.judge_team(rosters, budget=budget, rules_date=requirements.rules_date, pack=pack)
    reports = tuple(
        report.with_violations(
            in_line_order(
                (*event_violations(rules.declared(roster), requirements), *report.violations),
                tuple(rules.document(roster)),
            )
        )
        for roster, report in zip(rosters, verdict.rosters, strict=True)
    )
    return TeamVerdict(
        rosters=reports, totals=verdict.totals, limits=verdict.limits, violations=verdict.violations
    )


def team_roster_verdict(
    roster: Any,
    requirements: EventRequirements,
    *,
    position: int,
    teammates: Mapping[int, Any],
    budget: int,
    pack: Mapping[str, Any] | None = None,
) -> RosterVerdict:
    """The verdict of the army at `position` (1, 2, 3) of a team, judged with the armies its
    `teammates` have in so far (by position): its own report, and the team's problems where
    a dual list's would be. An army stands alone until a teammate's is in; the team's
    budget binds them from then on."""
    team = dict(teammates)
    team[position] = roster
    order = sorted(team)
    verdict = judge_team_rosters([team[p] for p in order], requirements, budget=budget, pack=pack)
    return RosterVerdict(roster=verdict.rosters[order.index(position)], dual_list=verdict.violations)
