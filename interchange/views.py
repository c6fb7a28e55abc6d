"""Export views: the whole event as an event/1 file, on the web and over the API."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from interchange.eventio import export_event
from tournaments.access import TO, access_event
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import event_for


@login_required
def export(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole event as an event/1 file (interchange.md), rosters included."""
    access = access_event(request.user, slug, TO)
    body = json.dumps(export_event(access.event), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{access.event.slug}.event.json"'
    return response


class ExportApi(ApiView):
    @extend_schema(
        operation_id="event_export",
        summary="The whole event as event/1 with rosters (TO); `import_event` reads it back",
        responses=responses(
            {200: OpenApiResponse(OpenApiTypes.OBJECT, description="An event/1 document (interchange.md).")},
            invalid=False,
        ),
        tags=["standings"],
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, TO)
        return Response(export_event(access.event))
