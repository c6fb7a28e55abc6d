"""The pre-game draft of a game system whose pre-game sequence is one (StarCraft's: OP
Guide, the pre-game sequence): its state as the caller may see it, a player's choices, and
what a judge enters for the players.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from judging import selectors
from judging.api.serializers import (
    DraftActSerializer,
    DraftEnterRollOffSerializer,
    DraftEnterRosterSerializer,
    DraftSerializer,
)
from judging.models import GameDraft
from judging.presenters import draft_dict, judge_entries
from judging.services import (
    draft_act,
    draft_complete_at_random,
    draft_enter_roll_off,
    draft_enter_roster,
    draft_start,
)
from judging.services.draft import draft_rules, draft_state, seat_of
from rules_engine.pregame import DraftRules
from tournaments.access import EventAccess, game_or_404
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.views._common import validated
from tournaments.models import Game, Player


def _rules(access: EventAccess) -> DraftRules:
    """The event's game system's draft; a system without one has no draft endpoints (404)."""
    rules = draft_rules(access.event)
    if rules is None:
        raise Http404("This game system has no pre-game draft.")
    return rules


def _draft_access(request: Request, slug: str, game_id: int) -> tuple[EventAccess, Game]:
    access = event_for(request, slug)
    _rules(access)
    game = game_or_404(access, game_id)  # players never see a round still being reviewed
    if not access.is_staff and seat_of(game, access.player) is None:
        raise Http404("No such game.")
    return access, game


def _draft_body(access: EventAccess, game: Game) -> dict[str, Any]:
    draft = selectors.draft_for_game(game)
    assert draft is not None
    rules = _rules(access)
    state = draft_state(draft)
    seat = seat_of(game, access.player)
    entries = judge_entries(rules, state) if access.is_staff and seat is None else None
    return {"game": game.pk, **draft_dict(rules, state, seat), "judge_entries": entries}


class DraftApi(ApiView):
    @extend_schema(
        operation_id="draft_state",
        summary="The game's pre-game draft as you may see it (its two players and the staff)",
        description="Opening it the first time sets it up with both players' rosters. Poll it to follow "
        "the opponent's choices; a blind roster choice stays hidden until both have chosen.",
        responses=responses({200: DraftSerializer}),
        tags=["draft"],
    )
    def get(self, request: Request, slug: str, game_id: int) -> Response:
        access, game = _draft_access(request, slug, game_id)
        if selectors.draft_for_game(game) is None:
            draft_start(game=game, by=signed_in(request))
        return Response(DraftSerializer(_draft_body(access, game)).data)


class DraftActApi(ApiView):
    @extend_schema(
        operation_id="draft_act",
        summary="Make one draft choice (a player of the game): one of the listed `actions`",
        request=DraftActSerializer,
        responses=responses({200: DraftSerializer}, login=True),
        tags=["draft"],
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        user = signed_in(request)
        access, game = _draft_access(request, slug, game_id)
        if seat_of(game, access.player) is None:
            raise Http404("No such game.")
        assert access.player is not None
        draft = selectors.draft_for_game(game) or draft_start(game=game, by=user)
        data = validated(DraftActSerializer, request)
        draft_act(draft=draft, player=access.player, action=data["action"], by=user)
        return Response(DraftSerializer(_draft_body(access, game)).data)


class DraftRandomApi(ApiView):
    @extend_schema(
        operation_id="draft_complete_at_random",
        summary="Complete an overrun draft at random (judges, 15 minutes into the round)",
        request=None,
        responses=responses({200: DraftSerializer}, login=True),
        tags=["draft"],
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        user = signed_in(request)
        access, game = _draft_access(request, slug, game_id)
        if not access.is_staff:
            raise Http404("No such game.")
        draft = selectors.draft_for_game(game) or draft_start(game=game, by=user)
        draft_complete_at_random(draft=draft, by=user)
        return Response(DraftSerializer(_draft_body(access, game)).data)


def _judge_draft(request: Request, slug: str, game_id: int) -> tuple[EventAccess, Game, GameDraft]:
    """A draft a judge enters a choice in: players and everyone else get a 404."""
    user = signed_in(request)
    access, game = _draft_access(request, slug, game_id)
    if not access.is_staff:
        raise Http404("No such game.")
    return access, game, selectors.draft_for_game(game) or draft_start(game=game, by=user)


def _seat_player(game: Game, seat: str) -> Player:
    player = game.player_one if seat == "A" else game.player_two
    assert player is not None, "a game with a draft has two players"
    return player


class DraftEnterRosterApi(ApiView):
    @extend_schema(
        operation_id="draft_enter_roster",
        summary="Enter a player's blind roster choice, told to you privately (judges; OP Guide, Step 1)",
        description="Recorded as entered by a judge. The opponent still sees only that a choice was made "
        "until both rosters are in. A roster choice is final.",
        request=DraftEnterRosterSerializer,
        responses=responses({200: DraftSerializer}, login=True),
        tags=["draft"],
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        access, game, draft = _judge_draft(request, slug, game_id)
        data = validated(DraftEnterRosterSerializer, request)
        draft_enter_roster(
            draft=draft, player=_seat_player(game, data["seat"]), roster=data["roster"], by=signed_in(request)
        )
        return Response(DraftSerializer(_draft_body(access, game)).data)


class DraftEnterRollOffApi(ApiView):
    @extend_schema(
        operation_id="draft_enter_roll_off",
        summary="Enter the winner of a Roll-Off rolled with real dice at the table (judges; Step 3)",
        request=DraftEnterRollOffSerializer,
        responses=responses({200: DraftSerializer}, login=True),
        tags=["draft"],
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        access, game, draft = _judge_draft(request, slug, game_id)
        data = validated(DraftEnterRollOffSerializer, request)
        totals = tuple((int(a), int(b)) for a, b in data["totals"])
        draft_enter_roll_off(
            draft=draft, winner=_seat_player(game, data["winner"]), totals=totals, by=signed_in(request)
        )
        return Response(DraftSerializer(_draft_body(access, game)).data)
