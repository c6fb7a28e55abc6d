"""Judging rows turned into the plain dicts the output serializers render.

Each function reads only what its caller has already loaded (the selectors'
select_related), so list endpoints stay at a fixed query count.
"""

from __future__ import annotations

from typing import Any

from judging.models import ConductReport, Penalty
from judging.selectors import PenaltyAdvice


def penalty_dict(p: Penalty) -> dict[str, Any]:
    return {
        "id": p.pk,
        "player": p.player.external_id,
        "player_name": p.player.name,
        "level": p.level,
        "infraction": p.category,
        "status": p.status,
        "round": p.round_number,
        "table": p.table_number,
        "game": p.game_id,
        "notes": p.notes,
        "remedy": p.remedy,
        "issued_by": p.issued_by.get_username() if p.issued_by else "",
        "issued_at": p.issued_at,
        "decided_by": p.decided_by.get_username() if p.decided_by else "",
        "decided_at": p.decided_at,
        "decision_note": p.decision_note,
    }


def penalty_advice_dict(external_id: str, advice: PenaltyAdvice) -> dict[str, Any]:
    """A player's record and the OP Guide's advice (Judging and Conduct: escalation, slow play)."""
    return {
        "player": external_id,
        "escalation": [
            {"level": a.level.value, "applied_by": a.applied_by, "text": a.text} for a in advice.escalation
        ],
        "slow_play": {
            "step": advice.slow_play.step.value,
            "applied_by": advice.slow_play.applied_by,
            "text": advice.slow_play.text,
            "remedy_allowed": advice.slow_play.remedy_allowed,
        },
        "suggested": advice.suggested,
        "penalties": [penalty_dict(p) for p in advice.history],
    }


def conduct_dict(report: ConductReport) -> dict[str, Any]:
    return {
        "id": report.pk,
        "category": report.category,
        "description": report.description,
        "people_involved": report.people_involved,
        "reporter": report.reporter.get_username() if report.reporter else "",
        "created_at": report.created_at,
        "handled": report.handled,
        "handled_at": report.handled_at,
        "handled_by": report.handled_by.get_username() if report.handled_by else "",
        "handled_note": report.handled_note,
    }
