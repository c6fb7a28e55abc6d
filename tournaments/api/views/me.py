"""The caller's events and roles, and for events they play in, their game right now."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts import webpush
from accounts.models import PushSubscription
from accounts.notifications import KINDS, PUSH_SWITCHES, preference_of, preference_set
from tournaments import selectors
from tournaments.access import PLAYER
from tournaments.api import presenters
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import signed_in
from tournaments.api.serializers.me import (
    MeSerializer,
    NotificationsInputSerializer,
    NotificationsSerializer,
    PushSubscriptionInputSerializer,
    PushSubscriptionListSerializer,
    PushSubscriptionSerializer,
)
from tournaments.api.views._common import validated
from tournaments.models import Event
from tournaments.services.push import push_subscribe


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
    return (
        {kind: preference.wants(kind) for kind in KINDS}
        | {switch: bool(getattr(preference, switch)) for switch in PUSH_SWITCHES}
        | {
            "has_email": bool(getattr(user, "email", "")),
            "push_available": webpush.push_available(),
            "push_devices": PushSubscription.objects.filter(user_id=user.pk).count(),
        }
    )


class MeNotificationsApi(ApiView):
    """The caller's e-mail and push notifications (docs/notifications.md, docs/push.md), as on
    the web settings page."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="me_notifications",
        summary="Which e-mails and pushes Muster sends you (each on unless you turned it off)",
        responses=responses({200: NotificationsSerializer}, invalid=False, login=True, not_found=False),
        tags=["me"],
    )
    def get(self, request: Request) -> Response:
        return Response(NotificationsSerializer(_notifications(signed_in(request))).data)

    @extend_schema(
        operation_id="me_notifications_set",
        summary="Turn e-mail and push notifications on or off; switches left out keep their value",
        request=NotificationsInputSerializer,
        responses=responses({200: NotificationsSerializer}, login=True, not_found=False),
        tags=["me"],
    )
    def put(self, request: Request) -> Response:
        user = signed_in(request)
        data = validated(NotificationsInputSerializer, request)
        switches = (*KINDS, *PUSH_SWITCHES)
        preference_set(user=user, choices={name: bool(data[name]) for name in switches if name in data})
        return Response(NotificationsSerializer(_notifications(user)).data)


def _subscription(row: PushSubscription) -> dict[str, Any]:
    return {
        "id": row.pk,
        "endpoint": row.endpoint,
        "label": row.label,
        "created_at": row.created_at,
        "last_sent_at": row.last_sent_at,
        "failures": row.failures,
    }


class MePushSubscriptionsApi(ApiView):
    """The caller's devices that receive pushes (docs/push.md): list them, add this one."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="me_push_subscriptions",
        summary="Your devices notified by push, and the public key a new one subscribes with",
        responses=responses(
            {200: PushSubscriptionListSerializer}, invalid=False, login=True, not_found=False
        ),
        tags=["me"],
    )
    def get(self, request: Request) -> Response:
        user = signed_in(request)
        rows = PushSubscription.objects.filter(user_id=user.pk)
        body = {
            "push_available": webpush.push_available(),
            "public_key": webpush.public_key(),
            "subscriptions": [_subscription(row) for row in rows],
        }
        return Response(PushSubscriptionListSerializer(body).data)

    @extend_schema(
        operation_id="me_push_subscribe",
        summary="Notify this browser: store the subscription pushManager.subscribe gave (again: refreshed)",
        request=PushSubscriptionInputSerializer,
        responses=responses(
            {201: PushSubscriptionSerializer, 200: PushSubscriptionSerializer}, login=True, not_found=False
        ),
        tags=["me"],
    )
    def post(self, request: Request) -> Response:
        user = signed_in(request)
        data = validated(PushSubscriptionInputSerializer, request)
        row, created = push_subscribe(
            user=user,
            endpoint=data["endpoint"],
            p256dh=data["keys"]["p256dh"],
            auth=data["keys"]["auth"],
            user_agent=request.headers.get("User-Agent", ""),
        )
        return Response(PushSubscriptionSerializer(_subscription(row)).data, status=201 if created else 200)


class MePushSubscriptionApi(ApiView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="me_push_unsubscribe",
        summary="Stop notifying one of your devices",
        request=None,
        responses=responses({204: None}, invalid=False, login=True),
        tags=["me"],
    )
    def delete(self, request: Request, pk: int) -> Response:
        if not webpush.subscription_remove(user=signed_in(request), subscription_id=pk):
            raise exceptions.NotFound("You have no device with that id.")
        return Response(status=204)
