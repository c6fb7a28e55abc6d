"""A table's public page, the address its printed card's QR code holds (docs/venue.md):
who sits there in the round being played. Printed once, valid every round."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import render

from tournaments.access import access_event, table_or_404
from tournaments.conditional import conditional
from tournaments.views.common import nav_context
from venue.stream_selectors import table_now


def table_page(request: HttpRequest, slug: str, number: int) -> HttpResponseBase:
    access = access_event(request.user, slug)
    check = conditional(request, access, "venue-table", number)
    if (not_modified := check.fresh()) is not None:
        return not_modified
    now = table_now(access.event, table_or_404(access, number))
    context = nav_context(access, "pairings") | {"now": now, "game": now.game}
    return check.finish(render(request, "venue/table.html", context))
