"""Outages answered as 503, never as a traceback.

When the database or the broker cannot be reached, nothing the person did is wrong and
trying again later will work: API callers get 503 in the API's error shape
(tournaments/api/errors.py), browsers a page saying so (templates/503.html). Every other
unexpected error is a 500: JSON for the API, the plain 500 page for browsers. Neither ever
shows a traceback; the server log keeps it.
"""

from __future__ import annotations

import re
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.views.defaults import server_error

RETRY_AFTER = "30"
PRINT_API = re.compile(r"^/e/[^/]+/print/api/")
MESSAGES = {
    "database": "Muster cannot reach its database right now. Nothing was changed; try again in a minute.",
    "broker": (
        "Muster cannot reach its task queue and cache (Redis) right now. "
        "Nothing was changed; try again in a minute."
    ),
}


def outage_of(exc: BaseException | None) -> str | None:
    """ "database" or "broker" when `exc` (or what caused it) is a lost connection, else None."""
    from kombu.exceptions import OperationalError as KombuOperationalError
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError

    seen = 0
    while exc is not None and seen < 5:
        # Django's OperationalError covers a refused or cut connection; an IntegrityError
        # or a bad query is a DatabaseError of another kind and stays a 500.
        if isinstance(exc, OperationalError | InterfaceError):
            return "database"
        if isinstance(exc, KombuOperationalError | RedisConnectionError | RedisTimeoutError):
            return "broker"
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return None


def wants_json(request: HttpRequest) -> bool:
    """API paths (/api/…, and the printing API under /e/<slug>/print/api/) answer JSON."""
    path = request.path
    return (
        path.startswith("/api/")
        or bool(PRINT_API.match(path))
        or "application/json" in request.headers.get("Accept", "")
    )


def unavailable_body(kind: str) -> dict[str, str]:
    return {"code": "unavailable", "message": MESSAGES[kind]}


def unavailable_response(request: HttpRequest, kind: str) -> HttpResponse:
    if wants_json(request):
        response: HttpResponse = JsonResponse(unavailable_body(kind), status=503)
    else:
        # No request context: the page must render with the database gone (no user, no session).
        html = loader.render_to_string("503.html", {"message": MESSAGES[kind]})
        response = HttpResponse(html, status=503)
    response["Retry-After"] = RETRY_AFTER
    return response


def handler500(request: HttpRequest) -> HttpResponse:
    """Django's 500 handler (config/urls.py): it runs inside the `except` that caught the
    error, so the exception is at hand to tell an outage from a bug."""
    kind = outage_of(sys.exc_info()[1])
    if kind is not None:
        return unavailable_response(request, kind)
    if wants_json(request):
        return JsonResponse(
            {"code": "server-error", "message": "Something went wrong on our side. It has been logged."},
            status=500,
        )
    return server_error(request)
