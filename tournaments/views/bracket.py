"""The top cut's bracket, public and live like pairings and standings: seeds, byes,
results, who plays whom next, and the champion (docs/pairing.md, "The top cut")."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponseBase
from django.template.loader import render_to_string
from django.urls import reverse

from tournaments.access import EventAccess, access_event
from tournaments.caching import cached_or_latest
from tournaments.conditional import is_htmx
from tournaments.cut_bracket import bracket_of
from tournaments.views.public import POLL_SECONDS, live_page


def _fragment(access: EventAccess) -> str:
    event = access.event
    context = {
        "event": event,
        "view": bracket_of(event),
        "poll_url": reverse("bracket", args=[event.slug]),
        "poll_seconds": POLL_SECONDS,
    }
    return render_to_string("tournaments/_bracket_live.html", context)


def bracket(request: HttpRequest, slug: str) -> HttpResponseBase:
    access = access_event(request.user, slug)
    if not access.event.has_cut:
        raise Http404("This event has no top cut.")

    def fragment() -> tuple[str, int]:
        return cached_or_latest(
            access.event, "bracket-html", (), lambda: _fragment(access), may_lag=is_htmx(request)
        )

    return live_page(request, access, "bracket", "tournaments/bracket.html", fragment)
