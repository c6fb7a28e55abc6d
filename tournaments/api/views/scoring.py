"""The event's scoring bands and bye score: read by anyone who may see the event, set by the TO."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.access import TO
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.serializers.scoring import EventScoringSerializer, ScoringInputSerializer
from tournaments.api.views._common import validated
from tournaments.models import Event
from tournaments.services.scoring import event_scoring_set, scoring_of

TAGS = ["events"]


def _body(event: Event) -> dict[str, Any]:
    scoring = scoring_of(event)
    return {**scoring.to_json(), "custom": scoring.override is not None, "defaults": scoring.default_json()}


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    """The checked body as event/1 `scoring` (plain dicts and lists)."""
    out: dict[str, Any] = {}
    if "bands" in data:
        out["bands"] = [
            {**dict(band), "winner": list(band["winner"]), "loser": list(band["loser"])}
            for band in data["bands"]
        ]
    if "bye" in data:
        out["bye"] = list(data["bye"])
    return out


class EventScoringApi(ApiView):
    @extend_schema(
        operation_id="event_scoring",
        summary="The bands and bye score that score this event's games, and the system's defaults",
        responses=responses({200: EventScoringSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        return Response(EventScoringSerializer(_body(access.event)).data)

    @extend_schema(
        operation_id="event_scoring_set",
        summary="Set the event's scoring bands, bye score or both (TO); {} restores the system's defaults",
        description=(
            "As event/1 `scoring` (docs/interchange.md). Refused with 400 `invalid-scoring` (nothing "
            "changed) when the bands leave a gap or overlap, have no open-ended top, or score the "
            "band holding a difference of 0 unevenly. Audited as `scoring-set`."
        ),
        request=ScoringInputSerializer,
        responses=responses({200: EventScoringSerializer}, login=True),
        tags=TAGS,
    )
    def put(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        data = validated(ScoringInputSerializer, request)
        event = event_scoring_set(event=access.event, scoring=_plain(data), by=user)
        return Response(EventScoringSerializer(_body(event)).data)
