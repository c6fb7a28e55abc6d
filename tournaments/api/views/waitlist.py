"""The registration cap's waitlist (docs/waitlist.md): join a full event, see your place or
(the TO) the whole list, accept an offered seat, leave, and the TO's reordering and offers.
Every call first passes lapsed offers on (services.waitlist.waitlist_refresh)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.access import TO, my_waitlist_entry_or_404, waitlist_entry_or_404
from tournaments.api import presenters
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.serializers.players import PlayerSerializer
from tournaments.api.serializers.waitlist import (
    WaitlistEntrySerializer,
    WaitlistJoinSerializer,
    WaitlistMoveSerializer,
)
from tournaments.api.views._common import validated
from tournaments.models import WaitlistEntry
from tournaments.services.waitlist import (
    waitlist_accept,
    waitlist_join,
    waitlist_move,
    waitlist_offer,
    waitlist_refresh,
    waitlist_withdraw,
)
from tournaments.waitlist_selectors import my_entry, waitlist_rows

TAGS = ["waitlist"]


def _row(entry: WaitlistEntry, place: int | None) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "name": entry.name,
        "state": entry.state,
        "place": place,
        "joined_at": entry.joined_at,
        "offered_at": entry.offered_at,
        "offer_expires_at": entry.offer_expires_at,
        "username": entry.user.get_username(),
        "email": entry.email,
    }


def _entry(entry: WaitlistEntry, place: int | None, *, to: bool) -> dict[str, Any]:
    return dict(WaitlistEntrySerializer(_row(entry, place), context={"staff": to}).data)


def _mine(entry: WaitlistEntry, user: AbstractBaseUser) -> dict[str, Any]:
    row = my_entry(entry.event, user)
    return _entry(entry, row.place if row is not None else None, to=False)


class WaitlistApi(ApiView):
    @extend_schema(
        operation_id="waitlist_list",
        summary="The waitlist: the TO sees everyone waiting or offered a seat, anyone else their own entry",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(WaitlistEntrySerializer)}, invalid=False, login=True),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        waitlist_refresh(event=access.event)
        if access.is_to:
            rows = waitlist_rows(access.event)
        else:
            mine = my_entry(access.event, user)
            rows = [mine] if mine is not None else []
        context = {"staff": access.is_to}
        return paginated(
            request, self, rows, WaitlistEntrySerializer, lambda r: _row(r.entry, r.place), context
        )

    @extend_schema(
        operation_id="waitlist_join",
        summary="Join a full event's waitlist with its join code (400 `event-not-full` when a seat is free)",
        request=WaitlistJoinSerializer,
        responses=responses({201: WaitlistEntrySerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        data = validated(WaitlistJoinSerializer, request)
        waitlist_refresh(event=access.event)
        entry = waitlist_join(
            event=access.event, user=user, join_code=data["join_code"], name=data["name"], email=data["email"]
        )
        return Response(_mine(entry, user), status=status.HTTP_201_CREATED)


class WaitlistAcceptApi(ApiView):
    @extend_schema(
        operation_id="waitlist_accept",
        summary="Accept the seat offered to you: you become a player (400 `offer-expired`, `no-offer`)",
        request=None,
        responses=responses({201: PlayerSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        waitlist_refresh(event=access.event)
        player = waitlist_accept(entry=my_waitlist_entry_or_404(access, user), user=user)
        data = PlayerSerializer(presenters.player_dict(player), context={"staff": access.is_staff}).data
        return Response(data, status=status.HTTP_201_CREATED)


class WaitlistWithdrawApi(ApiView):
    @extend_schema(
        operation_id="waitlist_withdraw",
        summary="Leave the waitlist, or decline the seat offered to you (it goes to the next person)",
        request=None,
        responses=responses({200: WaitlistEntrySerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        waitlist_refresh(event=access.event)
        entry = waitlist_withdraw(entry=my_waitlist_entry_or_404(access, user), by=user)
        return Response(_entry(entry, None, to=access.is_to))


class WaitlistMoveApi(ApiView):
    @extend_schema(
        operation_id="waitlist_move",
        summary="Put a waiting person at a place on the list (TO)",
        request=WaitlistMoveSerializer,
        responses=responses({200: WaitlistEntrySerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, entry_id: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        waitlist_refresh(event=access.event)
        data = validated(WaitlistMoveSerializer, request)
        entry = waitlist_move(entry=waitlist_entry_or_404(access, entry_id), place=data["place"], by=user)
        return Response(_entry(entry, data["place"], to=True))


class WaitlistOfferApi(ApiView):
    @extend_schema(
        operation_id="waitlist_offer",
        summary="Offer a waiting person a seat now, out of order and even over the cap (TO)",
        request=None,
        responses=responses({200: WaitlistEntrySerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, entry_id: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        waitlist_refresh(event=access.event)
        entry = waitlist_offer(entry=waitlist_entry_or_404(access, entry_id), by=user)
        return Response(_entry(entry, None, to=True))


class WaitlistEntryApi(ApiView):
    @extend_schema(
        operation_id="waitlist_remove",
        summary="Take a person off the waitlist (TO); an offered seat goes to the next person",
        request=None,
        responses=responses({200: WaitlistEntrySerializer}, login=True),
        tags=TAGS,
    )
    def delete(self, request: Request, slug: str, entry_id: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        waitlist_refresh(event=access.event)
        entry = waitlist_withdraw(entry=waitlist_entry_or_404(access, entry_id), by=user)
        return Response(_entry(entry, None, to=True))
