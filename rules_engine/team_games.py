"""Team games: two or three players on one side, each with an army of their own, judged
together against one budget for the team (docs/teams.md, "Team games").

This is the contract between the event pipeline and a game system that has team games
(`GameSystem.team_games`); a system without them leaves it None and says so. The
system's own package reads its rulebook's wording (which budget, how it is shared, how
many players a team has). Part of the game-system contract, below the registry; judging a
team for an event (`judge_team_rosters`, `team_roster_verdict`) is
`rules_engine.verdict`'s, above it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from rules_engine.roster_report import Report, ValidationResult

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


@dataclass(frozen=True, slots=True)
class TeamVerdict(ValidationResult[R]):
    """A team's armies judged together: a dual list's verdict (each army's own report, with
    no budget of its own, and the problems between them, here the team's), plus what the
    team spends (`totals`) against what it may spend (`limits`)."""

    totals: Mapping[str, int] = field(default_factory=dict)
    limits: Mapping[str, int] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """`validate_roster --team-budget --json`: as a dual list's verdict, plus `team`."""
        return ValidationResult.as_json(self) | {"team": {**self.totals, "limits": dict(self.limits)}}


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

    def text(self, verdict: TeamVerdict[Report], names: Sequence[str]) -> str:
        """`validate_roster --team-budget`'s verdict for a person; `names` labels each army."""
        ...
