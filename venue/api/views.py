"""Announcements under /api/events/<slug>/announcements/ (docs/api.md, "Announcements").

Anyone who may read the event reads the announcements in force (what the hall screens and
the event's page show); the TO and the Head Judge post and withdraw them.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.access import HEAD_JUDGE, TO
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.views._common import validated
from venue.api.presenters import announcement_dict
from venue.api.serializers import AnnouncementSerializer, AnnouncementWriteSerializer
from venue.selectors import active_announcements, announcement_or_404
from venue.services import announcement_post, announcement_withdraw

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
