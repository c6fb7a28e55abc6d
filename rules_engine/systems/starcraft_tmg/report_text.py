"""The human report of a verdict: totals, the slot ledger, violations and warnings.

Plain text for a terminal or an e-mail to a player; the JSON shape is the verdict's
`as_json`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_engine.systems.starcraft_tmg.report import RosterReport, starcraft_report
from rules_engine.team_games import TeamVerdict
from rules_engine.verdict import Report, ValidationResult, Violation


def _violation_lines(violations: Sequence[Violation]) -> list[str]:
    return [f"  ✗ {v.code} at {v.where} ({v.section}): {v.message}" for v in violations]


def _unit_detail(report: RosterReport, index: int) -> str:
    line = report.units[index]
    parts = [str(line.composition_minerals)] + [f"{u.name} {u.minerals}" for u in line.upgrades if u.counted]
    detail = " + ".join(parts) if len(parts) > 1 else ""
    note = "" if line.counted else "  (not counted: see violations)"
    slot = (line.slot or "-").capitalize()
    return (
        f"  {f'units[{index}] {line.name}':<43} {line.models:>6} {line.supply:>6}  {slot:<8}"
        f"{line.minerals:>8}" + (f"  = {detail}" if detail else "") + note
    )


def _of(limit: int | None) -> str:
    """ " / 2000" against the army's own limit; nothing in a team game, where the team has it."""
    return "" if limit is None else f" / {limit}"


def render_report(report: RosterReport, title: str) -> str:
    verdict = "LEGAL" if report.legal else "ILLEGAL"
    out = [
        f"{title}: {report.player} — {report.faction}, {report.scale} "
        f"(rules {report.rules_version}): {verdict}",
        f"  Minerals {report.totals.minerals}{_of(report.limits.minerals)}    "
        f"Vespene Gas {report.totals.gas}{_of(report.limits.gas)}    Supply {report.totals.supply}",
        "",
        f"  {'Unit':<43} {'Models':>6} {'Supply':>6}  {'Slot':<8}{'Minerals':>8}",
    ]
    out += [_unit_detail(report, i) for i in range(len(report.units))]
    out += ["", f"  {'Card':<43} {'Gas':>6}"]
    for i, card in enumerate(report.cards):
        note = "" if card.counted else "  (not counted: see violations)"
        out.append(f"  {f'cards[{i}] {card.name}':<43} {card.gas:>6}  {card.kind}{note}")
    out += ["", "  Slots (used / available: given by → used by)"]
    for ledger in report.slots:
        given = ", ".join(f"{g.source} {g.count}" for g in ledger.granted_by) or "nothing"
        used = ", ".join(f"{u.unit} {u.count} ({u.where})" for u in ledger.used_by) or "nothing"
        out.append(
            f"  {ledger.kind.capitalize():<8} {ledger.used:>2} / {ledger.available:<2}  {given} → {used}"
        )
    if report.violations:
        out += ["", "  Violations", *_violation_lines(report.violations)]
    if report.warnings:
        out += ["", "  Warnings", *(f"  ! {w.message}" for w in report.warnings)]
    return "\n".join(out)


def render_result(result: ValidationResult[Report], names: Sequence[str]) -> str:
    """The whole verdict; `names` labels each roster (usually its file name)."""
    blocks = []
    for i, judged in enumerate(result.rosters):
        report = starcraft_report(judged)
        assert report is not None, "a StarCraft verdict holds StarCraft reports"
        blocks.append(render_report(report, f"Roster {i + 1} ({names[i]})"))
    if len(result.rosters) > 1 or result.violations:
        dual = ["Dual list: " + ("no problems" if not result.violations else "ILLEGAL")]
        blocks.append("\n".join(dual + _violation_lines(result.violations)))
    blocks.append("Verdict: " + ("LEGAL" if result.legal else "ILLEGAL"))
    return "\n\n".join(blocks) + "\n"


def render_team(verdict: TeamVerdict[Report], names: Sequence[str]) -> str:
    """A team game's verdict (Part 9.1.8): each army, then the team's budget and problems."""
    blocks = []
    for i, judged in enumerate(verdict.rosters):
        report = starcraft_report(judged)
        assert report is not None, "a StarCraft verdict holds StarCraft reports"
        blocks.append(render_report(report, f"Roster {i + 1} ({names[i]})"))
    totals, limits = verdict.totals, verdict.limits
    team = [
        f"Team: Minerals {totals['minerals']} / {limits['minerals']}    "
        f"Vespene Gas {totals['gas']} / {limits['gas']}    "
        + ("no problems" if not verdict.violations else "ILLEGAL")
    ]
    blocks.append("\n".join(team + _violation_lines(verdict.violations)))
    blocks.append("Verdict: " + ("LEGAL" if verdict.legal else "ILLEGAL"))
    return "\n\n".join(blocks) + "\n"
