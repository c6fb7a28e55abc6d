"""The round clock: the TO's controls, the venue projector page and the players' small clock.

Every page renders from `snapshot(facts, now)` on the server, so a reload shows the same
time on every device; `static/js/clock.js` counts down between polls from `ends_at`,
corrected by the offset between the device's clock and `server_now`.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers, get_conditional_response
from django.views.decorators.http import require_POST

from judging import selectors
from judging.services import clock_call_time, clock_pause, clock_resume, clock_start
from judging.views.common import actor, page
from tournaments.access import HEAD_JUDGE, TO, EventAccess, access_event, round_or_404
from tournaments.conditional import never_cache_by_time
from tournaments.errors import ServiceError
from tournaments.models import Event, Round
from tournaments.views.common import confirmation_page

ACTIONS = {
    "start": (clock_start, "Round clock started."),
    "pause": (clock_pause, "Round clock paused."),
    "resume": (clock_resume, "Round clock running again."),
    "call": (clock_call_time, "Time called: dice down."),
}


# How often a screen in the hall asks for the clock, in seconds: a start, a pause or a call
# shows within a second; each ask is a 304 unless the clock changed (docs/polling.md, "The
# round clock"). Phones keep the widget's 12 s.
SCREEN_POLL_SECONDS = 0.5


def clock_context(event: Event, round_: Round | None) -> dict[str, Any]:
    snap = selectors.clock_snapshot(event, round_)
    return {
        "clock": snap,
        "clock_json": json.dumps(snap),
        # The venue clock's fast channel (`state`): the same reading as the clock API.
        "clock_src": reverse("judging:clock-state", args=[event.slug]),
    }


@login_required
def control(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = access_event(request.user, slug, TO, HEAD_JUDGE)
    round_ = round_or_404(access, number)
    rounds = list(access.event.rounds.order_by("number"))
    context = page(
        access,
        "clock",
        round=round_,
        rounds=rounds,
        milestones=selectors.clock_milestones(round_),
        **clock_context(access.event, round_),
    )
    context["clock_src"] = reverse("judging:api-round-clock", args=[slug, number])
    return never_cache_by_time(render(request, "judging/clock_control.html", context))


@login_required
@require_POST
def control_action(request: HttpRequest, slug: str, number: int, action: str) -> HttpResponse:
    access: EventAccess = access_event(request.user, slug, TO, HEAD_JUDGE)
    round_ = round_or_404(access, number)
    if action not in ACTIONS:
        raise Http404("No such clock action.")
    call, done = ACTIONS[action]
    if action == "call":
        asking = confirmation_page(
            request,
            access,
            section="clock",
            title=f"Call time on round {number}?",
            consequence=(
                f"The round {number} clock stops for good: dice down at every table. "
                "A called round cannot be started again."
            ),
            button="Call time",
            cancel=reverse("judging:clock-control", args=[slug, number]),
        )
        if asking is not None:
            return asking
    try:
        call(round_=round_, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect("judging:clock-control", slug, number)


def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """Full screen for the venue projector: public, like the pairings on the wall."""
    access = access_event(request.user, slug)
    round_ = selectors.clock_round(access.event)
    return never_cache_by_time(
        render(
            request,
            "judging/clock_projector.html",
            {
                "event": access.event,
                "can_control": access.is_head_judge,  # the TO or the Head Judge
                "clock_poll": SCREEN_POLL_SECONDS,
                **clock_context(access.event, round_),
            },
        )
    )


def state(request: HttpRequest, slug: str) -> HttpResponseBase:
    """The venue clock's reading as JSON, for the screens that poll it twice a second (the
    projector, the hall screen): the clock API's body, without the API's machinery (token
    authentication, content negotiation), which was most of a poll's cost. Its ETag is the
    clock's facts (`selectors.clock_etag`): a 304 until a start, pause, resume or call;
    never stored (docs/polling.md, "The round clock")."""
    access = access_event(request.user, slug)
    snap, etag = selectors.clock_reading(access.event, selectors.clock_round(access.event))
    unchanged = get_conditional_response(request, etag=etag)
    answer = unchanged if unchanged is not None else JsonResponse(snap)
    answer["ETag"] = etag
    add_never_cache_headers(answer)
    return answer


def mini(request: HttpRequest, slug: str) -> HttpResponse:
    """The small clock other pages include (htmx `hx-get` on load, or a server-side include)."""
    access = access_event(request.user, slug)
    round_ = selectors.clock_round(access.event)
    return never_cache_by_time(
        render(
            request,
            "judging/_clock_mini.html",
            {"event": access.event, **clock_context(access.event, round_)},
        )
    )
