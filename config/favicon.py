"""/favicon.ico: browsers ask for it on every page they have no icon link for (an outage
page, the API docs, a PDF preview). It answers the site's icon rather than a 404."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

ICON = Path(__file__).resolve().parent.parent / "static" / "img" / "icon.svg"


@cache
def _icon() -> bytes:
    return ICON.read_bytes()


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_icon(), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response
