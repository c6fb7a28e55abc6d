"""The hall screen (docs/venue.md, "Hall screen"): a full-screen page for a projector or a
TV in the hall, public like the pairings on the wall.

The page is a frame; its script (static/js/hall_screen.js) fetches the data endpoint, lays
the rows out in as many columns and rows as the screen holds, and rotates through the
views this screen was asked for. The data is one JSON document per event version, cached
and answered 304 while the version stands (tournaments.conditional); the round clock in the
corner has its own, faster channel (the clock API with its ETag: docs/polling.md, "The
round clock").
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import render
from django.urls import reverse

from judging import selectors as clock_selectors
from judging.views.clock import SCREEN_POLL_SECONDS, clock_context
from tournaments.access import access_event
from tournaments.caching import cached_or_latest
from tournaments.conditional import conditional
from venue.selectors import SHOWABLE, VIEWS, screen_data

# How long each page stays up unless the link says otherwise: long enough to find a name
# in a full column (the script scales it with the rows between these bounds).
PAGE_SECONDS = (12, 20)
# A link may ask for quicker or slower pages (a quiet corner, or a test driving the rotation).
SECONDS_RANGE = (0.2, 120.0)
# How often the screen asks whether the event changed (a 304 unless it did).
DATA_POLL_SECONDS = 5


class BadChoice(ValueError):
    """A hall screen's link asks for something it cannot show."""


def screen_choice(show: list[str]) -> tuple[str, ...]:
    """The views a link asks for, in rotation order: `?show=pairings,names` or the
    parameter repeated (the TO's form sends it that way); none given, all but the clock."""
    wanted = [part.strip() for value in show for part in value.split(",") if part.strip()]
    unknown = [part for part in wanted if part not in SHOWABLE]
    if unknown:
        raise BadChoice(f"A hall screen cannot show {', '.join(unknown)}: choose from {', '.join(SHOWABLE)}.")
    if not wanted:
        return VIEWS
    return tuple(view for view in SHOWABLE if view in wanted)


def page_seconds(value: str | None) -> float | None:
    if value is None or value == "":
        return None
    try:
        seconds = float(value)
    except ValueError:
        raise BadChoice("seconds must be a number of seconds a page stays up.") from None
    low, high = SECONDS_RANGE
    if not low <= seconds <= high:
        raise BadChoice(f"seconds must be between {low:g} and {high:g}.")
    return seconds


def screen(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug)
    try:
        views = screen_choice(request.GET.getlist("show"))
        seconds = page_seconds(request.GET.get("seconds"))
    except BadChoice as exc:
        return render(
            request, "venue/screen_refused.html", {"event": access.event, "problem": str(exc)}, status=400
        )
    event = access.event
    clock = clock_context(event, clock_selectors.clock_round(event))
    config = {
        "views": [v for v in views if v != "clock"],
        "data": reverse("venue:screen-data", args=[slug]),
        "poll": DATA_POLL_SECONDS,
        "seconds": seconds,
        "range": PAGE_SECONDS,
    }
    context = {
        "event": event,
        "clock_only": views == ("clock",),
        "config": json.dumps(config),
        "clock_poll": SCREEN_POLL_SECONDS,
        **clock,
    }
    response = render(request, "venue/screen.html", context)
    # The frame carries the clock's reading of this moment: never a stored copy.
    response["Cache-Control"] = "no-store"
    return response


def data(request: HttpRequest, slug: str) -> HttpResponseBase:
    """What every hall screen shows, at the event's version: a 304 while it stands."""
    access = access_event(request.user, slug)
    check = conditional(request, access, "screen-data")
    if (not_modified := check.fresh()) is not None:
        return not_modified
    document, shown = cached_or_latest(
        access.event, "screen-data", (), lambda: screen_data(access.event), may_lag=True
    )
    if shown != access.event.version:
        check = conditional(request, access, "screen-data", version=shown)
        if (not_modified := check.fresh()) is not None:
            return not_modified
    return check.finish(JsonResponse(document))
