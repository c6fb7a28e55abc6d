"""The signed-in user's own events: where they organise, judge or play."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.invitation_mails import invitation_token
from tournaments.selectors import my_events as my_events_of
from tournaments.services.invitations import seat_invitations_of
from tournaments.services.waitlist import waitlist_refresh
from tournaments.views.common import actor
from tournaments.waitlist_selectors import lapsed_offer_events, my_active_entries, my_waitlist


@login_required
def my_events(request: HttpRequest) -> HttpResponse:
    user = actor(request)
    # Seats a TO named this account for: claiming one is its holder's consent.
    invitations = [(seat, invitation_token(seat)) for seat in seat_invitations_of(user)]
    waiting = my_active_entries(user)
    lapsed = lapsed_offer_events(waiting)
    for event in lapsed:
        waitlist_refresh(event=event)  # lazy expiry (docs/waitlist.md, "Offers")
    if lapsed:
        waiting = my_active_entries(user)
    context = {"rows": my_events_of(user), "invitations": invitations, "waitlist": my_waitlist(waiting, user)}
    return render(request, "tournaments/my_events.html", context)
