"""Penalties: the log, issuing, the guide's advice, Disqualification decisions, your own.

OP Guide: Judging and Conduct (penalty levels and who may issue them) and Penalties and
Pace of Play (escalation, the slow-play ladder).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from judging import selectors
from judging.api.presenters import penalty_advice_dict, penalty_dict
from judging.api.serializers import (
    DecisionSerializer,
    PenaltyAdviceSerializer,
    PenaltyIssueSerializer,
    PenaltySerializer,
)
from judging.exports import penalties_csv
from judging.models import Infraction, Penalty, PenaltyLevel, PenaltyStatus
from judging.services import disqualification_confirm, disqualification_decline, penalty_issue
from tournaments.access import PLAYER, STAFF, EventAccess, player_or_404
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import MAX_OFFSET, PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.schema import text_parameter
from tournaments.api.views._common import validated
from tournaments.errors import ServiceError
from tournaments.models import Game, Player


def _player(access: EventAccess, external_id: str) -> Player:
    player = access.event.players.filter(external_id=external_id).first()
    if player is None:
        raise ServiceError(f"No player {external_id!r} at this event.", code="not-found", field="player")
    return player


PENALTY_FILTERS = [
    text_parameter("player", description="A player's external id."),
    OpenApiParameter("level", str, enum=PenaltyLevel.values),
    OpenApiParameter("infraction", str, enum=Infraction.values),
    OpenApiParameter("status", str, enum=PenaltyStatus.values),
    OpenApiParameter("round", {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET}),
]


class PenaltyFilterSerializer(serializers.Serializer[Any]):
    """The log's filters: a value the schema does not allow is a 400 naming it, never ignored."""

    player = serializers.CharField(required=False)
    level = serializers.ChoiceField(choices=PenaltyLevel.choices, required=False)
    infraction = serializers.ChoiceField(choices=Infraction.choices, required=False)
    status = serializers.ChoiceField(choices=PenaltyStatus.choices, required=False)
    round = serializers.IntegerField(min_value=0, max_value=MAX_OFFSET, required=False)


def _filtered(access: EventAccess, request: Request) -> list[Penalty]:
    filters = PenaltyFilterSerializer(data=request.query_params)
    filters.is_valid(raise_exception=True)
    params = filters.validated_data
    player = None
    if "player" in params:
        found = access.event.players.filter(external_id=params["player"]).first()
        player = found.pk if found is not None else -1
    return list(
        selectors.penalty_log(
            access.event,
            player=player,
            level=params.get("level", ""),
            category=params.get("infraction", ""),
            status=params.get("status", ""),
            round_number=params.get("round"),
        )
    )


TAGS_PENALTIES = ["penalties"]


class PenaltiesApi(ApiView):
    @extend_schema(
        operation_id="penalties_list",
        summary="The event's penalty log (staff), oldest first",
        parameters=[*PENALTY_FILTERS, *PAGE_PARAMETERS],
        responses=responses({200: page_of(PenaltySerializer)}),
        tags=TAGS_PENALTIES,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, *STAFF)
        return paginated(request, self, _filtered(access, request), PenaltySerializer, penalty_dict)

    @extend_schema(
        operation_id="penalty_issue",
        summary="Issue a penalty (Caution/Warning: a Floor Judge or the Head Judge; Game Loss: the Head "
        "Judge; Disqualification: proposed by the Head Judge, confirmed by the TO)",
        description="A Game Loss is applied to the game at once, as an Annihilation against the player.",
        request=PenaltyIssueSerializer,
        responses=responses({201: PenaltySerializer}, login=True),
        tags=TAGS_PENALTIES,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, *STAFF)
        data = validated(PenaltyIssueSerializer, request)
        game = None
        if data.get("game") is not None:
            game = (
                Game.objects.filter(round__event=access.event, pk=data["game"])
                .select_related("round", "table")
                .first()
            )
            if game is None:
                raise ServiceError("No such game at this event.", code="not-found", field="game")
        penalty = penalty_issue(
            event=access.event,
            player=_player(access, data["player"]),
            level=data["level"],
            category=data["infraction"],
            notes=data["notes"],
            game=game,
            round_number=data.get("round"),
            remedy=data["remedy"],
            by=user,
        )
        return Response(PenaltySerializer(penalty_dict(penalty)).data, status=201)


class PenaltiesExportApi(ApiView):
    @extend_schema(
        operation_id="penalties_export",
        summary="The penalty log as CSV (staff)",
        parameters=PENALTY_FILTERS,
        responses={
            200: OpenApiResponse(OpenApiTypes.STR, description="text/csv"),
            **{code: answer for code, answer in responses({}).items() if code in (400, 404)},
        },
        tags=TAGS_PENALTIES,
    )
    def get(self, request: Request, slug: str) -> HttpResponse:
        access = event_for(request, slug, *STAFF)
        filename, mimetype, body = penalties_csv(access.event, _filtered(access, request))
        response = HttpResponse(body, content_type=f"{mimetype}; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class PenaltyAdviceApi(ApiView):
    @extend_schema(
        operation_id="penalty_advice",
        summary="A player's record and the guide's advice: third Warning, slow-play ladder (staff)",
        responses=responses({200: PenaltyAdviceSerializer}, invalid=False),
        tags=TAGS_PENALTIES,
    )
    def get(self, request: Request, slug: str, external_id: str) -> Response:
        access = event_for(request, slug, *STAFF)
        player = player_or_404(access, external_id)
        advice = selectors.penalty_advice(player)
        body = penalty_advice_dict(player.external_id, advice)
        return Response(PenaltyAdviceSerializer(body).data)


def _decide(request: Request, slug: str, pk: int, confirm: bool) -> Response:
    user = signed_in(request)
    access = event_for(request, slug, *STAFF)
    penalty = Penalty.objects.filter(event=access.event, pk=pk).first()
    if penalty is None:
        raise Http404("No such penalty.")
    data = validated(DecisionSerializer, request)
    call = disqualification_confirm if confirm else disqualification_decline
    penalty = call(penalty=penalty, by=user, note=data["note"])
    return Response(PenaltySerializer(penalty_dict(penalty)).data)


class DisqualificationConfirmApi(ApiView):
    @extend_schema(
        operation_id="disqualification_confirm",
        summary="Confirm a proposed Disqualification (the TO; the Head Judge when the TO plays)",
        description="The player's event ends: their games stand, they are not paired again and not placed.",
        request=DecisionSerializer,
        responses=responses({200: PenaltySerializer}, login=True),
        tags=TAGS_PENALTIES,
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        return _decide(request, slug, pk, confirm=True)


class DisqualificationDeclineApi(ApiView):
    @extend_schema(
        operation_id="disqualification_decline",
        summary="Decline a proposed Disqualification (the TO; the Head Judge when the TO plays)",
        request=DecisionSerializer,
        responses=responses({200: PenaltySerializer}, login=True),
        tags=TAGS_PENALTIES,
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        return _decide(request, slug, pk, confirm=False)


class MyPenaltiesApi(ApiView):
    @extend_schema(
        operation_id="my_penalties",
        summary="Your own penalties at this event (players)",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(PenaltySerializer)}),
        tags=TAGS_PENALTIES,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, PLAYER)
        assert access.player is not None
        rows = selectors.own_penalties(access.player).select_related("player", "decided_by")
        return paginated(request, self, rows, PenaltySerializer, penalty_dict)
