"""A roster found illegal after play began (OP Guide: Illegal Rosters).

The judge records the finding with the violations the rules engine finds on the stored
document today, and what the Head Judge decided about the completed games. Where the game
system offers a repair (`GameSystem.repair`), the platform proposes the smallest change
that makes the roster legal; without one there is no automatic repair for this game. The
player corrects the roster under supervision, so a judge submits the corrected roster as
staff.
A proportionate penalty is issued separately, with `penalty_issue`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from judging.domain.penalties import PenaltyError, illegal_roster_checklist
from judging.models import GamesDecision, RosterFinding
from judging.services._common import STAFF_ROLES, require_roles
from rosters.models import Roster
from rules_engine.verdict import RosterVerdict
from tournaments.bridges.rules import event_requirements
from tournaments.errors import ServiceError
from tournaments.models import Event, Game, Player, RoundStatus
from tournaments.services.audit import audit
from tournaments.services.rosters import roster_preview, roster_submit


@dataclass(frozen=True)
class FoundViolation:
    """A stored violation, in the shape the domain's checklist reads."""

    code: str
    message: str
    where: str = ""


def verdict_violations(verdict: RosterVerdict) -> list[dict[str, str]]:
    """Every violation in a verdict: the roster's, then the pair's."""
    return [v.as_json() for v in verdict.violations]


def games_completed(player: Player) -> int:
    return (
        Game.objects.filter(Q(player_one=player) | Q(player_two=player))
        .exclude(round__status=RoundStatus.PAIRED)
        .exclude(outcome="")
        .count()
    )


def proposed_repair(
    event: Event, player: Player, slot: int, document: dict[str, Any]
) -> dict[str, Any] | None:
    """The smallest change, proved legal by the same check a submission gets (event rules
    included); None when the game offers no repair (`GameSystem.repair`) or it finds none."""
    search = event.system.repair
    if search is None:
        return None
    repair = search(document, rules_date=event_requirements(event).rules_date)
    if repair is None or not repair.edits:
        return None
    proof = roster_preview(event=event, content=dict(repair.document), player=player, slot=slot)
    if not proof.legal:
        return None  # legal to the army rules, but the event's own rules still object
    return repair.as_json()


@transaction.atomic
def illegal_roster_finding(
    *,
    roster: Roster,
    by: AbstractBaseUser,
    games_decision: str,
    decision_note: str = "",
    small_mistake: bool = False,
    players_agree: bool = False,
    advantage_gained: bool = False,
) -> RosterFinding:
    player = roster.player
    event = player.event
    require_roles(by, event, STAFF_ROLES, "the judges and the TO")
    if not event.rounds.exclude(status=RoundStatus.PAIRED).exists():
        raise ServiceError(
            "Play has not begun: before the first round an illegal roster is simply corrected.",
            code="not-started",
        )
    if games_decision not in GamesDecision.values:
        raise ServiceError("Say whether the completed games stand or were adjusted.", field="games_decision")
    if games_decision == GamesDecision.ADJUSTED and not decision_note.strip():
        raise ServiceError(
            "Say how the Head Judge adjusted the completed games.",
            code="decision-note-required",
            field="decision_note",
        )
    report = roster_preview(event=event, content=roster.document, player=player, slot=roster.slot)
    violations = verdict_violations(report)
    completed = games_completed(player)
    try:
        checklist = illegal_roster_checklist(
            [FoundViolation(v["code"], v["message"], v.get("where", "")) for v in violations],
            games_completed=completed,
            small_mistake=small_mistake,
            players_agree=players_agree,
            advantage_gained=advantage_gained,
        )
    except PenaltyError as exc:
        raise ServiceError(str(exc), code="legal") from None
    finding = RosterFinding.objects.create(
        event=event,
        player=player,
        roster=roster,
        slot=roster.slot,
        document=roster.document,
        violations=violations,
        games_completed=completed,
        games_decision=games_decision,
        decision_note=decision_note.strip(),
        small_mistake=small_mistake,
        players_agree=players_agree,
        advantage_gained=advantage_gained,
        checklist=list(checklist.items),
        suggested_level=checklist.suggested_level.value,
        repair=proposed_repair(event, player, roster.slot, roster.document),
        found_by_id=by.pk,
    )
    audit(
        event=event,
        actor=by,
        action="illegal-roster-found",
        subject=f"{player.name} roster {roster.slot}",
        reason=finding.decision_note,
        data={"finding": finding.pk, "violations": [v["code"] for v in violations], "games": games_decision},
    )
    return finding


@transaction.atomic
def illegal_roster_correct(
    *, finding: RosterFinding, content: str | dict[str, Any], by: AbstractBaseUser
) -> Roster:
    """A judge submits the corrected roster; it must be legal, or nothing changes."""
    finding = (
        RosterFinding.objects.select_for_update(of=("self",))
        .select_related("player__event")
        .get(pk=finding.pk)
    )
    player = finding.player
    event = player.event
    require_roles(by, event, STAFF_ROLES, "the judges and the TO")
    if finding.corrected_at is not None:
        raise ServiceError("This roster has already been corrected.", code="corrected")
    preview = roster_preview(event=event, content=content, player=player, slot=finding.slot)
    if not preview.legal:
        problems = "; ".join(v["message"] for v in verdict_violations(preview)[:3])
        raise ServiceError(f"The corrected roster is still illegal: {problems}", code="still-illegal")
    roster = roster_submit(player=player, slot=finding.slot, content=content, by=by, as_staff=True)
    finding.roster = roster
    finding.corrected_document = roster.document
    finding.corrected_by_id = by.pk
    finding.corrected_at = timezone.now()
    finding.save(update_fields=["roster", "corrected_document", "corrected_by", "corrected_at"])
    audit(
        event=event,
        actor=by,
        action="illegal-roster-corrected",
        subject=f"{player.name} roster {finding.slot}",
        data={"finding": finding.pk},
    )
    return roster
