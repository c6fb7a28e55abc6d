"""Staff invited by e-mail: a judge (or a second TO) who may have no account yet.

OP Guide: Roles — the TO appoints the Head Judge and the judges. Adding staff by username
needs an account first; an invitation reaches a person by their address instead. The role
goes to whichever account follows the mailed link and accepts it: its holder's consent.
The link is signed over the event and the invitation (django.core.signing, salted for this
purpose), so it stops working once accepted, withdrawn, or after STAFF_INVITATION_MAX_AGE.
Mails count against the event's hourly invitation budget, as seat invitations do.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from tournaments.errors import ServiceError
from tournaments.invitation_mails import STAFF_INVITATION_SALT
from tournaments.models import Event, StaffInvitation, StaffRole, StaffRoleKind
from tournaments.notifications import mail_after_commit
from tournaments.services.audit import audit
from tournaments.services.events import staff_add
from tournaments.services.invitations import spend_invitation_mails
from tournaments.services.versions import event_touch

STAFF_INVITATION_MAX_AGE = 60 * 60 * 24 * 30  # seconds: a month to answer


def staff_invitations_pending(event: Event) -> list[StaffInvitation]:
    return list(StaffInvitation.objects.filter(event=event, accepted_at__isnull=True).order_by("-invited_at"))


@transaction.atomic
def staff_invite(*, event: Event, email: str, role: str, by: AbstractBaseUser) -> StaffInvitation:
    """Invite `email` to be `role` at the event: the link is mailed after the commit,
    outside the TO's request (`staff_invitation_mail`); a mail the server refuses is marked
    on the invitation, which the TO then sees on the staff page and withdraws."""
    email = email.strip().lower()
    try:
        validate_email(email)
    except ValidationError:
        raise ServiceError(f"{email!r} is not an e-mail address.", field="email") from None
    if role not in StaffRoleKind.values:
        raise ServiceError(f"Unknown staff role {role!r}.", field="role")
    if StaffInvitation.objects.filter(event=event, email=email, role=role, accepted_at__isnull=True).exists():
        raise ServiceError(
            f"{email} has been invited as {StaffRoleKind(role).label} already; withdraw that invitation "
            "first to send a new one.",
            code="already-invited",
            field="email",
        )
    spend_invitation_mails(event, 1, then="invite again in an hour")
    invitation = StaffInvitation.objects.create(event=event, email=email, role=role, invited_by_id=by.pk)
    audit(event=event, actor=by, action="staff-invited", subject=email, data={"role": role})
    mail_after_commit("tournaments.send_staff_invitation", invitation_id=invitation.pk)
    return invitation


def staff_invitation_read(*, event: Event, token: str) -> StaffInvitation:
    """The invitation a link names, or `bad-invitation` (wrong, expired or withdrawn)."""
    refused = ServiceError(
        "This invitation link is not valid (or no longer): ask the TO to invite you again.",
        code="bad-invitation",
    )
    try:
        event_id, invitation_id = signing.loads(
            token, salt=STAFF_INVITATION_SALT, max_age=STAFF_INVITATION_MAX_AGE
        )
    except (signing.BadSignature, ValueError, TypeError):
        raise refused from None
    invitation = (
        StaffInvitation.objects.filter(pk=invitation_id, event_id=event_id).select_related("event").first()
    )
    if invitation is None or event_id != event.pk:
        raise refused
    return invitation


@transaction.atomic
def staff_invitation_accept(*, event: Event, token: str, user: AbstractBaseUser) -> StaffRole:
    """Give the signed-in account the role the link offers (staff_add's rules apply: at a
    competitive event a player cannot become TO or Head Judge). Following one's own
    accepted link again is harmless; another account's is refused."""
    invitation = staff_invitation_read(event=event, token=token)
    invitation = StaffInvitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.accepted_at is not None:
        if invitation.accepted_by_id == user.pk:
            return StaffRole.objects.get(event=event, user_id=user.pk, role=invitation.role)
        raise ServiceError("This invitation has been accepted by another account.", code="already-accepted")
    role = staff_add(event=event, actor=user, user=user, role=invitation.role)
    invitation.accepted_by_id = user.pk
    invitation.accepted_at = timezone.now()
    invitation.save(update_fields=["accepted_by", "accepted_at"])
    audit(
        event=event,
        actor=user,
        action="staff-invitation-accepted",
        subject=invitation.email,
        data={"role": invitation.role, "account": user.get_username()},
    )
    event_touch(event)
    return role


@transaction.atomic
def staff_invitation_withdraw(*, invitation: StaffInvitation, by: AbstractBaseUser) -> None:
    """The TO takes back an invitation not accepted yet: its link stops working."""
    if invitation.accepted_at is not None:
        raise ServiceError(
            "That invitation has been accepted: remove the role instead.", code="already-accepted"
        )
    audit(
        event=invitation.event,
        actor=by,
        action="staff-invitation-withdrawn",
        subject=invitation.email,
        data={"role": invitation.role},
    )
    invitation.delete()
