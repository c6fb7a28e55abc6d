"""Rounds: pairings, the TO's review (swap, re-pair, undo), publication."""

from __future__ import annotations

from django.http import HttpResponseBase
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors
from tournaments.access import TO, EventAccess, player_or_404, round_or_404
from tournaments.api import presenters
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.schema import CONDITIONAL
from tournaments.api.serializers.common import ErrorSerializer
from tournaments.api.serializers.rounds import (
    NotReadySerializer,
    PairSerializer,
    PublishSerializer,
    RepairSerializer,
    RoundDetailSerializer,
    RoundSummarySerializer,
    ScenarioSerializer,
    SwapPlayersSerializer,
    SwapTablesSerializer,
)
from tournaments.api.views._common import validated
from tournaments.conditional import conditional
from tournaments.errors import ServiceError
from tournaments.models import Game, Round
from tournaments.services.rounds import (
    round_pair,
    round_publish,
    round_repair,
    round_swap_players,
    round_swap_tables,
    round_undo,
)
from tournaments.services.scenarios import round_set_scenario

TAGS = ["rounds"]

# The same list the TO's pages show.
NOT_READY_DESCRIPTION = (
    "Refused with 409 `not-ready` while players are not ready (no roster, an illegal roster, "
    "not checked in where the event uses check-in, a result missing from the round before); "
    "the body's `problems` lists each player and why. Send `confirm: true` to go ahead anyway."
)
NOT_READY_RESPONSE = OpenApiResponse(
    NotReadySerializer, description="not-ready: players are not ready; nothing changed."
)


def round_body(access: EventAccess, round_: Round) -> Response:
    games = selectors.round_games(round_)
    if access.is_staff:
        games = games.prefetch_related("reports")
    # Factions only once rosters are public, for staff too: the same answer for everyone.
    factions = selectors.public_factions(access.event) if selectors.rosters_public(access.event) else None
    data = presenters.round_detail(round_, list(games), reports=access.is_staff, factions=factions)
    return Response(RoundDetailSerializer(data, context={"staff": access.is_staff}).data)


class RoundsApi(ApiView):
    @extend_schema(
        operation_id="rounds_list",
        summary="Rounds (staff also see rounds paired but not yet published)",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(RoundSummarySerializer)}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        rows = selectors.rounds_overview(access)
        return paginated(request, self, rows, RoundSummarySerializer, presenters.round_summary)

    @extend_schema(
        operation_id="rounds_pair",
        summary="Pair the next round (TO); it stays a draft until published",
        description=NOT_READY_DESCRIPTION,
        request=PairSerializer,
        responses=responses({201: RoundDetailSerializer, 409: NOT_READY_RESPONSE}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        data = validated(PairSerializer, request)
        round_ = round_pair(event=access.event, by=user, seed=data.get("seed"), confirm=data["confirm"])
        response = round_body(access, round_)
        response.status_code = status.HTTP_201_CREATED
        return response


class RoundApi(ApiView):
    @extend_schema(
        operation_id="round_read",
        summary="A round's games: table, players, result status (staff: drafts and the pairing report)",
        responses=responses({200: RoundDetailSerializer}, invalid=False),
        extensions=CONDITIONAL,
        tags=TAGS,
    )
    def get(self, request: Request, slug: str, number: int) -> HttpResponseBase:
        access = event_for(request, slug)
        check = conditional(request, access, "api-round")
        if (not_modified := check.fresh()) is not None:
            return not_modified
        return check.finish(round_body(access, round_or_404(access, number)))

    @extend_schema(
        operation_id="round_undo",
        summary="Undo a round that has no results yet (TO)",
        description="The last round of a top cut may be undone with its results: send "
        "`?discard_results=true` (otherwise 400 `has-results`); the audit log keeps them.",
        parameters=[
            OpenApiParameter(
                "discard_results",
                bool,
                description="Undo the last round of a top cut even with results, discarding them.",
                required=False,
            )
        ],
        request=None,
        responses=responses({204: None}, login=True),
        tags=TAGS,
    )
    def delete(self, request: Request, slug: str, number: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        discard = request.query_params.get("discard_results", "").lower() in ("true", "1")
        round_undo(round_=round_or_404(access, number), by=user, discard_results=discard)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundPublishApi(ApiView):
    @extend_schema(
        operation_id="round_publish",
        summary="Publish the pairings (TO): players see table and opponent; byes are scored",
        description=NOT_READY_DESCRIPTION,
        request=PublishSerializer,
        responses=responses({200: RoundDetailSerializer, 409: NOT_READY_RESPONSE}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        data = validated(PublishSerializer, request)
        round_ = round_publish(round_=round_or_404(access, number), by=user, confirm=data["confirm"])
        return round_body(access, round_)


class RoundRepairApi(ApiView):
    @extend_schema(
        operation_id="round_repair",
        summary="Throw the pairings away and pair the round again (TO; only without results)",
        description="A published round is re-paired only with `confirm: true`; without it the "
        "answer is 409 `confirmation-required` and nothing changes.",
        request=RepairSerializer,
        responses=responses(
            {
                200: RoundDetailSerializer,
                409: OpenApiResponse(
                    ErrorSerializer, description="confirmation-required: the round is published."
                ),
            },
            login=True,
        ),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        data = validated(RepairSerializer, request)
        round_ = round_repair(
            round_=round_or_404(access, number), by=user, seed=data.get("seed"), confirm=data["confirm"]
        )
        return round_body(access, round_)


class RoundSwapPlayersApi(ApiView):
    @extend_schema(
        operation_id="round_swap_players",
        summary="Swap two players between their games before publishing (TO)",
        request=SwapPlayersSerializer,
        responses=responses({200: RoundDetailSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        round_ = round_or_404(access, number)
        first_id, second_id = validated(SwapPlayersSerializer, request)["players"]
        first, second = player_or_404(access, first_id), player_or_404(access, second_id)
        round_swap_players(round_=round_, first=first, second=second, by=user)
        return round_body(access, round_)


def _game_at(round_: Round, table: int) -> Game:
    game = selectors.game_at_table(round_, table)
    if game is None:
        raise ServiceError(
            f"No game is at table {table} in round {round_.number}.", code="no-game", field="tables"
        )
    return game


class RoundSwapTablesApi(ApiView):
    @extend_schema(
        operation_id="round_swap_tables",
        summary="Swap the tables of two games before publishing (TO)",
        request=SwapTablesSerializer,
        responses=responses({200: RoundDetailSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        round_ = round_or_404(access, number)
        first, second = validated(SwapTablesSerializer, request)["tables"]
        round_swap_tables(
            round_=round_, first=_game_at(round_, first), second=_game_at(round_, second), by=user
        )
        return round_body(access, round_)


class RoundScenarioApi(ApiView):
    @extend_schema(
        operation_id="round_set_scenario",
        summary="Set the round's scenario (TO; a game system that picks one per round, once rosters lock)",
        description="Dropzone Commander, DZC:328: the scenario is chosen before each game once armies are "
        "built; rosters lock at the roster deadline or when round 1 is paired, so a paired round can "
        "have one (`rosters-not-locked` otherwise). Refused with `unknown-scenario` for a "
        "name not on the system's list, `no-scenario-choice` for a system without per-round "
        "scenarios, `round-closed` once the round is closed.",
        request=ScenarioSerializer,
        responses=responses({200: RoundDetailSerializer}, login=True),
        tags=TAGS,
    )
    def put(self, request: Request, slug: str, number: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        data = validated(ScenarioSerializer, request)
        round_ = round_set_scenario(round_=round_or_404(access, number), scenario=data["scenario"], by=user)
        return round_body(access, round_)
