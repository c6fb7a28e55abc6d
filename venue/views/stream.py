"""The featured table for a stream (docs/venue.md, "Featured table and stream overlay"):
the players' consent, the TO's choice of table, and the overlay OBS shows."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from judging import selectors as judging_selectors
from tournaments.access import PLAYER, TO, access_event, round_or_404
from tournaments.conditional import conditional, never_cache_by_time
from tournaments.errors import ServiceError
from tournaments.views.common import actor
from venue.services import featured_table_clear, featured_table_set, stream_consent_set
from venue.stream_selectors import overlay_data, overlay_round


@login_required
@require_POST
def stream_consent(request: HttpRequest, slug: str) -> HttpResponse:
    """A player gives or withdraws their consent from their own page (/me/)."""
    access = access_event(request.user, slug, PLAYER)
    assert access.player is not None
    consent = request.POST.get("stream_consent") == "on"
    stream_consent_set(player=access.player, consent=consent, by=actor(request))
    if consent:
        messages.success(request, "You agreed to be shown on the event's stream. Untick it at any time.")
    else:
        messages.success(request, "You are not shown on the event's stream: your table is never featured.")
    return redirect("me", slug)


@login_required
@require_POST
def featured_table(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The TO features a table of the round (`table`), or takes it off (`clear`)."""
    access = access_event(request.user, slug, TO)
    round_ = round_or_404(access, number)
    try:
        if "clear" in request.POST:
            featured_table_clear(round_=round_, by=actor(request), reason="Cleared by the TO.")
            messages.success(request, f"No table of round {number} is streamed now.")
        else:
            raw = str(request.POST.get("table", "")).strip()
            if not raw.isdigit():
                raise ServiceError("Give the number of the table to feature.", field="table")
            featured_table_set(round_=round_, number=int(raw), by=actor(request))
            messages.success(request, f"Table {int(raw)} is the featured table of round {number}.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("manage-round", slug, number)


def overlay(request: HttpRequest, slug: str) -> HttpResponseBase:
    """The page OBS's browser source shows over the stream: transparent, large type. It
    draws what overlay.json says and polls it (static/js/overlay.js); the round clock counts
    down as the venue's clock does (static/js/clock.js)."""
    access = access_event(request.user, slug)
    data = overlay_data(access.event)
    round_ = overlay_round(access.event) if data["featured"] else None
    context: dict[str, Any] = {"event": access.event, "data": data, "data_json": json.dumps(data)}
    if round_ is not None:
        snap = judging_selectors.clock_snapshot(access.event, round_)
        context |= {"clock": snap, "clock_json": json.dumps(snap), "clock_src": data["clock_url"]}
    # The clock's snapshot carries the server's time: never cached, like the venue clock.
    return never_cache_by_time(render(request, "venue/overlay.html", context))


def overlay_json(request: HttpRequest, slug: str) -> HttpResponseBase:
    """The overlay's data; unchanged since the last poll, a 304 (tournaments.conditional):
    every change it shows (a result, the TO's choice, a consent withdrawn) moves the event's
    version, and the roster publication by time alone is in the validator too."""
    access = access_event(request.user, slug)
    check = conditional(request, access, "venue-overlay")
    if (not_modified := check.fresh()) is not None:
        return not_modified
    return check.finish(JsonResponse(overlay_data(access.event)))
