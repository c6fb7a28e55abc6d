"""Event/1 downloads: the public file for anyone who may read the event, the full one for the TO.

The full export is the TO's confidential backup (conduct reports, e-mail addresses, the
join code, the audit log); the public one is `export_event(public=True)`. Both say which
they are in the `Muster-Export-Scope` header, and the full one carries the warning in
`Muster-Confidential` (the web pages say it where the link is).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from interchange.event_export import export_event
from interchange.event_fields import CONFIDENTIAL_WARNING
from tournaments.access import TO, access_event
from tournaments.api.base import ApiView, responses
from tournaments.api.documents import EventFileSerializer
from tournaments.api.permissions import event_for
from tournaments.models import Event

SCOPE_HEADER = "Muster-Export-Scope"
CONFIDENTIAL_HEADER = "Muster-Confidential"
PUBLIC, FULL = "public", "full"
SCOPES = (PUBLIC, FULL)


def _headers(scope: str) -> dict[str, str]:
    headers = {SCOPE_HEADER: scope}
    if scope == FULL:
        headers[CONFIDENTIAL_HEADER] = CONFIDENTIAL_WARNING
    return headers


def _download(event: Event, scope: str) -> HttpResponse:
    body = json.dumps(export_event(event, public=scope == PUBLIC), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8", headers=_headers(scope))
    suffix = ".public" if scope == PUBLIC else ""
    response["Content-Disposition"] = f'attachment; filename="{event.slug}{suffix}.event.json"'
    return response


@login_required
def export(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole event as an event/1 file (docs/interchange.md), rosters included: the TO's backup."""
    return _download(access_event(request.user, slug, TO).event, FULL)


def public_export(request: HttpRequest, slug: str) -> HttpResponse:
    """What anyone may read of the event, as an event/1 file (no confidential records)."""
    return _download(access_event(request.user, slug).event, PUBLIC)


SCOPE_PARAMETER = OpenApiParameter(
    "scope",
    str,
    enum=list(SCOPES),
    default=PUBLIC,
    description="`public` (anyone who may read the event): no conduct reports, e-mail addresses, "
    "join code or audit log, no usernames (no staff list; the records' accounts are null), and "
    "nothing the public pages do not show yet. `full` (the TO only; "
    "404 for anyone else): everything, confidential.",
)
SCOPE_RESPONSE_HEADERS = [
    OpenApiParameter(
        SCOPE_HEADER,
        str,
        location=OpenApiParameter.HEADER,
        response=[200],
        enum=list(SCOPES),
        required=True,
        description="Which export this is.",
    ),
    OpenApiParameter(
        CONFIDENTIAL_HEADER,
        str,
        location=OpenApiParameter.HEADER,
        response=[200],
        description="Only on the full export: the warning that the file is confidential.",
    ),
]


class ExportApi(ApiView):
    @extend_schema(
        operation_id="event_export",
        summary="The event as event/1: public for anyone who may read it, full (confidential) for the TO",
        parameters=[SCOPE_PARAMETER, *SCOPE_RESPONSE_HEADERS],
        responses=responses(
            {
                200: OpenApiResponse(
                    EventFileSerializer, description="An event/1 document (docs/event-files.md)."
                )
            }
        ),
        tags=["standings"],
    )
    def get(self, request: Request, slug: str) -> Response:
        scope = request.query_params.get("scope", PUBLIC)
        if scope not in SCOPES:
            raise ValidationError({"scope": [f"Must be one of: {', '.join(SCOPES)}."]})
        access = event_for(request, slug, TO) if scope == FULL else event_for(request, slug)
        body: dict[str, Any] = export_event(access.event, public=scope == PUBLIC)
        return Response(body, headers=_headers(scope))
