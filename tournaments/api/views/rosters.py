"""Army rosters: submit, check live, see (per the publication policy), and the TO's board."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from rosters.models import Roster
from tournaments import selectors
from tournaments.access import FLOOR_JUDGE, HEAD_JUDGE, PLAYER, TO, player_or_404
from tournaments.api import presenters
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, require, signed_in
from tournaments.api.schema import text_parameter
from tournaments.api.serializers.rosters import (
    RosterBoardRowSerializer,
    RosterCheckSerializer,
    RosterSerializer,
    RosterSubmitSerializer,
    VerdictSerializer,
)
from tournaments.api.views._common import validated
from tournaments.errors import ServiceError
from tournaments.services.rosters import roster_preview, roster_submit, roster_withdraw

TAGS = ["rosters"]


class RostersApi(ApiView):
    @extend_schema(
        operation_id="rosters_list",
        summary="Rosters the caller may see",
        description=(
            "Staff see every roster. Once the event's publication policy makes them public, "
            "everyone does. Before that a player sees their own and, once paired in a published "
            "round, their opponents'. The stored verdict (`report`) is for staff and the owner."
        ),
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(RosterSerializer)}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        own = access.player.pk if access.player is not None else None

        def present(roster: Roster) -> dict[str, Any]:
            return presenters.roster_dict(roster, with_report=access.is_staff or roster.player_id == own)

        return paginated(request, self, selectors.visible_rosters(access), RosterSerializer, present)

    @extend_schema(
        operation_id="rosters_submit",
        summary="Submit a roster (a player until rosters lock; staff for a player at any time)",
        description=(
            "`content` is a roster/1 object or the plain-text roster. An illegal roster is stored with "
            "its violations; an unreadable one is refused (400, nothing saved). Slot 2 only under "
            "Dual List Format. Staff who do not play at the event must name the `player` (400 "
            "`player-required` otherwise): who the caller is decides it, so the schema cannot. A player's "
            "submission is refused once rosters lock: 400 `deadline-passed` at the roster deadline, "
            "`play-begun` once round 1 is paired, whichever came first."
        ),
        request=RosterSubmitSerializer,
        responses=responses({201: RosterSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, PLAYER, TO, HEAD_JUDGE, FLOOR_JUDGE)
        data = validated(RosterSubmitSerializer, request)
        as_staff = False
        if "player" in data:
            player = player_or_404(access, data["player"])
            own = access.player is not None and access.player.pk == player.pk
            require(access.is_staff or own)
            as_staff = access.is_staff and not own
        elif access.player is not None:
            player = access.player
        else:
            raise ServiceError("Say which player the roster is for.", code="player-required", field="player")
        roster = roster_submit(
            player=player, slot=data["slot"], content=data["content"], by=user, as_staff=as_staff
        )
        roster.player = player
        body = presenters.roster_dict(roster, with_report=True)
        return Response(RosterSerializer(body).data, status=status.HTTP_201_CREATED)


class RosterSlotApi(ApiView):
    @extend_schema(
        operation_id="roster_withdraw",
        summary="Withdraw your second roster (back to a single list) before rosters lock",
        description=(
            "Only slot 2. A player until rosters lock (the roster deadline or round 1 paired); staff "
            "(`?player=` the player's id) until the first round is paired. 400 `deadline-passed`, "
            "`play-begun` or `no-roster` otherwise, and `player-required` from staff who do not play "
            "and name nobody; nothing changes. Audited."
        ),
        parameters=[
            OpenApiParameter(
                "slot",
                {"type": "integer", "enum": [2]},
                OpenApiParameter.PATH,
                description="2: only the second roster can be withdrawn.",
            ),
            text_parameter("player", description="Staff only: the player's id."),
        ],
        request=None,
        responses=responses({204: None}, login=True),
        tags=TAGS,
    )
    def delete(self, request: Request, slug: str, slot: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, PLAYER, TO, HEAD_JUDGE, FLOOR_JUDGE)
        external_id = request.query_params.get("player")
        as_staff = False
        if external_id:
            player = player_or_404(access, external_id)
            own = access.player is not None and access.player.pk == player.pk
            require(access.is_staff or own)
            as_staff = access.is_staff and not own
        elif access.player is not None:
            player = access.player
        else:
            raise ServiceError("Say whose roster to withdraw.", code="player-required", field="player")
        roster_withdraw(player=player, slot=slot, by=user, as_staff=as_staff)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RosterCheckApi(ApiView):
    @extend_schema(
        operation_id="rosters_check",
        summary="Validate a roster without saving it (live check behind the submission form)",
        description=(
            "The verdict a submission to `slot` would store: the game's army rules, the event's game "
            "system and scale and, under Dual List Format, the rules between this roster and the "
            "player's other one, in the `validate_roster --json` shape."
        ),
        request=RosterCheckSerializer,
        responses=responses({200: VerdictSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        signed_in(request)
        access = event_for(request, slug, PLAYER, TO, HEAD_JUDGE, FLOOR_JUDGE)
        data = validated(RosterCheckSerializer, request)
        player = access.player
        if "player" in data:
            player = player_or_404(access, data["player"])
            require(access.is_staff or player == access.player)
        verdict = roster_preview(
            event=access.event, content=data["content"], player=player, slot=data["slot"]
        )
        return Response(VerdictSerializer(verdict.as_result().as_json()).data)


class RosterBoardApi(ApiView):
    @extend_schema(
        operation_id="roster_board",
        summary="Every player's rosters, submitted or not, legal or not (staff)",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(RosterBoardRowSerializer)}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, TO, HEAD_JUDGE, FLOOR_JUDGE)
        rows = selectors.roster_board(access.event)
        return paginated(request, self, rows, RosterBoardRowSerializer, presenters.roster_board_row)
