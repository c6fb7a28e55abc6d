"""Entries: the player list, registration, CSV import, check-in, drops and no-shows."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors
from tournaments.access import FLOOR_JUDGE, HEAD_JUDGE, TO, game_or_404, player_or_404
from tournaments.api import presenters
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, require, signed_in
from tournaments.api.serializers.common import ReasonSerializer
from tournaments.api.serializers.players import (
    NoShowSerializer,
    PlayerRegisterSerializer,
    PlayerSerializer,
    PlayersImportSerializer,
    TeammatesSerializer,
)
from tournaments.api.views._common import validated
from tournaments.models import CheckInVia, Event, Player
from tournaments.services.players import (
    player_check_in,
    player_check_in_undo,
    player_drop,
    player_join,
    player_no_show,
    player_register,
    players_import_csv,
)
from tournaments.services.teams import team_join, team_register, teammates_set

TAGS = ["players"]


def _player(player: Player, *, staff: bool) -> dict[str, object]:
    return dict(PlayerSerializer(presenters.player_dict(player), context={"staff": staff}).data)


class PlayersApi(ApiView):
    @extend_schema(
        operation_id="players_list",
        summary="The field: name, id and status (staff also see email, account and check-in)",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(PlayerSerializer)}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        rows = selectors.event_players(access.event)
        context = {"staff": access.is_staff}
        return paginated(request, self, rows, PlayerSerializer, presenters.player_dict, context)

    @extend_schema(
        operation_id="players_register",
        summary="Register: yourself with the join code while registration is open, or (TO) anyone",
        description=(
            "With `join_code`, the caller registers themself (name defaults to their account's name). "
            "Without it, only the TO may add a player by `name`, optionally inviting an account by "
            "`username`: the seat is linked only when that account's holder claims it (from their "
            "My events page or the invitation mail), and the answer never says whether such an "
            "account exists. At a competitive event the TO and Head Judge cannot play."
        ),
        request=PlayerRegisterSerializer,
        responses=responses({201: PlayerSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        data = validated(PlayerRegisterSerializer, request)
        teammates = data.get("teammates")
        if teammates is not None or access.event.team_size is not None:
            player = _register_team(access.event, data, user, as_to=access.is_to)
        elif access.is_to and not data.get("join_code"):
            account = selectors.user_by_username(data["username"]) if data["username"] else None
            player = player_register(
                event=access.event, name=data["name"], invited_user=account, email=data["email"], by=user
            )
        else:
            player = player_join(
                event=access.event,
                user=user,
                join_code=data.get("join_code", ""),
                name=data["name"],
                email=data["email"],
            )
        return Response(_player(player, staff=access.is_staff), status=status.HTTP_201_CREATED)


def _register_team(event: Event, data: dict[str, Any], user: AbstractBaseUser, *, as_to: bool) -> Player:
    """A team game's entrant (docs/teams.md): the team's name and its players."""
    teammates = data.get("teammates") or []
    if as_to and not data.get("join_code"):
        account = selectors.user_by_username(data["username"]) if data["username"] else None
        return team_register(
            event=event,
            name=data["name"],
            teammates=teammates,
            invited_user=account,
            email=data["email"],
            by=user,
        )
    return team_join(
        event=event,
        user=user,
        join_code=data.get("join_code", ""),
        team_name=data["name"],
        teammates=teammates,
        email=data["email"],
    )


class TeammatesApi(ApiView):
    @extend_schema(
        operation_id="player_teammates_set",
        summary="Name a team's players (a team game): the captain until rosters lock, staff any time",
        request=TeammatesSerializer,
        responses=responses({200: PlayerSerializer}, login=True),
        tags=TAGS,
    )
    def put(self, request: Request, slug: str, external_id: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        team = player_or_404(access, external_id)
        captain = access.player is not None and access.player.pk == team.pk
        require(captain or access.is_to or access.is_judge)
        data = validated(TeammatesSerializer, request)
        teammates_set(team=team, names=data["teammates"], by=user, as_staff=not captain)
        team.refresh_from_db()
        return Response(_player(team, staff=access.is_staff))


class PlayersImportApi(ApiView):
    @extend_schema(
        operation_id="players_import",
        summary="Import players from CSV (TO); all or nothing, errors name the row",
        request=PlayersImportSerializer,
        responses=responses({201: PlayerSerializer(many=True)}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        data = validated(PlayersImportSerializer, request)
        created = players_import_csv(event=access.event, text=data["csv"], by=user)
        rows = [presenters.player_dict(p) for p in created]
        return Response(
            PlayerSerializer(rows, many=True, context={"staff": True}).data, status=status.HTTP_201_CREATED
        )


class PlayerCheckInApi(ApiView):
    @extend_schema(
        operation_id="player_check_in",
        summary="Check a player in (TO and judges)",
        request=None,
        responses=responses({200: PlayerSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, external_id: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO, HEAD_JUDGE, FLOOR_JUDGE)
        player = player_check_in(player=player_or_404(access, external_id), by=user, via=CheckInVia.API)
        return Response(_player(player, staff=True))

    @extend_schema(
        operation_id="player_check_in_undo",
        summary="Undo a player's check-in (a mistaken tap; TO and judges)",
        request=None,
        responses=responses({200: PlayerSerializer}, login=True),
        tags=TAGS,
    )
    def delete(self, request: Request, slug: str, external_id: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO, HEAD_JUDGE, FLOOR_JUDGE)
        player = player_check_in_undo(player=player_or_404(access, external_id), by=user)
        return Response(_player(player, staff=True))


class PlayerDropApi(ApiView):
    @extend_schema(
        operation_id="player_drop",
        summary="Drop before the next pairing (the player themself, or the TO)",
        request=ReasonSerializer,
        responses=responses({200: PlayerSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, external_id: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        player = player_or_404(access, external_id)
        require(access.is_to or (access.player is not None and access.player.pk == player.pk))
        data = validated(ReasonSerializer, request)
        player = player_drop(player=player, by=user, reason=data["reason"])
        return Response(_player(player, staff=access.is_staff))


class PlayerNoShowApi(ApiView):
    @extend_schema(
        operation_id="player_no_show",
        summary="A player did not appear (TO): dropped, and their current game scored as a no-show",
        request=None,
        responses=responses({200: NoShowSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, external_id: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        player = player_or_404(access, external_id)
        game = player_no_show(player=player, by=user)
        if game is not None:
            game = game_or_404(access, game.pk)
        body = {
            "player": presenters.player_dict(player),
            "game": presenters.game_dict(game) if game is not None else None,
        }
        return Response(NoShowSerializer(body, context={"staff": True}).data)
