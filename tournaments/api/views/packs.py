"""The event's data pack: read it, supply one (TO), go back to the built-in one (TO).

The body of a PUT is the datapack/1 file itself, read as
text so that a problem is reported with its line, as the web upload and
`validate_roster --pack` report it.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import UnsupportedMediaType
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.access import TO
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.serializers.common import ErrorSerializer
from tournaments.models import EventPack
from tournaments.selectors import supplied_pack
from tournaments.services.packs import event_pack_remove, event_pack_supply

TAGS = ["events"]


class EventPackSerializer(serializers.Serializer[dict[str, Any]]):
    supplied = serializers.BooleanField(help_text="False: rosters are judged by the system's built-in pack.")
    fingerprint = serializers.CharField(allow_null=True, help_text="sha256 of the pack's canonical JSON.")
    effective = serializers.CharField(allow_null=True)
    source = serializers.CharField(allow_null=True)  # type: ignore[assignment]  # a field named "source"
    sample = serializers.BooleanField(allow_null=True)
    filename = serializers.CharField(allow_null=True)
    uploaded_at = serializers.DateTimeField(allow_null=True)


def pack_body(pack: EventPack | None) -> dict[str, Any]:
    if pack is None:
        return dict.fromkeys(EventPackSerializer().fields, None) | {"supplied": False}
    return {
        "supplied": True,
        "fingerprint": pack.fingerprint,
        "effective": pack.effective,
        "source": pack.source,
        "sample": pack.sample,
        "filename": pack.filename,
        "uploaded_at": pack.uploaded_at,
    }


class EventPackApi(ApiView):
    @extend_schema(
        operation_id="event_pack_read",
        summary="The data pack the event's rosters are judged against",
        responses=responses({200: EventPackSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        return Response(EventPackSerializer(pack_body(supplied_pack(access.event))).data)

    @extend_schema(
        operation_id="event_pack_supply",
        summary="Supply the event's data pack (TO): every roster is judged against it",
        description=(
            "The body is the datapack/1 file for the event's game system. A pack that cannot be "
            "read or is malformed is 400 `pack-invalid` naming the line; nothing is saved. "
            "Every submitted roster is judged again against the new pack. Audited."
        ),
        request={"application/json": OpenApiTypes.OBJECT},
        responses=responses(
            {
                200: EventPackSerializer,
                413: OpenApiResponse(ErrorSerializer, description="The pack is over the size limit."),
            },
            login=True,
        ),
        tags=TAGS,
    )
    def put(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        if not (request.content_type or "").startswith("application/json"):
            raise UnsupportedMediaType(request.content_type or "")
        pack = event_pack_supply(event=access.event, actor=user, content=request.body, filename="")
        return Response(EventPackSerializer(pack_body(pack)).data)

    @extend_schema(
        operation_id="event_pack_remove",
        summary="Go back to the system's built-in pack (TO); rosters are judged again",
        request=None,
        responses=responses({204: None}, login=True),
        tags=TAGS,
    )
    def delete(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        event_pack_remove(event=access.event, actor=user)
        return Response(status=status.HTTP_204_NO_CONTENT)
