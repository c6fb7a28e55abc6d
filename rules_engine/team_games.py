"""Team games: two or three players on one side, each with an army of their own, judged
together against one budget for the team (docs/teams.md, "Team games").

This is the contract between the event pipeline and a game system that has team games
(`GameSystem.team_games`); a system without them leaves it None and says so. The
system's own package reads its rulebook's wording (which budget, how it is shared, how
many players a team has).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from rules_engine.verdict import (
    EventRequirements,
    Report,
    RosterVerdict,
    Violation,
    event_violations,
    in_line_order,
    roster_rules_for,
)

R = TypeVar("R", bound=Report, covariant=True)


class TeamBudgetError(ValueError):
    """A team budget that is not a positive whole number: refused before anything is judged."""


def team_budget(value: object) -> int:
    """The budget a TO or a command line gives, as a positive whole number of the system's unit.

    Text is accepted only as plain digits ("2000"); "2,000", "2000.0" or "-5" are refused
    rather than guessed at, so a typo never silently judges a team against the wrong sum.
    """
    refused = TeamBudgetError(f"the team budget must be a positive whole number, not {value!r}")
    if isinstance(value, bool):
        raise refused
    if isinstance(value, str):
        text = value.strip()
        if not text.isdigit() or not text.isascii():
            raise refused
        value = int(text)
    if not isinstance(value, int) or value <= 0:
        raise refused
    return value


@dataclass(frozen=True)
class TeamVerdict(Generic[R]):
    """A team's armies judged together: each army's own report (no budget of its own), the
    team's problems, and what the team spends against what it may spend."""

    rosters: tuple[R, ...]
    totals: Mapping[str, int]
    limits: Mapping[str, int]
    violations: tuple[Violation, ...] = field(default=())

    @property
    def legal(self) -> bool:
        return not self.violations and all(r.legal for r in self.rosters)

    @property
    def codes(self) -> set[str]:
        return {v.code for v in self.violations}

    def as_json(self) -> dict[str, Any]:
        """`validate_roster --team-budget --json`: as a dual list's verdict, plus `team`."""
        return {
            "legal": self.legal,
            "rosters": [r.as_json() for r in self.rosters],
            "violations": [v.as_json() for v in self.violations],
            "team": {**self.totals, "limits": dict(self.limits)},
        }


class TeamGames(Protocol):
    """A game system's team games: how many players a team has, and how the team's armies
    are judged together. Every method is pure."""

    @property
    def sizes(self) -> tuple[int, ...]:
        """The numbers of players a team may have (StarCraft's 2v2 and 3v3: 2 and 3)."""
        ...

    def judge_team(
        self,
        rosters: Sequence[Any],
        *,
        budget: int,
        rules_date: dt.date | None,
        pack: Mapping[str, Any] | None,
    ) -> TeamVerdict[Report]:
        """The team's rosters (one per player, read by the system's `roster_rules`) under the
        pack in effect on `rules_date`, or `pack` when one is given, against `budget`."""
        ...


def team_games_of(game_system: str) -> TeamGames | None:
    """The system's team games; None when it has none (or is unknown here)."""
    from rules_engine.registry import UnknownGameSystem, get_system

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
