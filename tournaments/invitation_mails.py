"""The invitation mails: the signed links they carry and the mails themselves, sent by the
mail tasks after the TO's press (tournaments.services.invitations, staff_invitations).

A leaf of the event core, as the mail tasks need it: it builds and sends mails and reads
the rows it is given, and imports no service (the services import it).

A seat's link is the secret, like the registration link (OP Guide: Registration — the TO
enters the players; each needs a way in): signed (django.core.signing, salted per purpose)
over the event, the seat and the address (or account) the TO entered, so it needs no stored
state. A staff invitation's link is signed over the event and the invitation.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils import timezone

from accounts.links import absolute
from tournaments.event_time import event_zone_active
from tournaments.mail import header_text, send_one_mail
from tournaments.models import Event, Player, StaffInvitation, WaitlistEntry, WaitlistState

INVITATION_SALT = "muster.invitation"
INVITATION_MAX_AGE = 60 * 60 * 24 * 90  # seconds: an event's season is planned months ahead
STAFF_INVITATION_SALT = "muster.staff-invitation"


def invitation_link(player: Player) -> str:
    """The absolute link a seat's invitation mail carries (SITE_URL, accounts.links)."""
    return absolute(reverse("invitation", args=[player.event.slug, invitation_token(player)]))


def bound_to(player: Player) -> str:
    """What a link is bound to: the seat's address, or the account the TO named. Changing
    either makes earlier links invalid (they were sent somewhere else)."""
    return player.email.lower() if player.email else f"account:{player.invited_user_id or ''}"


def invitation_token(player: Player) -> str:
    """The secret part of a seat's invitation link."""
    return signing.dumps([player.event_id, player.pk, bound_to(player)], salt=INVITATION_SALT)


def _mail_address(player: Player) -> str:
    """Where a seat's invitation goes: the address the TO entered, else the address of the
    account the TO named (never shown to the TO)."""
    if player.email:
        return player.email
    invited = player.invited_user
    return str(getattr(invited, "email", "") or "") if invited is not None else ""


def is_invitable(player: Player) -> bool:
    """A seat an invitation can go to: somewhere to mail it, no account, still in the event."""
    return (
        player.user_id is None
        and player.dropped_after_round is None
        and player.disqualified_after_round is None
        and bool(_mail_address(player))
    )


def _mail_invitation(player: Player, event: Event) -> bool:
    """Send one seat its invitation; False (logged) when the mail could not go."""
    return send_one_mail(
        subject=f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}Your seat at {event.name}",
        body=(
            f"Hello {header_text(player.name)},\n\n"
            f"The organiser of {header_text(event.name)} has entered you as a player. Follow this "
            "link to claim your seat (log in, or sign up first if you have no account): you can "
            "then submit your roster, see your pairings and report your results.\n\n"
            f"{invitation_link(player)}\n\n"
            "If you do not play at this event, ignore this mail: nothing is linked to you "
            "unless you claim the seat.\n"
        ),
        to=_mail_address(player),
        what=f"invitation to seat {player.pk} of event {event.pk}",
    )


def seat_invitations_mail(*, player_ids: list[int], stamp: str) -> int:
    """Send the invitations `invitations_send` or `invitation_resend` stamped at `stamp`
    (run by the mail task, after the TO's request). A seat claimed, dropped or stamped again
    since is skipped; a mail the server refuses clears the seat's stamp and marks it
    refused, so the TO's list shows it and the next press invites it again. One refused
    mail never stops the others. Returns how many went."""
    when = datetime.fromisoformat(stamp)
    sent = 0
    seats = Player.objects.filter(pk__in=player_ids, invited_at=when).select_related("event", "invited_user")
    for player in seats:
        if not is_invitable(player):
            continue
        if _mail_invitation(player, player.event):
            sent += 1
        else:
            Player.objects.filter(pk=player.pk, invited_at=when).update(
                invited_at=None, invitation_failed_at=timezone.now()
            )
    return sent


def staff_invitation_token(invitation: StaffInvitation) -> str:
    return signing.dumps([invitation.event_id, invitation.pk], salt=STAFF_INVITATION_SALT)


def staff_invitation_link(invitation: StaffInvitation) -> str:
    path = reverse("staff-invitation", args=[invitation.event.slug, staff_invitation_token(invitation)])
    return absolute(path)


def staff_invitation_mail(*, invitation_id: int) -> bool:
    """Send a staff invitation's mail (run by its task). An invitation accepted or
    withdrawn meanwhile is not mailed; a refusal is marked on it (`mail_failed_at`)."""
    invitation = (
        StaffInvitation.objects.filter(pk=invitation_id, accepted_at__isnull=True)
        .select_related("event")
        .first()
    )
    if invitation is None:
        return False
    event = invitation.event
    label = invitation.get_role_display()
    sent = send_one_mail(
        subject=f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}Be {label} at {event.name}",
        body=(
            f"Hello,\n\nThe organiser of {header_text(event.name)} invites you to be {label} there "
            "on Muster. Follow this link, log in (or sign up first if you have no account) and "
            f"accept:\n\n{staff_invitation_link(invitation)}\n\n"
            "If you do not expect this, ignore this mail: nothing happens unless you accept.\n"
        ),
        to=invitation.email,
        what=f"staff invitation to {invitation.email} for event {event.pk}",
    )
    if not sent:
        StaffInvitation.objects.filter(pk=invitation.pk).update(mail_failed_at=timezone.now())
    return sent


def waitlist_offer_mail(*, entry_id: int) -> bool:
    """Mail a waiting person the seat just offered to them (docs/waitlist.md): where to
    accept it and by when. False when there is nothing to send (the offer was taken back,
    no address) or the mail server refused it."""
    entry = WaitlistEntry.objects.filter(pk=entry_id).select_related("event", "user").first()
    if entry is None or entry.state != WaitlistState.OFFERED or entry.offer_expires_at is None:
        return False
    to = entry.email or str(getattr(entry.user, "email", "") or "")
    if not to:
        return False
    event = entry.event
    with event_zone_active(event):
        until = timezone.localtime(entry.offer_expires_at).strftime("%Y-%m-%d %H:%M")
    return send_one_mail(
        subject=f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}A seat at {event.name} is yours to take",
        body=(
            f"Hello {header_text(entry.name)},\n\n"
            f"A seat has been freed at {header_text(event.name)} and you are next on its waitlist. "
            f"Accept it by {until} (the venue's time); after that it goes to the next person.\n\n"
            f"{absolute(reverse('waitlist', args=[event.slug]))}\n\n"
            "If you no longer want to play, decline it on that page: the next person gets it at once.\n"
        ),
        to=to,
        what=f"waitlist offer {entry.pk} of event {event.pk}",
    )
