"""Check-in at the door (docs/venue.md, "QR codes"): the TO shows today's code, players
scan it and are checked in."""

from __future__ import annotations

from collections import Counter

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from tournaments.access import TO, access_event
from tournaments.conditional import never_cache_by_time
from tournaments.errors import ServiceError
from tournaments.models import CheckInVia
from tournaments.views.common import actor, nav_context
from venue.check_in import check_in_code, venue_today
from venue.services import player_check_in_by_code


@login_required
def manage_check_in(request: HttpRequest, slug: str) -> HttpResponse:
    """The TO's door page: today's code as a big QR (and a door sign to print), and how many
    have checked in, and how. The code changes at the venue's midnight, so the page is
    never cached."""
    access = access_event(request.user, slug, TO)
    event = access.event
    players = list(
        event.players.filter(dropped_after_round__isnull=True, disqualified_after_round__isnull=True)
    )
    via = Counter(p.checked_in_via or CheckInVia.STAFF for p in players if p.checked_in_at is not None)
    context = nav_context(access, "manage") | {
        "check_in_path": reverse("venue:check-in", args=[slug, check_in_code(event)]),
        "today": venue_today(event),
        "players": len(players),
        "checked_in": sum(via.values()),
        "by_way": [(choice.label, via.get(choice.value, 0)) for choice in CheckInVia],
    }
    return never_cache_by_time(render(request, "venue/manage_check_in.html", context))


@login_required
@require_http_methods(["GET", "POST"])
def check_in(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """Opening the door's code checks the signed-in player in: the scan is the player's own
    act of checking in, so there is no second tap in the queue at the door. Opened again,
    it says they are checked in already; every refusal is a page saying why."""
    access = access_event(request.user, slug)
    try:
        player = player_check_in_by_code(event=access.event, user=actor(request), code=code)
    except ServiceError as exc:
        context = nav_context(access, "me") | {"error": exc, "player": access.player}
        return never_cache_by_time(render(request, "venue/check_in.html", context, status=_status(exc)))
    context = nav_context(access, "me") | {"player": player, "done": True}
    return never_cache_by_time(render(request, "venue/check_in.html", context))


def _status(exc: ServiceError) -> int:
    # Already checked in is no failure: the player is where they wanted to be.
    return 200 if exc.code == "already-checked-in" else 400
