"""Events: list, create, read, change settings, tables and staff, copy."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors
from tournaments.access import FLOOR_JUDGE, HEAD_JUDGE, PLAYER, TO, access_event
from tournaments.api import presenters
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.schema import text_parameter
from tournaments.api.serializers.events import (
    EventCopySerializer,
    EventDetailSerializer,
    EventSummarySerializer,
    EventWriteSerializer,
    SideEventWriteSerializer,
    StaffSerializer,
    TableSerializer,
    TablesInputSerializer,
)
from tournaments.api.serializers.players import PlayerSerializer
from tournaments.api.views._common import validated
from tournaments.errors import ServiceError
from tournaments.models import Event, StaffRoleKind
from tournaments.services.event_copy import event_copy
from tournaments.services.events import event_create, event_update, staff_add, staff_remove, tables_set
from tournaments.services.side_events import side_event_create, side_event_delete, side_event_join

TAGS = ["events"]


def _detail(request: Request, slug: str) -> Response:
    access = event_for(request, slug)
    data = presenters.event_detail(access)
    return Response(EventDetailSerializer(data, context={"staff": access.is_staff}).data)


class EventsApi(ApiView):
    @extend_schema(
        operation_id="events_list",
        summary="Every event",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(EventSummarySerializer)}, not_found=False),
        tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        return paginated(request, self, selectors.events_listed(), EventSummarySerializer)

    @extend_schema(
        operation_id="events_create",
        summary="Create an event (the caller becomes its TO)",
        request=EventWriteSerializer,
        responses=responses({201: EventDetailSerializer}, login=True, not_found=False),
        tags=TAGS,
    )
    def post(self, request: Request) -> Response:
        user = signed_in(request)
        fields = validated(EventWriteSerializer, request)
        name = fields.pop("name")
        event = event_create(creator=user, name=name, **fields)
        access = access_event(user, event.slug)
        data = presenters.event_detail(access)
        return Response(
            EventDetailSerializer(data, context={"staff": True}).data, status=status.HTTP_201_CREATED
        )


class EventApi(ApiView):
    @extend_schema(
        operation_id="event_read",
        summary="An event; staff also see the join code and the suggested round count",
        responses=responses({200: EventDetailSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        return _detail(request, slug)

    @extend_schema(
        operation_id="event_update",
        summary="Change event settings (TO); a change to planned_rounds is recorded",
        request=EventWriteSerializer(partial=True),
        responses=responses({200: EventDetailSerializer}, login=True),
        tags=TAGS,
    )
    def patch(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        fields = validated(EventWriteSerializer, request, partial=True)
        event_update(event=access.event, actor=user, **fields)
        return _detail(request, slug)


class EventCopyApi(ApiView):
    @extend_schema(
        operation_id="event_copy",
        summary="Copy this event into a new draft event (TO); the caller becomes its TO",
        description="The new event has every setting of this one (team game, team tournament, top "
        "cut, listing and accessibility too), its tables and layouts, its scoring bands and bye, its "
        "supplied data pack and the awards it offers. Its round start times, roster deadline and "
        "accommodations date move by the days between the two start dates, at the same time of day "
        "on the venue's clock; a moved deadline already past takes the default. No players, teams, "
        "rosters, rounds, results, side events, series membership or staff other than the caller are "
        "copied. Refused for a side event (`side-event-copy`) and checked like a new event.",
        request=EventCopySerializer,
        responses=responses({201: EventDetailSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        fields = validated(EventCopySerializer, request)
        copied = event_copy(event=access.event, by=user, **fields)
        data = presenters.event_detail(access_event(user, copied.event.slug))
        return Response(
            EventDetailSerializer(data, context={"staff": True}).data, status=status.HTTP_201_CREATED
        )


class TablesApi(ApiView):
    @extend_schema(
        operation_id="event_tables_set",
        summary="Replace the event's tables (TO)",
        request=TablesInputSerializer,
        responses=responses({200: TableSerializer(many=True)}, login=True),
        tags=TAGS,
    )
    def put(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        data = validated(TablesInputSerializer, request)
        tables = tables_set(
            event=access.event, actor=user, tables=[(t["number"], t["layout"]) for t in data["tables"]]
        )
        return Response(
            TableSerializer([{"number": t.number, "layout": t.layout} for t in tables], many=True).data
        )


class StaffApi(ApiView):
    @extend_schema(
        operation_id="event_staff_list",
        summary="The TO and judges (for the event's staff and players)",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(StaffSerializer)}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, TO, HEAD_JUDGE, FLOOR_JUDGE, PLAYER)
        return paginated(
            request,
            self,
            selectors.event_staff(access.event),
            StaffSerializer,
            lambda s: {"username": s.user.get_username(), "role": s.role},
        )

    @extend_schema(
        operation_id="event_staff_add",
        summary="Give a user a staff role (TO)",
        request=StaffSerializer,
        responses=responses({201: StaffSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        actor = signed_in(request)
        access = event_for(request, slug, TO)
        data = validated(StaffSerializer, request)
        user = selectors.user_by_username(data["username"])
        if user is None:
            raise ServiceError(
                f"There is no account named {data['username']!r}.", code="unknown-user", field="username"
            )
        staff = staff_add(event=access.event, actor=actor, user=user, role=data["role"])
        body = {"username": user.get_username(), "role": staff.role}
        return Response(StaffSerializer(body).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="event_staff_remove",
        summary="Take a staff role away from a user (TO); the last TO cannot be removed",
        description="The user and role are given as query parameters, as a DELETE has no body. The "
        "user's other roles, and any entry as a player, stay.",
        parameters=[
            text_parameter("username", required=True, description="The staff member's username."),
            OpenApiParameter("role", str, required=True, enum=StaffRoleKind.values),
        ],
        request=None,
        responses=responses({204: None}, login=True),
        tags=TAGS,
    )
    def delete(self, request: Request, slug: str) -> Response:
        actor = signed_in(request)
        access = event_for(request, slug, TO)
        serializer = StaffSerializer(data=request.query_params)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        user = selectors.user_by_username(data["username"])
        if user is None:
            raise ServiceError(
                f"There is no account named {data['username']!r}.", code="unknown-user", field="username"
            )
        staff_remove(event=access.event, actor=actor, user=user, role=data["role"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class SideEventsApi(ApiView):
    @extend_schema(
        operation_id="event_side_events_list",
        summary="The event's side events (OP Guide: Side Events)",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(EventSummarySerializer)}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        return paginated(request, self, selectors.side_events_listed(access.event), EventSummarySerializer)

    @extend_schema(
        operation_id="event_side_events_create",
        summary="Add a side event (TO); the caller becomes its TO",
        description="A full event of its own, on the main event's game system, taking its dates, venue "
        "and listing unless given. Its rounds may never overlap a round of the main event: refused "
        "with `overlaps-main-round`, naming the main round.",
        request=SideEventWriteSerializer,
        responses=responses({201: EventDetailSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        fields = validated(SideEventWriteSerializer, request)
        name = fields.pop("name")
        side = side_event_create(main=access.event, actor=user, name=name, **fields)
        data = presenters.event_detail(access_event(user, side.slug))
        return Response(
            EventDetailSerializer(data, context={"staff": True}).data, status=status.HTTP_201_CREATED
        )


class SideEventApi(ApiView):
    @extend_schema(
        operation_id="event_side_event_delete",
        summary="Delete a side event nobody has played yet (TO of the main event)",
        description="Its players' entries, rosters, tables and staff go with it; the main event is "
        "untouched but for an audit entry (`side-event-deleted`). Refused once it has a round "
        "(`side-event-started`: undo an unpublished pairing first; a played side event stays on record) "
        "or penalties or conduct reports (`side-event-has-records`).",
        request=None,
        responses=responses({204: None}, login=True),
        tags=TAGS,
    )
    def delete(self, request: Request, slug: str, side_slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        side = Event.objects.filter(slug=side_slug, side_event_of=access.event).first()
        if side is None:
            raise Http404("No such side event.")
        side_event_delete(main=access.event, side=side, actor=user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SideEventJoinApi(ApiView):
    @extend_schema(
        operation_id="event_side_event_join",
        summary="Join this side event in one tap, as a player of its main event",
        description="No join code: the caller's entry in the main event (dropped players too) is "
        "carried over by name and e-mail. Anyone else is refused with `not-a-main-event-player` and "
        "registers the usual way (players_register with the join code); a player disqualified from "
        "the main event with `disqualified`.",
        request=None,
        responses=responses({201: PlayerSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        player = side_event_join(side=access.event, user=user)
        body = PlayerSerializer(presenters.player_dict(player), context={"staff": access.is_staff}).data
        return Response(body, status=status.HTTP_201_CREATED)
