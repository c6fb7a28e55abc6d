"""The round clock (OP Guide: Round Timing): the venue clock, one round's clock, and the TO's
start / pause / resume / call-time controls.

The two reads are what the projector, the hall screen and the phones poll, the screens about
twice a second (docs/polling.md, "The round clock"): each answer carries an ETag of the
clock's facts (`judging.selectors.clock_etag`), and a poll sending it back as If-None-Match
while nothing changed gets a body-less 304. Both stay `Cache-Control: no-store`: a reading
holds `server_now`, which a browser's cache must never hand back as new; the page's script
keeps its own last reading and sends the ETag itself.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.cache import get_conditional_response
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from judging import selectors
from judging.api.serializers import ClockSerializer
from judging.services import clock_call_time, clock_pause, clock_resume, clock_start
from tournaments.access import HEAD_JUDGE, TO, round_or_404
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.schema import CONDITIONAL
from tournaments.conditional import never_cache_by_time


def _reading(request: Request, snap: dict[str, object], etag: str) -> Response | HttpResponse:
    """The reading, or a 304 when the caller already holds it; never stored by a cache."""
    unchanged = get_conditional_response(request._request, etag=etag)
    answer: Response | HttpResponse = (
        unchanged if isinstance(unchanged, HttpResponse) else Response(ClockSerializer(snap).data)
    )
    answer["ETag"] = etag
    return never_cache_by_time(answer)


class ClockApi(ApiView):
    @extend_schema(
        operation_id="clock_current",
        summary="The venue clock: the latest published round's clock (public)",
        description="`server_now` lets a client count down from `ends_at` whatever its own clock says.",
        responses=responses({200: ClockSerializer}, invalid=False),
        extensions=CONDITIONAL,
        tags=["clock"],
    )
    def get(self, request: Request, slug: str) -> Response | HttpResponse:
        access = event_for(request, slug)
        return _reading(request, *selectors.clock_reading(access.event, selectors.clock_round(access.event)))


class RoundClockApi(ApiView):
    @extend_schema(
        operation_id="clock_round",
        summary="One round's clock (public once the round is published)",
        responses=responses({200: ClockSerializer}, invalid=False),
        extensions=CONDITIONAL,
        tags=["clock"],
    )
    def get(self, request: Request, slug: str, number: int) -> Response | HttpResponse:
        access = event_for(request, slug)
        return _reading(request, *selectors.clock_reading(access.event, round_or_404(access, number)))


CLOCK_ACTIONS = {"start": clock_start, "pause": clock_pause, "resume": clock_resume, "call": clock_call_time}


class RoundClockActionApi(ApiView):
    @extend_schema(
        operation_id="clock_control",
        summary="Start, pause, resume or call time on a round's clock (the TO or the Head Judge)",
        parameters=[OpenApiParameter("action", str, OpenApiParameter.PATH, enum=list(CLOCK_ACTIONS))],
        request=None,
        responses=responses({200: ClockSerializer}, login=True),
        tags=["clock"],
    )
    def post(self, request: Request, slug: str, number: int, action: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO, HEAD_JUDGE)
        round_ = round_or_404(access, number)
        call = CLOCK_ACTIONS.get(action)
        if call is None:
            raise Http404("No such clock action.")
        call(round_=round_, by=user)
        return Response(ClockSerializer(selectors.clock_snapshot(access.event, round_)).data)
