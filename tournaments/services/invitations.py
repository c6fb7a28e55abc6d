"""Invitations: a player the TO entered (a seat with an e-mail address, or naming an
account, and no account linked) claims the seat by following a link mailed to that address,
or from their My events page when the TO named their account. Nobody's account is linked to
a seat without its holder's claim: a TO cannot enrol an account, nor make the site mail
someone pairings, by typing a username.

The link is the secret, like the registration link (OP Guide: Registration — the TO
enters the players; each needs a way in to submit a roster and report results). It is
signed (django.core.signing, salted per purpose) over the event, the seat and the address
(or account) the TO entered (tournaments.invitation_mails, which the mail tasks use too), so it
needs no stored state: it stops working when the seat is claimed,
when the address is changed, and after INVITATION_MAX_AGE.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from tournaments.errors import ServiceError
from tournaments.invitation_mails import (
    INVITATION_MAX_AGE,
    INVITATION_SALT,
    bound_to,
    is_invitable,
)
from tournaments.models import Event, EventStatus, Player
from tournaments.notifications import mail_after_commit
from tournaments.prepared_queries import Prepared
from tournaments.services.audit import audit
from tournaments.services.players import _check_can_play
from tournaments.services.versions import event_touch


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
    if player is None or event_id != event.pk or bound_to(player) != email:
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


def invitable(event: Event) -> list[Player]:
    """The seats `is_invitable` names, by name."""
    seats = (
        event.players.filter(
            user__isnull=True, dropped_after_round__isnull=True, disqualified_after_round__isnull=True
        )
        .select_related("invited_user")
        .order_by("name", "id")
    )
    return [p for p in seats if is_invitable(p)]


def _budget_key(event: Event) -> str:
    return f"invitation-mails:{event.pk}:{int(time.time() // 3600)}"


def spend_invitation_mails(event: Event, wanted: int, *, then: str) -> int:
    """How many of `wanted` invitation mails the event may still send this clock hour
    (INVITATION_MAILS_PER_HOUR), taken from its budget; `invitations-throttled`, ending in
    `then` ("send the rest in an hour"), when none may. The count is taken and given back
    with the cache's own increments, so two TOs sending at once never overspend it."""
    key = _budget_key(event)
    cache.add(key, 0, timeout=3600)
    total = int(cache.incr(key, wanted))
    over = max(0, total - settings.INVITATION_MAILS_PER_HOUR)
    allowed = max(0, wanted - over)
    if wanted - allowed:
        cache.decr(key, wanted - allowed)
    if not allowed:
        raise ServiceError(
            f"This event has sent {settings.INVITATION_MAILS_PER_HOUR} invitation mails this hour: {then}.",
            code="invitations-throttled",
        )
    return allowed


@dataclass(frozen=True)
class InvitationsQueued:
    queued: int  # stamped invited now, their mails on their way
    waiting: int  # not yet: over this hour's budget


def _queue(seats: list[Player]) -> None:
    """Stamp the seats invited now and mail them after the commit, outside the request
    (tournaments.notifications.mail_after_commit): the stamp is what the task sends to, so
    a seat whose address changes, or that is invited again, meanwhile is not mailed twice."""
    stamp = timezone.now()
    Player.objects.filter(pk__in=[p.pk for p in seats]).update(invited_at=stamp, invitation_failed_at=None)
    mail_after_commit(
        "tournaments.send_seat_invitations", player_ids=[p.pk for p in seats], stamp=stamp.isoformat()
    )


@transaction.atomic
def invitations_send(*, event: Event, by: AbstractBaseUser) -> InvitationsQueued:
    """Invite each invitable seat not invited yet: their mails go after the commit, each
    seat stamped invited now. A seat is invited once: pressing again invites only seats
    added since (or whose mail the server refused); `invitation_resend` sends one again on
    purpose. At most INVITATION_MAILS_PER_HOUR go out per event and hour (the rest wait,
    said so). The audit log says who invited whom."""
    Event.objects.select_for_update().filter(pk=event.pk).first()  # one TO's press at a time
    seats = invitable(event)
    if not seats:
        raise ServiceError(
            "Nobody to invite: every player with an e-mail address already has an account.",
            code="nobody-to-invite",
        )
    new = [p for p in seats if p.invited_at is None]
    if not new:
        raise ServiceError(
            "Every invitation has been sent already; send one again from its player's row.",
            code="all-invited",
        )
    allowed = spend_invitation_mails(event, len(new), then="send the rest in an hour")
    queued = new[:allowed]
    _queue(queued)
    audit(
        event=event,
        actor=by,
        action="players-invited",
        subject=f"{len(queued)} player{'s' if len(queued) != 1 else ''}",
        data={"players": [p.external_id for p in queued]},
    )
    return InvitationsQueued(queued=len(queued), waiting=len(new) - len(queued))


@transaction.atomic
def invitation_resend(*, player: Player, by: AbstractBaseUser) -> Player:
    """Mail one seat its invitation again, on the TO's deliberate request (a lost mail, a
    corrected address); counted against the event's hourly budget like any other. The mail
    goes after the commit, as every invitation does."""
    # The seat's row alone is locked: PostgreSQL locks no row of a nullable join (the account).
    player = (
        Player.objects.select_for_update(of=("self",))
        .select_related("invited_user", "event")
        .get(pk=player.pk)
    )
    event = player.event
    if not is_invitable(player):
        raise ServiceError(
            f"{player.name} cannot be invited: no address, an account already, or no longer playing.",
            code="not-invitable",
        )
    spend_invitation_mails(event, 1, then="send it again in an hour")
    _queue([player])
    audit(event=event, actor=by, action="player-invitation-resent", subject=player.name)
    player.refresh_from_db()
    return player


def seat_invitations_of(user: AbstractBaseUser) -> list[Player]:
    """The seats TOs named this account for that it has not claimed: its holder's consent
    is the claim (`player_claim`), offered on their My events page."""
    return _SEATS_OFFERED(user.pk)


# Read on every visit to My events: compiled once (tournaments.prepared_queries).
_SEATS_OFFERED: Prepared[Player] = Prepared(
    lambda user_id: (
        Player.objects.filter(
            invited_user_id=user_id,
            user__isnull=True,
            dropped_after_round__isnull=True,
            disqualified_after_round__isnull=True,
        )
        .exclude(event__status=EventStatus.FINISHED)
        .select_related("event")
        .order_by("event__starts_on", "event__name")
    ),
    int,
)
