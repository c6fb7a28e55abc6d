"""One error shape for every API failure: `{"code", "message", "field"?}`.

Services raise ServiceError with a stable code and a sentence a person can act on; the
API passes both through unchanged. DRF's own errors (bad input, missing login, not found)
are folded into the same shape so clients handle one thing; so is an outage (database or
broker unreachable: 503 `unavailable`, see config/outages.py).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from config.outages import RETRY_AFTER, outage_of, unavailable_body
from tournaments.errors import ServiceError


def _first(detail: Any, path: tuple[str, ...] = ()) -> tuple[str, tuple[str, ...]]:
    """The first message in a (nested) DRF error detail, and the field path leading to it."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            return _first(value, (*path, str(key)))
    if isinstance(detail, list):
        for position, value in enumerate(detail):
            if value:
                inner = (*path, str(position)) if isinstance(value, dict | list) else path
                return _first(value, inner)
    return str(detail), path


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        # Over DATA_UPLOAD_MAX_MEMORY_SIZE: refused before it is read, in the API's shape.
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
        return Response(
            {
                "code": "too-large",
                "message": f"The request body is over {limit / 1024 / 1024:.1f} MB. Nothing was changed.",
            },
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, Http404):
        return Response({"code": "not-found", "message": "Not found."}, status=status.HTTP_404_NOT_FOUND)
    outage = outage_of(exc)
    if outage is not None:
        # The database or the broker is unreachable: 503, the same shape, try again later.
        return Response(
            unavailable_body(outage),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": RETRY_AFTER},
        )
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    body: dict[str, Any]
    if isinstance(exc, exceptions.ValidationError):
        message, path = _first(exc.detail)
        body = {"code": "invalid", "message": message}
        field = ".".join(p for p in path if p != "non_field_errors")
        if field:
            body["field"] = field
        body["errors"] = exc.detail
    else:
        body = {"code": str(exc.default_code).replace("_", "-"), "message": str(exc.detail)}
    response.data = body
    return response
