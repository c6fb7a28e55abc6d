"""A table's chess clock (OP Guide: Chess Clocks): read it, start it, switch, call a judge,
lend minutes (the two players of the table); acknowledge a start on an absent player's
time and give the ruling that ends a pause (the judges); every clock of a round at once
(the judges and the TO: the floor's overview). Everyone else gets a 404.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from judging import selectors
from judging.api.serializers import (
    ChessClockCallSerializer,
    ChessClockLendSerializer,
    ChessClockRuleSerializer,
    ChessClockSerializer,
    ChessClockStartSerializer,
    ChessClockSwitchSerializer,
)
from judging.models import ChessClock
from judging.services.chess_clock import (
    chess_clock_acknowledge,
    chess_clock_call_judge,
    chess_clock_lend,
    chess_clock_rule,
    chess_clock_start,
    chess_clock_switch,
    seat_of,
)
from tournaments.access import STAFF, EventAccess, game_or_404, round_or_404
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.views._common import validated
from tournaments.conditional import never_cache_by_time
from tournaments.models import Game, Player

TAG = ["chess-clock"]


def _table(request: Request, slug: str, game_id: int) -> tuple[EventAccess, Game]:
    """The game's two players and the staff; everyone else gets a 404."""
    access = event_for(request, slug)
    game = game_or_404(access, game_id)  # players never see a round still being reviewed
    if game.player_two is None or (not access.is_staff and seat_of(game, access.player) is None):
        raise Http404("No such table.")
    return access, game


def _player(request: Request, slug: str, game_id: int) -> tuple[EventAccess, Game, Player]:
    signed_in(request)
    access, game = _table(request, slug, game_id)
    if seat_of(game, access.player) is None:
        raise Http404("No such table.")
    assert access.player is not None
    return access, game, access.player


def _judge(request: Request, slug: str, game_id: int) -> tuple[EventAccess, Game]:
    signed_in(request)
    access, game = _table(request, slug, game_id)
    if not access.is_staff:
        raise Http404("No such table.")
    return access, game


def _body(access: EventAccess, game: Game) -> Response:
    seat = seat_of(game, access.player)
    reading = selectors.chess_clock_reading(game, selectors.chess_clock_for_game(game), seat=seat)
    return never_cache_by_time(Response(ChessClockSerializer(reading).data))


class ChessClockApi(ApiView):
    @extend_schema(
        operation_id="chess_clock_state",
        summary="The table's chess clock (its two players and the staff)",
        description="Each player's pool as of `server_now`; count down locally from `zero_at` and poll "
        "again. Status `not-started` until a player starts it.",
        responses=responses({200: ChessClockSerializer}, invalid=False),
        tags=TAG,
    )
    def get(self, request: Request, slug: str, game_id: int) -> Response:
        access, game = _table(request, slug, game_id)
        return _body(access, game)


class ChessClockStartApi(ApiView):
    @extend_schema(
        operation_id="chess_clock_start",
        summary="Start the table's chess clock for both players (a player of the table)",
        description="OP Guide, Chess Clocks: the round's time left less 5 minutes, split evenly; on your "
        "own time. `on_opponents_time`: the opponent is absent; the judges are told and the clock starts "
        "on the opponent's time when a judge acknowledges. Codes: `round-clock-not-running`, "
        "`too-little-time`, `already-started`, `already-requested`, `not-open`.",
        request=ChessClockStartSerializer,
        responses=responses({200: ChessClockSerializer}, login=True),
        tags=TAG,
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        access, game, player = _player(request, slug, game_id)
        data = validated(ChessClockStartSerializer, request)
        chess_clock_start(
            game=game, player=player, by=signed_in(request), on_opponents_time=data["on_opponents_time"]
        )
        return _body(access, game)


class ChessClockSwitchApi(ApiView):
    @extend_schema(
        operation_id="chess_clock_switch",
        summary="Tap the clock: stop the time of `from_seat`, run the other's (a player of the table)",
        description="The same `action_id` again changes nothing (answered with the clock as it stands). "
        "Codes: `stale-switch` (the clock no longer runs on `from_seat`'s time), `paused`, `not-started`.",
        request=ChessClockSwitchSerializer,
        responses=responses({200: ChessClockSerializer}, login=True),
        tags=TAG,
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        access, game, player = _player(request, slug, game_id)
        data = validated(ChessClockSwitchSerializer, request)
        chess_clock_switch(
            game=game,
            player=player,
            from_seat=data["from_seat"],
            action_id=data["action_id"],
            by=signed_in(request),
        )
        return _body(access, game)


class ChessClockCallApi(ApiView):
    @extend_schema(
        operation_id="chess_clock_call_judge",
        summary="Call a judge for a serious rules dispute: the clock pauses (a player of the table)",
        description="Time is held from the call until a judge's ruling. "
        "Codes: `already-paused`, `not-started`.",
        request=ChessClockCallSerializer,
        responses=responses({200: ChessClockSerializer}, login=True),
        tags=TAG,
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        access, game, player = _player(request, slug, game_id)
        data = validated(ChessClockCallSerializer, request)
        chess_clock_call_judge(game=game, player=player, action_id=data["action_id"], by=signed_in(request))
        return _body(access, game)


class ChessClockLendApi(ApiView):
    @extend_schema(
        operation_id="chess_clock_lend",
        summary="Let the opponent use your remaining minutes, or withdraw it (a player of the table)",
        description="OP Guide, Running Out of Time: a favour at your own risk, withdrawable at any moment. "
        "Code: `not-started`.",
        request=ChessClockLendSerializer,
        responses=responses({200: ChessClockSerializer}, login=True),
        tags=TAG,
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        access, game, player = _player(request, slug, game_id)
        data = validated(ChessClockLendSerializer, request)
        chess_clock_lend(game=game, player=player, on=data["on"], by=signed_in(request))
        return _body(access, game)


class ChessClockAcknowledgeApi(ApiView):
    @extend_schema(
        operation_id="chess_clock_acknowledge",
        summary="A judge has been told the opponent is absent: start the clock on their time (judges)",
        description="Codes: `no-request`, `round-clock-not-running`, `too-little-time`, `own-game`.",
        request=None,
        responses=responses({200: ChessClockSerializer}, login=True),
        tags=TAG,
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        access, game = _judge(request, slug, game_id)
        chess_clock_acknowledge(game=game, by=signed_in(request))
        return _body(access, game)


class ChessClockRulingApi(ApiView):
    @extend_schema(
        operation_id="chess_clock_ruling",
        summary="Record the ruling: the clock runs again for the player whose time was running (judges)",
        description="Codes: `not-paused`, `ruling-required`, `own-game`.",
        request=ChessClockRuleSerializer,
        responses=responses({200: ChessClockSerializer}, login=True),
        tags=TAG,
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        access, game = _judge(request, slug, game_id)
        data = validated(ChessClockRuleSerializer, request)
        chess_clock_rule(game=game, ruling=data["ruling"], by=signed_in(request))
        return _body(access, game)


class RoundChessClocksApi(ApiView):
    @extend_schema(
        operation_id="chess_clocks_of_round",
        summary="Every chess clock of a round, by table (the judges and the TO)",
        description="The floor's overview (OP Guide: Chess Clocks): each table whose clock a player "
        "started or asked to start, as `games/<id>/chess-clock/` reads it for a judge (`you` is null), "
        "in table order; `waiting` says which wait for a judge. Once the round's time is called every "
        "clock reads `time-called`. Players read their own table's clock at `games/<id>/chess-clock/`; "
        "this list answers them 404, as it does anyone else without a role on the event's staff.",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(ChessClockSerializer)}),
        tags=TAG,
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        access = event_for(request, slug, *STAFF)
        round_ = round_or_404(access, number)
        now = timezone.now()
        called = selectors.round_time_called(round_, now)  # one round clock for every table

        def reading(row: ChessClock) -> dict[str, Any]:
            return selectors.chess_clock_reading(row.game, row, seat=None, now=now, time_called=called)

        page = paginated(
            request, self, selectors.chess_clocks_of_round(round_), ChessClockSerializer, reading
        )
        return never_cache_by_time(page)
