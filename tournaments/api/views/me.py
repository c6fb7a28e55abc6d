"""The caller's events and roles, and for events they play in, their game right now."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.notifications import KINDS, preference_of, preference_set
from tournaments import selectors
from tournaments.access import PLAYER
from tournaments.api import presenters
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import signed_in
from tournaments.api.serializers.me import MeSerializer, NotificationsInputSerializer, NotificationsSerializer
from tournaments.api.views._common import validated
from tournaments.models import Event


class MeApi(ApiView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="me",
        summary="Your events and roles; where you play: your current game, table and opponent",
        responses=responses({200: MeSerializer}, invalid=False, login=True, not_found=False),
        tags=["me"],
    )
    def get(self, request: Request) -> Response:
        user = signed_in(request)
        events: dict[int, Event] = {}
        roles: dict[int, set[str]] = {}
        for staff in selectors.staff_roles_of(user):
            events[staff.event_id] = staff.event
            roles.setdefault(staff.event_id, set()).add(staff.role)
        entries = list(selectors.entries_of(user))
        for entry in entries:
            events[entry.event_id] = entry.event
            roles.setdefault(entry.event_id, set()).add(PLAYER)
        games = selectors.current_games(entries)
        mine = {entry.event_id: entry for entry in entries}
        rows: list[dict[str, Any]] = []
        for event_id, event in sorted(events.items(), key=lambda item: (item[1].name, item[0])):
            player = mine.get(event_id)
            game = games.get(player.pk) if player is not None else None
            opponent = None
            if game is not None and player is not None:
                opponent = game.player_two if game.player_one_id == player.pk else game.player_one
            rows.append(
                {
                    "slug": event.slug,
                    "name": event.name,
                    "status": event.status,
                    "starts_on": event.starts_on,
                    "roles": sorted(roles[event_id]),
                    "player": presenters.player_ref(player),
                    "current_game": presenters.game_dict(game, reports=True) if game is not None else None,
                    "table": game.table.number if game is not None and game.table is not None else None,
                    "opponent": presenters.player_ref(opponent),
                }
            )
        return Response(MeSerializer({"username": user.get_username(), "events": rows}).data)


def _notifications(user: Any) -> dict[str, Any]:
    preference = preference_of(user)
    return {kind: preference.wants(kind) for kind in KINDS} | {"has_email": bool(getattr(user, "email", ""))}


class MeNotificationsApi(ApiView):
    """The caller's e-mail notifications (docs/notifications.md), as on the web settings page."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="me_notifications",
        summary="Which e-mails Muster sends you (each on unless you turned it off)",
        responses=responses({200: NotificationsSerializer}, invalid=False, login=True, not_found=False),
        tags=["me"],
    )
    def get(self, request: Request) -> Response:
        return Response(NotificationsSerializer(_notifications(signed_in(request))).data)

    @extend_schema(
        operation_id="me_notifications_set",
        summary="Turn e-mail notifications on or off; switches left out keep their value",
        request=NotificationsInputSerializer,
        responses=responses({200: NotificationsSerializer}, login=True, not_found=False),
        tags=["me"],
    )
    def put(self, request: Request) -> Response:
        user = signed_in(request)
        data = validated(NotificationsInputSerializer, request)
        preference_set(user=user, choices={kind: bool(data[kind]) for kind in KINDS if kind in data})
        return Response(NotificationsSerializer(_notifications(user)).data)
