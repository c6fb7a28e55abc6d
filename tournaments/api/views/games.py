"""Results from the tables: players report and confirm; judges set, correct and review."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import selectors
from tournaments.access import FLOOR_JUDGE, HEAD_JUDGE, PLAYER, TO, EventAccess, game_or_404, seat_or_404
from tournaments.api import presenters
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.schema import IDEMPOTENT
from tournaments.api.serializers.games import (
    DisputeSerializer,
    GameSerializer,
    JudgeQueueItemSerializer,
    ResultReportSerializer,
    ResultSetSerializer,
    ReviewSerializer,
    StaleGameSerializer,
)
from tournaments.api.views._common import validated
from tournaments.errors import ServiceError, StaleVersion
from tournaments.models import Game, Player, ResultStatus
from tournaments.services.reporting import (
    ResultInput,
    result_confirm,
    result_dispute,
    result_report,
    result_review,
    result_set,
)

TAGS = ["results"]


def _player(game: Game, external_id: str | None, field: str) -> Player | None:
    if external_id is None:
        return None
    for player in (game.player_one, game.player_two):
        if player is not None and player.external_id == external_id:
            return player
    raise ServiceError(f"{external_id!r} is not playing in this game.", code="not-in-game", field=field)


def _result(game: Game, data: dict[str, Any]) -> ResultInput:
    vp = data.get("vp") or [None, None]
    kp = data.get("kp") or [None, None]
    return ResultInput(
        outcome=data["outcome"],
        vp_one=vp[0],
        vp_two=vp[1],
        kp_one=kp[0],
        kp_two=kp[1],
        loser=_player(game, data.get("loser"), "loser"),
        winner=_player(game, data.get("winner"), "winner"),
        details=data.get("details") or {},
    )


def _nominee(access: EventAccess, external_id: str | None) -> Player | None:
    """The player a report nominates (OP Guide: Hobby Awards), by their event/1 id."""
    if external_id is None:
        return None
    nominee = Player.objects.filter(event=access.event, external_id=external_id).first()
    if nominee is None:
        raise ServiceError(
            f"{external_id!r} is not a player of this event.", code="not-a-candidate", field="nominate"
        )
    return nominee


def _key(request: Request) -> str | None:
    return request.headers.get("Idempotency-Key")


@dataclass(frozen=True)
class Seat:
    """A player acting on their own game: who is signed in, the event, the game, their entry."""

    user: AbstractBaseUser
    access: EventAccess
    game: Game
    player: Player


def _my_game(request: Request, slug: str, game_id: int) -> Seat:
    """The caller's own game (404 to anyone else, 401 without a login)."""
    user = signed_in(request)
    access = event_for(request, slug, PLAYER)
    game = game_or_404(access, game_id)
    return Seat(user, access, game, seat_or_404(access, game))


def _game_body(access: EventAccess, game_id: int) -> Response:
    """The game as it now stands, with both sides' reports (the caller plays it or is staff)."""
    game = game_or_404(access, game_id)
    return Response(GameSerializer(presenters.game_dict(game, reports=True)).data)


class GameReportApi(ApiView):
    @extend_schema(
        operation_id="game_report",
        summary="Report your game's result (a player of that game)",
        description=(
            "What the game system's result holds, in the game's player order: VP; VP and Kill "
            "Points (Dropzone); a complete victory with its loser and VP (MORSDEI); the winner, or "
            "outcome draw, without VP (Warpspawn); or how the game ended otherwise; and the "
            "system's extra numbers in `details`. The same report from both players confirms it; "
            "different reports go to the judges. A result the system's review rule holds waits "
            "for the Head Judge."
        ),
        request=ResultReportSerializer,
        extensions=IDEMPOTENT,
        responses=responses({200: GameSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        seat = _my_game(request, slug, game_id)
        data = validated(ResultReportSerializer, request)
        result_report(
            game=seat.game,
            player=seat.player,
            result=_result(seat.game, data),
            by=seat.user,
            idempotency_key=_key(request),
            nominee=_nominee(seat.access, data.get("nominate")),
        )
        return _game_body(seat.access, game_id)


class GameConfirmApi(ApiView):
    @extend_schema(
        operation_id="game_confirm",
        summary="Confirm the result your opponent reported",
        description="Confirming again (a retry) answers 200 with the stored result.",
        request=None,
        extensions=IDEMPOTENT,
        responses=responses({200: GameSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        seat = _my_game(request, slug, game_id)
        result_confirm(game=seat.game, player=seat.player, by=seat.user, idempotency_key=_key(request))
        return _game_body(seat.access, game_id)


class GameDisputeApi(ApiView):
    @extend_schema(
        operation_id="game_dispute",
        summary="Dispute the result your opponent reported: the judges have it at once",
        tags=TAGS,
        request=DisputeSerializer,
        responses=responses({200: GameSerializer}, login=True),
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        """The one-tap Dispute of the table view (a player of the game, while the opponent's
        report waits for them): the game goes to the judges' queue with your `note`, and with
        the result you `claim` stored as your report. Disputing again (a retry) changes
        nothing. 400 `nothing-to-dispute` when no report of your opponent's waits for you,
        `claim-agrees` when the claim is that report."""
        seat = _my_game(request, slug, game_id)
        data = validated(DisputeSerializer, request)
        claim = data.get("claim")
        result_dispute(
            game=seat.game,
            player=seat.player,
            by=seat.user,
            note=data["note"],
            claim=None if claim is None else _result(seat.game, claim),
        )
        return _game_body(seat.access, game_id)


class GameResultApi(ApiView):
    @extend_schema(
        operation_id="game_result_set",
        summary="Enter or correct a result (judges and the TO), with a reason for the audit log",
        request=ResultSetSerializer,
        responses=responses(
            {
                200: GameSerializer,
                409: OpenApiResponse(
                    StaleGameSerializer, description="The game changed since `version`: nothing applied."
                ),
            },
            login=True,
        ),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO, HEAD_JUDGE, FLOOR_JUDGE)
        game = game_or_404(access, game_id)
        data = validated(ResultSetSerializer, request)
        try:
            result_set(
                game=game,
                result=_result(game, data),
                by=user,
                reason=data["reason"],
                expected_version=data["version"],
            )
        except StaleVersion as exc:
            current = game_or_404(access, game.pk)
            body = {**exc.as_dict(), "current": presenters.game_dict(current, reports=True)}
            return Response(StaleGameSerializer(body).data, status=exc.status)
        return _game_body(access, game.pk)


class GameReviewApi(ApiView):
    @extend_schema(
        operation_id="game_review",
        summary="Decide whether a game that didn't get far enough stands (Head Judge or TO)",
        description=(
            "OP Guide: Games That Didn't Get Far Enough. If it does not stand, the game goes back "
            "to the judge queue for a corrected result."
        ),
        request=ReviewSerializer,
        responses=responses({200: GameSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO, HEAD_JUDGE)
        game = game_or_404(access, game_id)
        data = validated(ReviewSerializer, request)
        result_review(game=game, by=user, stands=data["stands"], reason=data["reason"])
        return _game_body(access, game.pk)


class JudgeQueueApi(ApiView):
    @extend_schema(
        operation_id="judge_queue",
        summary="Disputed results and games waiting for review (judges and the TO)",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(JudgeQueueItemSerializer)}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, TO, HEAD_JUDGE, FLOOR_JUDGE)

        def present(g: Game) -> dict[str, Any]:
            return {
                "why": "disputed" if g.result_status == ResultStatus.DISPUTED else "needs-review",
                "game": presenters.game_dict(g, reports=True),
                "disputed_by": presenters.disputed_by(g),
                "note": g.dispute_note if g.result_status == ResultStatus.DISPUTED else "",
            }

        return paginated(
            request, self, selectors.judge_queue(access.event), JudgeQueueItemSerializer, present
        )
