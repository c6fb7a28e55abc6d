"""Request middleware of the event core."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone


def site_time_zone(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    """Each request starts on the site's clock (TIME_ZONE): an event's page switches to the
    venue's when it loads the event (tournaments.access), and a thread serving the next
    request must not keep that zone."""

    def middleware(request: HttpRequest) -> HttpResponseBase:
        timezone.deactivate()
        try:
            return get_response(request)
        finally:
            timezone.deactivate()

    return middleware
