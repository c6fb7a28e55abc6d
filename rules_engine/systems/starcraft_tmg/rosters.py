"""StarCraft's roster plug-in for the event pipeline (`GameSystem.roster_rules`).

A roster is roster/1 JSON or the typed list of docs/rosters.md (`roster_reader`), judged
by Part 9.1 (`army`) under the pack in effect on the event's rules cut-off, or under a
pack handed in; a player may bring two (OP Guide: Dual List Format, judged in `army`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules_engine.systems.starcraft_tmg.report import RosterReport
    from rules_engine.systems.starcraft_tmg.roster_json import Roster
    from rules_engine.team_games import TeamVerdict
    from rules_engine.verdict import Declared, ValidationResult

# Each method imports what it uses: the system registers this plug-in at start-up, and the
# `pair` and `standings` commands never read a roster.


class StarCraftRosters:
    def read(self, content: str | Mapping[str, Any]) -> Roster:
        from rules_engine.systems.starcraft_tmg.roster_reader import read_roster

        return read_roster(content)

    def document(self, roster: Roster) -> dict[str, Any]:
        from rules_engine.systems.starcraft_tmg.roster_json import roster_to_document

        return roster_to_document(roster)

    def declared(self, roster: Roster) -> Declared:
        # A Grand Offensive roster states its Minerals, but the event's budget is checked by
        # the army rules against the roster's own figure (Part 9.1.1), as it always was.
        from rules_engine.verdict import Declared

        return Declared(roster.game_system, roster.scale)

    def judge(
        self, rosters: Sequence[Roster], rules_date: dt.date | None, pack: Mapping[str, Any] | None
    ) -> ValidationResult[RosterReport]:
        from rules_engine.systems.starcraft_tmg import SYSTEM
        from rules_engine.systems.starcraft_tmg.army import validate_rosters
        from rules_engine.systems.starcraft_tmg.pack import pack_from_document

        if pack is None:
            return SYSTEM.validate_rosters(rosters, rules_date)
        return validate_rosters(rosters, pack_from_document(dict(pack)))

    def report_from_json(self, data: Mapping[str, Any]) -> RosterReport:
        from rules_engine.systems.starcraft_tmg.report import RosterReport

        return RosterReport.from_json(data)


class StarCraftTeamGames:
    """Team games (Part 9.1.8): 2v2 and 3v3, one army per player, one budget per team."""

    @property
    def sizes(self) -> tuple[int, ...]:
        from rules_engine.systems.starcraft_tmg.team import TEAM_SIZES

        return TEAM_SIZES

    def judge_team(
        self,
        rosters: Sequence[Roster],
        *,
        budget: int,
        rules_date: dt.date | None,
        pack: Mapping[str, Any] | None,
    ) -> TeamVerdict[RosterReport]:
        from rules_engine.systems.starcraft_tmg import rules_pack
        from rules_engine.systems.starcraft_tmg.pack import pack_from_document
        from rules_engine.systems.starcraft_tmg.team import validate_team

        judged_by = rules_pack(rules_date) if pack is None else pack_from_document(dict(pack))
        return validate_team(rosters, judged_by, budget=budget)
