"""Writes of the awards app: keyword-only, atomic, raising ServiceError with a stable code.

OP Guide: Hobby Awards. The TO announces the awards with the event (`awards_offer`); every
attendee casts one ballot per award, never for themselves, changeable until the TO closes
voting (`award_vote`, `award_nominate`); the TO then reads the counts, settles a tie among
the tied players (`award_break_tie`) and publishes the winners (`awards_publish`).

Ballots are secret (the guide: "let them vote"; only the TO sees the tally, once voting
is closed), so casting one writes no audit entry: the log would say who voted for whom.
Closing, tie-breaks and publishing are audited.

Who may call what is the views' business (`tournaments.access`: the TO for the awards'
set-up and results, a player of the event for a ballot); the rules are here.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from awards.groups import award_groups, groups_of
from awards.models import Award, AwardKind, AwardProgramme, AwardVote
from awards.selectors import FACTION_BALLOT_CLOSED, tallies
from tournaments.errors import ServiceError
from tournaments.models import Event, Player, StaffRole
from tournaments.selectors import rosters_public
from tournaments.services.audit import audit
from tournaments.services.versions import event_touch


def _programme(event: Event, *, lock: bool = False) -> AwardProgramme:
    programme, _ = AwardProgramme.objects.get_or_create(event=event)
    if lock:
        programme = AwardProgramme.objects.select_for_update().get(pk=programme.pk)
    return programme


def _require_open(programme: AwardProgramme) -> None:
    if not programme.voting_open:
        raise ServiceError(
            "Voting on the awards is closed: nothing more can be cast or changed.", code="voting-closed"
        )


def _wanted(event: Event, *, best_painted: bool, best_in_faction: bool, best_sportsman: bool) -> list[Award]:
    """The awards the TO's choice means, in the order the guide lists them (unsaved)."""
    wanted = []
    if best_painted:
        wanted.append(Award(event=event, kind=AwardKind.BEST_PAINTED, label=AwardKind.BEST_PAINTED.label))
    if best_in_faction:
        groups = award_groups(event)
        if not groups:
            raise ServiceError(
                f"{event.game_system_name} has no faction groups to give Best in Faction for.",
                code="no-award-groups",
                field="best_in_faction",
            )
        for group in groups:
            label = f"{AwardKind.BEST_IN_FACTION.label}: {group.label}"
            wanted.append(Award(event=event, kind=AwardKind.BEST_IN_FACTION, group=group.key, label=label))
    if best_sportsman:
        wanted.append(Award(event=event, kind=AwardKind.BEST_SPORTSMAN, label=AwardKind.BEST_SPORTSMAN.label))
    return wanted


def _labels(awards: Iterable[Award]) -> str:
    return ", ".join(a.label for a in awards) or "none"


@transaction.atomic
def awards_offer(
    *,
    event: Event,
    by: AbstractBaseUser,
    best_painted: bool,
    best_in_faction: bool,
    best_sportsman: bool,
    owner: AbstractBaseUser | None = None,
) -> list[Award]:
    """Set which awards the event offers and who runs them (the TO).

    OP Guide: Running Them Well: "Announce them with the event, not on the day" (they show
    on the event page from now on) and "Give somebody the job" (`owner`: a member of the
    event's staff). Best in Faction is one award per group of the game system. An award
    that already holds ballots cannot be withdrawn, and nothing changes once voting closed.
    """
    programme = _programme(event, lock=True)
    _require_open(programme)
    if owner is not None and not StaffRole.objects.filter(event=event, user_id=owner.pk).exists():
        raise ServiceError(
            "The awards' owner must be on the event's staff (add them on the Staff page first).",
            code="owner-not-staff",
            field="owner",
        )
    wanted = _wanted(
        event, best_painted=best_painted, best_in_faction=best_in_faction, best_sportsman=best_sportsman
    )
    current = {(a.kind, a.group): a for a in Award.objects.filter(event=event)}
    keep = {(a.kind, a.group) for a in wanted}
    dropped = [a for key, a in current.items() if key not in keep]
    for award in dropped:
        if award.votes.exists():
            raise ServiceError(
                f"{award.label} already has ballots cast: it cannot be withdrawn now.",
                code="award-has-votes",
                field=award.kind.replace("-", "_"),
            )
    before = _labels(current.values())
    for award in dropped:
        award.delete()
    for award in wanted:
        if (award.kind, award.group) not in current:
            award.save()
    old_owner = programme.owner.get_username() if programme.owner is not None else ""
    programme.owner_id = owner.pk if owner is not None else None
    programme.save(update_fields=["owner"])
    after = list(Award.objects.filter(event=event))
    new_owner = owner.get_username() if owner is not None else ""
    changes: dict[str, object] = {}
    if before != _labels(after):
        changes["awards"] = {"old": before, "new": _labels(after)}
    if old_owner != new_owner:
        changes["owner"] = {"old": old_owner, "new": new_owner}
    if changes:
        audit(event=event, actor=by, action="awards-offered", subject=event.name, data=changes)
    event_touch(event)
    return after


def _attendee(event: Event, player: Player) -> None:
    """A voter: a registered player of the event, dropped or not (a drop still attends);
    a disqualified player has left the event and casts nothing."""
    if player.event_id != event.pk or player.disqualified_after_round is not None:
        raise ServiceError("Only the event's players vote on its awards.", code="not-attendee")


@transaction.atomic
def award_vote(*, award: Award, voter: Player, choice: Player, by: AbstractBaseUser) -> AwardVote:
    """Cast or change `voter`'s ballot for `award` (OP Guide: Hobby Awards, "give every
    attendee a token, and let them vote").

    One ballot per attendee per award, never for oneself, until voting closes. Best in
    Faction is voted by and for the players whose roster is of that award's group (the
    guide gives no method; docs/awards.md). Secret: nothing is audited.
    """
    event = award.event
    programme = _programme(event, lock=True)
    _require_open(programme)
    _attendee(event, voter)
    if choice.event_id != event.pk or choice.disqualified_after_round is not None:
        raise ServiceError("Vote for a player of this event.", code="not-a-candidate", field="choice")
    if choice.pk == voter.pk:
        raise ServiceError("You cannot vote for yourself.", code="own-vote", field="choice")
    if award.kind == AwardKind.BEST_IN_FACTION:
        # Refused alike whoever is chosen: an answer that differed by the choice's roster
        # would tell the voter another player's faction before publication.
        if not rosters_public(event):
            raise ServiceError(FACTION_BALLOT_CLOSED, code="rosters-not-public")
        groups = groups_of(event, [voter, choice])
        if award.group not in groups[voter.pk]:
            raise ServiceError(
                f"{award.label} is voted by the players whose roster is of that group.",
                code="not-in-group",
            )
        if award.group not in groups[choice.pk]:
            raise ServiceError(
                f"{choice.name}'s roster is not of the group {award.label} is for.",
                code="not-in-group",
                field="choice",
            )
    ballot, created = AwardVote.objects.select_for_update().get_or_create(
        award=award, voter=voter, defaults={"choice": choice}
    )
    if not created and ballot.choice_id != choice.pk:
        ballot.choice = choice
        ballot.cast_at = timezone.now()
        ballot.save(update_fields=["choice", "cast_at"])
    event_touch(event)
    return ballot


def sportsman_award(event: Event) -> Award | None:
    return Award.objects.filter(event=event, kind=AwardKind.BEST_SPORTSMAN).select_related("event").first()


def award_nominate(*, event: Event, voter: Player, choice: Player, by: AbstractBaseUser) -> AwardVote:
    """A Best Sportsman nomination: "one nomination per player, submitted with their last
    result" (OP Guide: Hobby Awards); a ballot like any other award's."""
    award = sportsman_award(event)
    if award is None:
        raise ServiceError(f"{event.name} does not offer a Best Sportsman award.", code="not-offered")
    return award_vote(award=award, voter=voter, choice=choice, by=by)


@transaction.atomic
def awards_close_voting(*, event: Event, by: AbstractBaseUser) -> AwardProgramme:
    """Close voting on every award at once; the counts become readable to the TO."""
    programme = _programme(event, lock=True)
    _require_open(programme)
    awards = list(Award.objects.filter(event=event))
    if not awards:
        raise ServiceError(f"{event.name} offers no awards to close voting on.", code="no-awards")
    programme.voting_closed_at = timezone.now()
    programme.save(update_fields=["voting_closed_at"])
    turnout = {a.label: a.votes.count() for a in awards}
    audit(event=event, actor=by, action="awards-voting-closed", subject=event.name, data=turnout)
    event_touch(event)
    return programme


def _require_closed(programme: AwardProgramme) -> None:
    if programme.voting_open:
        raise ServiceError("Close voting first: the counts stay secret until then.", code="voting-open")
    if programme.published_at is not None:
        raise ServiceError("The winners are published already.", code="published")


@transaction.atomic
def award_break_tie(*, award: Award, winner: Player, by: AbstractBaseUser, reason: str = "") -> Award:
    """The TO chooses the winner among the players tied on the most ballots (recorded in
    the award and the audit log). The guide's awards have no tie-break of their own."""
    event = award.event
    programme = _programme(event, lock=True)
    _require_closed(programme)
    tally = next(t for t in tallies(event, counted=True) if t.award.pk == award.pk)
    if not tally.tied:
        raise ServiceError(f"{award.label} has no tie to break.", code="no-tie")
    if winner.pk not in {p.pk for p in tally.leaders}:
        names = ", ".join(p.name for p in tally.leaders)
        raise ServiceError(f"Choose one of the tied players ({names}).", code="not-tied", field="winner")
    award = Award.objects.select_for_update().get(pk=award.pk)
    award.tie_among = [p.external_id for p in tally.leaders]
    award.tie_chosen = winner
    award.save(update_fields=["tie_among", "tie_chosen"])
    audit(
        event=event,
        actor=by,
        action="award-tie-broken",
        subject=award.label,
        reason=reason,
        data={"tied": ", ".join(p.name for p in tally.leaders), "chosen": winner.name},
    )
    event_touch(event)
    return award


@transaction.atomic
def awards_publish(*, event: Event, by: AbstractBaseUser) -> AwardProgramme:
    """Publish the winners: each award's leader, or the TO's choice among a tie; an award
    nobody voted for is published without a winner. Refused while a tie is unsettled."""
    programme = _programme(event, lock=True)
    _require_closed(programme)
    counted = tallies(event, counted=True)
    unsettled = [t.award.label for t in counted if t.tied and t.winner is None]
    if unsettled:
        raise ServiceError(f"Break the tie first: {', '.join(unsettled)}.", code="unresolved-tie")
    winners: dict[str, str] = {}
    for tally in counted:
        tally.award.winner = tally.winner
        tally.award.save(update_fields=["winner"])
        winners[tally.award.label] = tally.winner.name if tally.winner is not None else "no ballots"
    programme.published_at = timezone.now()
    programme.save(update_fields=["published_at"])
    audit(event=event, actor=by, action="awards-published", subject=event.name, data=winners)
    event_touch(event)
    return programme


@transaction.atomic
def awards_copy(*, source: Event, copy: Event, by: AbstractBaseUser) -> list[str]:
    """The awards `source` offers, offered again by its copy ("Copy this event",
    tournaments.copy_hooks): the same awards, open for voting, with no ballots and no
    winners. The owner is kept only when it is the copying TO, the copy's one member of
    staff (no other staff are copied, and the owner must be on the staff)."""
    awards = list(Award.objects.filter(event=source).order_by("id"))
    if not awards:
        return []
    Award.objects.bulk_create(
        Award(event=copy, kind=award.kind, group=award.group, label=award.label) for award in awards
    )
    old = AwardProgramme.objects.filter(event=source).first()
    owner = by.pk if old is not None and old.owner_id == by.pk else None
    AwardProgramme.objects.create(event=copy, owner_id=owner)
    return [f"the awards: {_labels(awards)}"]
