"""Invitations: a player the TO imported (a seat with an e-mail address and no account)
claims the seat by following a link mailed to that address (issue 13).

The link is the secret, like the registration link (OP Guide: Registration — the TO
enters the players; each needs a way in to submit a roster and report results). It is
signed (django.core.signing, salted per purpose) over the event, the seat and the address
the TO entered, so it needs no stored state: it stops working when the seat is claimed,
when the address is changed, and after INVITATION_MAX_AGE.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction

from tournaments.errors import ServiceError
from tournaments.models import Event, EventStatus, Player
from tournaments.services.audit import audit
from tournaments.services.players import _check_can_play
from tournaments.services.versions import event_touch

INVITATION_SALT = "muster.invitation"
INVITATION_MAX_AGE = 60 * 60 * 24 * 90  # seconds: an event's season is planned months ahead


def invitation_token(player: Player) -> str:
    """The secret part of a seat's invitation link."""
    return signing.dumps([player.event_id, player.pk, player.email.lower()], salt=INVITATION_SALT)


@dataclass(frozen=True)
class Invitation:
    """The seat a link names, as it now stands (a claimed seat is shown, not offered)."""

    player: Player

    @property
    def claimed(self) -> bool:
        return self.player.user_id is not None


def invitation_read(*, event: Event, token: str) -> Invitation:
    """The seat a link invites to, or `bad-invitation` (wrong, expired, or the address changed)."""
    refused = ServiceError(
        "This invitation link is not valid (or no longer): ask the TO to send it again.",
        code="bad-invitation",
    )
    try:
        event_id, player_id, email = signing.loads(token, salt=INVITATION_SALT, max_age=INVITATION_MAX_AGE)
    except (signing.BadSignature, ValueError, TypeError):
        raise refused from None
    player = Player.objects.filter(pk=player_id, event_id=event_id).select_related("user").first()
    if player is None or event_id != event.pk or player.email.lower() != email:
        raise refused
    return Invitation(player)


@transaction.atomic
def player_claim(*, event: Event, token: str, user: AbstractBaseUser) -> Player:
    """Link the signed-in account to the invited seat: its rosters and games become theirs.

    Following one's own link twice is harmless (the seat is returned). A seat claimed by
    another account, an account that already has a seat at the event, a finished event or
    (at a competitive event) the TO or Head Judge are refused with a stable code.
    """
    seat = invitation_read(event=event, token=token).player
    player = Player.objects.select_for_update().get(pk=seat.pk)
    if player.user_id == user.pk:
        return player
    if player.user_id is not None:
        raise ServiceError(
            f"The seat of {player.name} is already claimed by another account. Ask the TO if "
            "this is a mistake.",
            code="already-claimed",
        )
    if event.status == EventStatus.FINISHED:
        raise ServiceError("The event is finished.", code="event-finished")
    if Player.objects.filter(event=event, user_id=user.pk).exists():
        raise ServiceError(
            "Your account already has a seat at this event; ask the TO to merge the two.",
            code="already-registered",
        )
    _check_can_play(event, user)
    player.user_id = user.pk
    player.save(update_fields=["user"])
    audit(
        event=event,
        actor=user,
        action="player-claimed-seat",
        subject=player.name,
        data={"account": user.get_username()},
    )
    event_touch(event)
    return player


def is_invitable(player: Player) -> bool:
    """A seat an invitation can go to: an address, no account, still in the event."""
    return (
        bool(player.email)
        and player.user_id is None
        and player.dropped_after_round is None
        and player.disqualified_after_round is None
    )


def invitable(event: Event) -> list[Player]:
    """The seats `is_invitable` names, by name."""
    return list(
        event.players.filter(
            user__isnull=True, dropped_after_round__isnull=True, disqualified_after_round__isnull=True
        )
        .exclude(email="")
        .order_by("name", "id")
    )


def invitations_send(*, event: Event, by: AbstractBaseUser, link_for: Callable[[Player], str]) -> int:
    """Mail every invitable seat its link (`link_for` makes the absolute address: the web
    layer knows the host). Sending again mails a fresh link (the signature carries its
    time; an earlier link keeps working); the audit log says who sent them to how many."""
    seats = invitable(event)
    if not seats:
        raise ServiceError(
            "Nobody to invite: every player with an e-mail address already has an account.",
            code="nobody-to-invite",
        )
    for player in seats:
        send_mail(
            subject=f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}Your seat at {event.name}",
            message=(
                f"Hello {player.name},\n\n"
                f"The organiser of {event.name} has entered you as a player. Follow this link to "
                "claim your seat (log in, or sign up first if you have no account): you can then "
                "submit your roster, see your pairings and report your results.\n\n"
                f"{link_for(player)}\n\n"
                "If you do not play at this event, ignore this mail.\n"
            ),
            from_email=None,
            recipient_list=[player.email],
        )
    audit(
        event=event,
        actor=by,
        action="players-invited",
        subject=f"{len(seats)} player{'s' if len(seats) != 1 else ''}",
        data={"players": [p.external_id for p in seats]},
    )
    return len(seats)
