"""The venue's API (docs/api.md): the round's featured table for a stream."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.access import TO, round_or_404
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.serializers.common import Serializer
from tournaments.api.views._common import validated
from tournaments.models import Round
from venue.services import featured_table_clear, featured_table_set

TAGS = ["venue"]


class FeaturedTableInSerializer(Serializer):
    table = serializers.IntegerField(min_value=1, max_value=32767, help_text="The table's number.")


class FeaturedTableSerializer(Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True, help_text="The featured table; null: none.")


def _body(round_: Round) -> dict[str, Any]:
    number = round_.featured_table.number if round_.featured_table is not None else None
    return {"round": round_.number, "table": number}


class FeaturedTableApi(ApiView):
    @extend_schema(
        operation_id="round_featured_table",
        summary="The round's featured table (TO)",
        responses=responses({200: FeaturedTableSerializer}, invalid=False),
        tags=TAGS,
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
        tags=TAGS,
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
        tags=TAGS,
    )
    def delete(self, request: Request, slug: str, number: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        round_ = featured_table_clear(
            round_=round_or_404(access, number), by=user, reason="Cleared through the API."
        )
        return Response(_body(round_))
