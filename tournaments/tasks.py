"""Celery tasks of the event core: the players' notifications by push and e-mail (tournaments.notifications)
and the invitations (tournaments.services.invitations, staff_invitations).

Tasks take ids and read the rows again, as printing's do. Each mail is sent on its own: a
mail server that refuses one address does not stop the others, and a failure is logged,
never raised into the request that (without a broker) ran the task after its commit.
"""

from __future__ import annotations

import logging

from config.celery import app
from tournaments.invitation_mails import seat_invitations_mail, staff_invitation_mail, waitlist_offer_mail
from tournaments.notifications import deliver, notices_for

log = logging.getLogger(__name__)


@app.task(name="tournaments.send_notifications", ignore_result=True)
def send_notifications(
    kind: str,
    *,
    round_id: int | None = None,
    game_id: int | None = None,
    player_ids: list[int] | None = None,
    staff_id: int | None = None,
    call: str = "",
) -> int:
    """Send one kind of notification, by push where a device takes it and by mail
    otherwise; returns how many recipients were reached (pushed or mailed)."""
    notices = notices_for(
        kind, round_id=round_id, game_id=game_id, player_ids=player_ids or [], staff_id=staff_id, call=call
    )
    if not notices:
        return 0
    done = deliver(kind, notices)
    return done.pushed + done.mails


@app.task(name="tournaments.send_seat_invitations", ignore_result=True)
def send_seat_invitations(*, player_ids: list[int], stamp: str) -> int:
    """The seat invitations a TO's press stamped at `stamp` (services.invitations)."""
    return seat_invitations_mail(player_ids=player_ids, stamp=stamp)


@app.task(name="tournaments.send_staff_invitation", ignore_result=True)
def send_staff_invitation(*, invitation_id: int) -> bool:
    """One staff invitation's mail (services.staff_invitations)."""
    return staff_invitation_mail(invitation_id=invitation_id)


@app.task(name="tournaments.send_waitlist_offer", ignore_result=True)
def send_waitlist_offer(*, entry_id: int) -> bool:
    """A freed seat's offer to the next waiting person (services.capacity, docs/waitlist.md)."""
    return waitlist_offer_mail(entry_id=entry_id)
