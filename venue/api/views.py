"""The venue's API under /api/events/<slug>/ (docs/api.md).

Announcements (`announcements/`, "Announcements"): anyone who may read the event reads
the announcements in force (what the hall screens and the event's page show); the TO and
the Head Judge post and withdraw them. The round's featured table for a stream
(`rounds/<n>/featured-table/`, docs/venue.md): the TO's.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.access import HEAD_JUDGE, TO, round_or_404
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.views._common import validated
from tournaments.models import Round
from venue.api.presenters import announcement_dict
from venue.api.serializers import (
    AnnouncementSerializer,
    AnnouncementWriteSerializer,
    FeaturedTableInSerializer,
    FeaturedTableSerializer,
)
from venue.selectors import active_announcements, announcement_or_404
from venue.services import announcement_post, announcement_withdraw, featured_table_clear, featured_table_set

TAGS = ["announcements"]


class AnnouncementsApi(ApiView):
    @extend_schema(
        operation_id="announcements_list",
        summary="The announcements in force, newest first (public)",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(AnnouncementSerializer)}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        rows = active_announcements(access.event, with_authors=True)
        return paginated(request, self, rows, AnnouncementSerializer, announcement_dict)

    @extend_schema(
        operation_id="announcements_post",
        summary="Post an announcement to the hall screens and the event's page (TO, Head Judge)",
        description="Refused when empty (`announcement-empty`) or over 280 characters "
        "(`announcement-too-long`). Every hall screen shows it within a few seconds.",
        request=AnnouncementWriteSerializer,
        responses=responses({201: AnnouncementSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO, HEAD_JUDGE)
        fields = validated(AnnouncementWriteSerializer, request)
        row = announcement_post(event=access.event, by=user, text=fields["text"])
        return Response(AnnouncementSerializer(announcement_dict(row)).data, status=status.HTTP_201_CREATED)


class AnnouncementApi(ApiView):
    @extend_schema(
        operation_id="announcements_withdraw",
        summary="Withdraw an announcement from the screens (TO, Head Judge)",
        description="It stays on record, withdrawn. Refused if already withdrawn (`announcement-withdrawn`).",
        request=None,
        responses=responses({204: None}, login=True),
        tags=TAGS,
    )
    def delete(self, request: Request, slug: str, pk: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO, HEAD_JUDGE)
        announcement_withdraw(announcement=announcement_or_404(access, pk), by=user)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _body(round_: Round) -> dict[str, Any]:
    number = round_.featured_table.number if round_.featured_table is not None else None
    return {"round": round_.number, "table": number}


class FeaturedTableApi(ApiView):
    @extend_schema(
        operation_id="round_featured_table",
        summary="The round's featured table (TO)",
        responses=responses({200: FeaturedTableSerializer}, invalid=False),
        tags=["venue"],
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        access = event_for(request, slug, TO)
        return Response(_body(round_or_404(access, number)))

    @extend_schema(
        operation_id="round_featured_table_set",
        summary="Feature a table of the round on the stream (TO)",
        description="Refused with `stream-consent-missing` unless every player at the table agreed "
        "to be streamed, `no-table`, `no-game-at-table`, `round-closed` (docs/venue.md).",
        request=FeaturedTableInSerializer,
        responses=responses({200: FeaturedTableSerializer}, login=True),
        tags=["venue"],
    )
    def put(self, request: Request, slug: str, number: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        data = validated(FeaturedTableInSerializer, request)
        round_ = featured_table_set(round_=round_or_404(access, number), number=data["table"], by=user)
        return Response(_body(round_))

    @extend_schema(
        operation_id="round_featured_table_clear",
        summary="Take the round's featured table off the stream (TO)",
        request=None,
        responses=responses({200: FeaturedTableSerializer}, login=True),
        tags=["venue"],
    )
    def delete(self, request: Request, slug: str, number: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        round_ = featured_table_clear(
            round_=round_or_404(access, number), by=user, reason="Cleared through the API."
        )
        return Response(_body(round_))
