"""The waitlist's pages (docs/waitlist.md): a waiting person's own page (their place, an
offered seat to accept or decline) and the TO's buttons on the players page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tournaments.access import TO, access_event, my_waitlist_entry_or_404, waitlist_entry_or_404
from tournaments.errors import ServiceError
from tournaments.services.waitlist import (
    waitlist_accept,
    waitlist_move,
    waitlist_offer,
    waitlist_refresh,
    waitlist_withdraw,
)
from tournaments.views.common import actor, nav_context, run_service
from tournaments.waitlist_selectors import my_entry, waitlist_rows


@login_required
def waitlist(request: HttpRequest, slug: str) -> HttpResponse:
    """Where the offer mail leads: the caller's place, or the seat offered to them."""
    access = access_event(request.user, slug)
    user = actor(request)
    waitlist_refresh(event=access.event)  # lazy expiry: a lapsed offer passes on first
    entry = my_waitlist_entry_or_404(access, user)
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "accept":
                waitlist_accept(entry=entry, user=user)
                messages.success(request, f"The seat is yours: you are registered for {access.event.name}.")
                return redirect("me", access.event.slug)
            if action == "withdraw":
                waitlist_withdraw(entry=entry, by=user)
                messages.success(request, "You have left the waitlist.")
                return redirect("event", access.event.slug)
        except ServiceError as exc:
            messages.error(request, exc.message)
            return redirect("waitlist", access.event.slug)
        raise Http404("No such action.")
    entry.refresh_from_db()
    context = nav_context(access, "event") | {"entry": entry, "row": my_entry(access.event, user)}
    return render(request, "tournaments/waitlist.html", context)


@login_required
@require_POST
def manage_waitlist_action(request: HttpRequest, slug: str, pk: int, action: str) -> HttpResponse:
    """The TO's buttons on the waitlist: move up or down, offer a seat now, remove."""
    access = access_event(request.user, slug, TO)
    waitlist_refresh(event=access.event)
    entry = waitlist_entry_or_404(access, pk)
    user = actor(request)
    place = next((row.place for row in waitlist_rows(access.event) if row.entry.pk == entry.pk), None)
    calls = {
        "up": (
            lambda: waitlist_move(entry=entry, place=(place or 1) - 1, by=user),
            f"{entry.name} moved up.",
        ),
        "down": (
            lambda: waitlist_move(entry=entry, place=(place or 0) + 1, by=user),
            f"{entry.name} moved down.",
        ),
        "offer": (lambda: waitlist_offer(entry=entry, by=user), f"A seat is offered to {entry.name}."),
        "remove": (lambda: waitlist_withdraw(entry=entry, by=user), f"{entry.name} is off the waitlist."),
    }
    if action not in calls:
        raise Http404("No such action.")
    call, success = calls[action]
    return run_service(request, call, success, "manage-players", access.event.slug)
