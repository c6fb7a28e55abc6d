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
    from rules_engine.roster_report import Declared, PackLabel, Report, ValidationResult
    from rules_engine.systems.starcraft_tmg.repair import Repair
    from rules_engine.systems.starcraft_tmg.report import RosterReport
    from rules_engine.systems.starcraft_tmg.roster_json import Roster
    from rules_engine.team_games import TeamVerdict

# Each method imports what it uses: the system registers this plug-in at start-up, and the
# `pair` and `standings` commands never read a roster.


class StarCraftRosters:
    def read(self, content: str | Mapping[str, Any], *, origin: str = "roster") -> Roster:
        from rules_engine.systems.starcraft_tmg.roster_reader import read_roster

        return read_roster(content, origin=origin)

    def document(self, roster: Roster) -> dict[str, Any]:
        from rules_engine.systems.starcraft_tmg.roster_json import roster_to_document

        return roster_to_document(roster)

    def declared(self, roster: Roster) -> Declared:
        # A Grand Offensive roster states its Minerals, but the event's budget is checked by
        # the army rules against the roster's own figure (Part 9.1.1), as it always was.
        from rules_engine.roster_report import Declared

        return Declared(roster.game_system, roster.scale)

    def judge(
        self, rosters: Sequence[Roster], rules_date: dt.date | None, pack: Mapping[str, Any] | None
    ) -> ValidationResult[RosterReport]:
        from rules_engine.systems.starcraft_tmg.army import validate_rosters, validate_rosters_on
        from rules_engine.systems.starcraft_tmg.pack import pack_from_document

        if pack is None:
            return validate_rosters_on(rosters, rules_date)
        return validate_rosters(rosters, pack_from_document(dict(pack)))

    def report_from_json(self, data: Mapping[str, Any]) -> RosterReport:
        from rules_engine.systems.starcraft_tmg.report import RosterReport

        return RosterReport.from_json(data)

    def pack_label(self, pack: Mapping[str, Any] | None, rules_date: dt.date | None) -> PackLabel:
        """A TO's pack gets the same checks as a built-in one (`pack_from_document`); without
        one, the pack in effect on the rules date (NoPackInEffect before the first)."""
        from rules_engine.datapack import PackError as EnvelopePackError
        from rules_engine.roster_report import PackLabel
        from rules_engine.systems.starcraft_tmg.book import SLUG, rules_pack
        from rules_engine.systems.starcraft_tmg.pack import PackError, pack_from_document

        try:
            judged_by = rules_pack(rules_date) if pack is None else pack_from_document(dict(pack))
        except PackError as exc:
            raise EnvelopePackError(str(exc)) from None
        return PackLabel(SLUG, judged_by.version, judged_by.source, sample=False)


class StarCraftPrinter:
    """`validate_roster`'s verdict as StarCraft players read it: the slot ledger and the unit
    and card lines (`report_text`); the JSON is the verdict's own, without the pack, as it
    always was (docs/interchange.md, "validate_roster")."""

    def json(self, result: ValidationResult[Report], pack: PackLabel) -> dict[str, Any]:
        return result.as_json()

    def text(self, result: ValidationResult[Report], pack: PackLabel, names: Sequence[str]) -> str:
        from rules_engine.systems.starcraft_tmg.report_text import render_result

        return render_result(result, names)


def repair(document: Mapping[str, Any], *, rules_date: dt.date | None) -> Repair | None:
    """The smallest change that makes the roster legal (`repair`), None for a document that is
    no StarCraft roster at all: there is nothing to repair then, only to retype."""
    from rules_engine.systems.starcraft_tmg.repair import repair_document
    from rules_engine.systems.starcraft_tmg.roster_json import RosterFileError

    try:
        return repair_document(document, rules_date=rules_date)
    except RosterFileError:
        return None


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
        from rules_engine.systems.starcraft_tmg.book import rules_pack
        from rules_engine.systems.starcraft_tmg.pack import pack_from_document
        from rules_engine.systems.starcraft_tmg.team import validate_team

        judged_by = rules_pack(rules_date) if pack is None else pack_from_document(dict(pack))
        return validate_team(rosters, judged_by, budget=budget)

    def text(self, verdict: TeamVerdict[Report], names: Sequence[str]) -> str:
        from rules_engine.systems.starcraft_tmg.report_text import render_team

        return render_team(verdict, names)
