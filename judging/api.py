"""The judging REST API under /api/events/<slug>/: penalties, conduct reports, drafts, the clock.

Same rules as the rest of the API (tournaments.api.permissions): a caller without the role
an operation needs gets 404, a rule that refuses gets 400 with the service's code.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from judging import selectors
from judging.exports import penalties_csv
from judging.models import (
    ConductCategory,
    ConductReport,
    GameDraft,
    Infraction,
    Penalty,
    PenaltyLevel,
    PenaltyStatus,
)
from judging.presenters import draft_dict, judge_entries
from judging.services import (
    clock_call_time,
    clock_pause,
    clock_resume,
    clock_start,
    conduct_report_file,
    conduct_report_handle,
    disqualification_confirm,
    disqualification_decline,
    draft_act,
    draft_complete_at_random,
    draft_enter_roll_off,
    draft_enter_roster,
    draft_start,
    penalty_issue,
)
from judging.services.draft import draft_state, seat_of
from tournaments.access import HEAD_JUDGE, PLAYER, STAFF, TO, EventAccess
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import event_for, signed_in
from tournaments.errors import ServiceError
from tournaments.models import Game, Player, Round, RoundStatus

# --- serializers --------------------------------------------------------------------------


class PenaltySerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    player = serializers.CharField(help_text="The player's external id.")
    player_name = serializers.CharField()
    level = serializers.ChoiceField(choices=PenaltyLevel.choices)
    infraction = serializers.ChoiceField(choices=Infraction.choices)
    status = serializers.ChoiceField(choices=PenaltyStatus.choices)
    round = serializers.IntegerField(help_text="0: before the first round.")
    table = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField(allow_null=True)
    notes = serializers.CharField()
    remedy = serializers.CharField()
    issued_by = serializers.CharField()
    issued_at = serializers.DateTimeField()
    decided_by = serializers.CharField()
    decided_at = serializers.DateTimeField(allow_null=True)
    decision_note = serializers.CharField()


class PenaltyIssueSerializer(serializers.Serializer[Any]):
    player = serializers.CharField(help_text="The penalised player's external id.")
    level = serializers.ChoiceField(choices=PenaltyLevel.choices)
    infraction = serializers.ChoiceField(choices=Infraction.choices, help_text="The infraction category.")
    notes = serializers.CharField(help_text="What happened: the written record.")
    game = serializers.IntegerField(required=False, help_text="The game; default: the player's current game.")
    round = serializers.IntegerField(required=False, min_value=0)
    remedy = serializers.CharField(required=False, default="", allow_blank=True)


class DecisionSerializer(serializers.Serializer[Any]):
    note = serializers.CharField(required=False, default="", allow_blank=True)


class AdviceSerializer(serializers.Serializer[Any]):
    level = serializers.CharField()
    applied_by = serializers.CharField()
    text = serializers.CharField()


class SlowPlaySerializer(serializers.Serializer[Any]):
    step = serializers.CharField()
    applied_by = serializers.CharField()
    text = serializers.CharField()
    remedy_allowed = serializers.BooleanField()


class PenaltyAdviceSerializer(serializers.Serializer[Any]):
    player = serializers.CharField()
    escalation = AdviceSerializer(many=True)
    slow_play = SlowPlaySerializer()
    suggested = serializers.DictField(
        child=serializers.CharField(), help_text="Infraction -> suggested level."
    )
    penalties = PenaltySerializer(many=True)


class ConductFileSerializer(serializers.Serializer[Any]):
    category = serializers.ChoiceField(choices=ConductCategory.choices)
    description = serializers.CharField()
    people_involved = serializers.CharField(required=False, default="", allow_blank=True)


class ConductReceivedSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    received = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    contact = serializers.CharField(help_text="Who receives it: the event's conduct contact.")


class ConductReportSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    category = serializers.ChoiceField(choices=ConductCategory.choices)
    description = serializers.CharField()
    people_involved = serializers.CharField()
    reporter = serializers.CharField()
    created_at = serializers.DateTimeField()
    handled = serializers.BooleanField()
    handled_at = serializers.DateTimeField(allow_null=True)
    handled_by = serializers.CharField(help_text="Empty until handled.")
    handled_note = serializers.CharField(help_text="What was done; empty until handled.")


class ConductHandleSerializer(serializers.Serializer[Any]):
    note = serializers.CharField(help_text="A short note of what was done (kept with the report).")


class MyConductReportSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    category = serializers.ChoiceField(choices=ConductCategory.choices)
    created_at = serializers.DateTimeField()
    status = serializers.ChoiceField(
        choices=[("received", "Received"), ("handled", "Handled")],
        help_text="All a reporter is told: received, then handled.",
    )


class DraftPlayerSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField()
    name = serializers.CharField()
    me = serializers.BooleanField()
    roster = serializers.CharField(allow_null=True, help_text="Null while a blind choice is hidden from you.")
    has_chosen = serializers.BooleanField()
    colour = serializers.CharField(allow_null=True)


class DraftCardSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    owner = serializers.CharField()
    status = serializers.CharField()


class DraftRowSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    title = serializers.CharField()
    controller = serializers.CharField(allow_null=True)
    cards = DraftCardSerializer(many=True)


class DraftActionOptionSerializer(serializers.Serializer[Any]):
    label = serializers.CharField()  # type: ignore[assignment]
    payload = serializers.DictField(help_text="Post this back as `action`.")


class DraftJudgeRosterSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField()
    name = serializers.CharField()
    options = serializers.ListField(child=serializers.CharField(), help_text="The rosters they may play.")


class DraftJudgeSeatSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField()
    name = serializers.CharField()


class DraftJudgeEntriesSerializer(serializers.Serializer[Any]):
    rosters = DraftJudgeRosterSerializer(many=True, help_text="Blind roster choices still to be made.")
    roll_off = DraftJudgeSeatSerializer(many=True, help_text="Who may be entered as the Roll-Off's winner.")


class DraftSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    step = serializers.CharField()
    step_text = serializers.CharField()
    complete = serializers.BooleanField()
    at_random = serializers.BooleanField()
    seat = serializers.CharField(allow_null=True, help_text="Your seat; null for a judge.")
    players = DraftPlayerSerializer(many=True)
    waiting_for = serializers.ListField(child=serializers.CharField())
    my_turn = serializers.BooleanField()
    priority = serializers.DictField(allow_null=True)
    perspective = serializers.CharField(allow_null=True)
    rows = DraftRowSerializer(many=True)
    actions = DraftActionOptionSerializer(many=True)
    history = serializers.ListField(child=serializers.CharField())
    result = serializers.DictField(allow_null=True)
    judge_entries = DraftJudgeEntriesSerializer(
        allow_null=True,
        help_text="For a judge (not playing in the game): what they may enter for the players now.",
    )


class DraftActSerializer(serializers.Serializer[Any]):
    action = serializers.DictField(help_text="One of the `payload`s listed in the draft's `actions`.")


SEAT_HELP = "A: the game's player one, B: player two (as in the draft's `players`)."


class DraftEnterRosterSerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(choices=[("A", "Player one"), ("B", "Player two")], help_text=SEAT_HELP)
    roster = serializers.CharField(help_text="The roster's label, one of the seat's `judge_entries` options.")


class DraftEnterRollOffSerializer(serializers.Serializer[Any]):
    winner = serializers.ChoiceField(
        choices=[("A", "Player one won"), ("B", "Player two won")], help_text=SEAT_HELP
    )
    totals = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=2, max_value=12), min_length=2, max_length=2
        ),
        required=False,
        default=list,
        help_text="Optional: the 2D6 totals thrown, [player one's, player two's], ties first (Part 3.2).",
    )


class CallSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    call = serializers.CharField()


class NextCallSerializer(CallSerializer):
    seconds_to_go = serializers.IntegerField()


class ClockSerializer(serializers.Serializer[Any]):
    event = serializers.CharField()
    slug = serializers.CharField()
    round = serializers.IntegerField(allow_null=True)
    state = serializers.ChoiceField(
        choices=["not-started", "running", "paused", "last-fifteen", "time-called"]
    )
    elapsed_seconds = serializers.IntegerField()
    remaining_seconds = serializers.IntegerField()
    total_seconds = serializers.IntegerField()
    server_now = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True, help_text="Null before the start and while paused.")
    current_call = CallSerializer(allow_null=True)
    next_call = NextCallSerializer(allow_null=True)


def _validated(serializer_class: type[serializers.Serializer[Any]], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _penalty(p: Penalty) -> dict[str, Any]:
    return {
        "id": p.pk,
        "player": p.player.external_id,
        "player_name": p.player.name,
        "level": p.level,
        "infraction": p.category,
        "status": p.status,
        "round": p.round_number,
        "table": p.table_number,
        "game": p.game_id,
        "notes": p.notes,
        "remedy": p.remedy,
        "issued_by": p.issued_by.get_username() if p.issued_by else "",
        "issued_at": p.issued_at,
        "decided_by": p.decided_by.get_username() if p.decided_by else "",
        "decided_at": p.decided_at,
        "decision_note": p.decision_note,
    }


def _player(access: EventAccess, external_id: str) -> Player:
    player = access.event.players.filter(external_id=external_id).first()
    if player is None:
        raise ServiceError(f"No player {external_id!r} at this event.", code="not-found", field="player")
    return player


PENALTY_FILTERS = [
    OpenApiParameter("player", str, description="A player's external id."),
    OpenApiParameter("level", str, enum=PenaltyLevel.values),
    OpenApiParameter("infraction", str, enum=Infraction.values),
    OpenApiParameter("status", str, enum=PenaltyStatus.values),
    OpenApiParameter("round", int),
]


def _filtered(access: EventAccess, request: Request) -> list[Penalty]:
    params = request.query_params
    player = None
    if params.get("player"):
        found = access.event.players.filter(external_id=params["player"]).first()
        player = found.pk if found is not None else -1
    raw_round = params.get("round", "")
    return list(
        selectors.penalty_log(
            access.event,
            player=player,
            level=params.get("level", ""),
            category=params.get("infraction", ""),
            status=params.get("status", ""),
            round_number=int(raw_round) if raw_round.isdigit() else None,
        )
    )


# --- penalties ----------------------------------------------------------------------------

TAGS_PENALTIES = ["penalties"]


class PenaltiesApi(ApiView):
    @extend_schema(
        operation_id="penalties_list",
        summary="The event's penalty log (staff), oldest first",
        parameters=PENALTY_FILTERS,
        responses=responses({200: PenaltySerializer(many=True)}, invalid=False),
        tags=TAGS_PENALTIES,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, *STAFF)
        return Response(PenaltySerializer([_penalty(p) for p in _filtered(access, request)], many=True).data)

    @extend_schema(
        operation_id="penalty_issue",
        summary="Issue a penalty (Caution/Warning: a Floor Judge or the Head Judge; Game Loss: the Head "
        "Judge; Disqualification: proposed by the Head Judge, confirmed by the TO)",
        description="A Game Loss is applied to the game at once, as an Annihilation against the player.",
        request=PenaltyIssueSerializer,
        responses=responses({201: PenaltySerializer}, login=True),
        tags=TAGS_PENALTIES,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, *STAFF)
        data = _validated(PenaltyIssueSerializer, request)
        game = None
        if data.get("game") is not None:
            game = (
                Game.objects.filter(round__event=access.event, pk=data["game"])
                .select_related("round", "table")
                .first()
            )
            if game is None:
                raise ServiceError("No such game at this event.", code="not-found", field="game")
        penalty = penalty_issue(
            event=access.event,
            player=_player(access, data["player"]),
            level=data["level"],
            category=data["infraction"],
            notes=data["notes"],
            game=game,
            round_number=data.get("round"),
            remedy=data["remedy"],
            by=user,
        )
        return Response(PenaltySerializer(_penalty(penalty)).data, status=201)


class PenaltiesExportApi(ApiView):
    @extend_schema(
        operation_id="penalties_export",
        summary="The penalty log as CSV (staff)",
        parameters=PENALTY_FILTERS,
        responses={200: OpenApiResponse(OpenApiTypes.STR, description="text/csv"), 404: responses({})[404]},
        tags=TAGS_PENALTIES,
    )
    def get(self, request: Request, slug: str) -> HttpResponse:
        access = event_for(request, slug, *STAFF)
        filename, mimetype, body = penalties_csv(access.event, _filtered(access, request))
        response = HttpResponse(body, content_type=f"{mimetype}; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class PenaltyAdviceApi(ApiView):
    @extend_schema(
        operation_id="penalty_advice",
        summary="A player's record and the guide's advice: third Warning, slow-play ladder (staff)",
        responses=responses({200: PenaltyAdviceSerializer}, invalid=False),
        tags=TAGS_PENALTIES,
    )
    def get(self, request: Request, slug: str, external_id: str) -> Response:
        access = event_for(request, slug, *STAFF)
        player = access.event.players.filter(external_id=external_id).first()
        if player is None:
            raise Http404("No such player.")
        advice = selectors.penalty_advice(player)
        body = {
            "player": player.external_id,
            "escalation": [
                {"level": a.level.value, "applied_by": a.applied_by, "text": a.text}
                for a in advice.escalation
            ],
            "slow_play": {
                "step": advice.slow_play.step.value,
                "applied_by": advice.slow_play.applied_by,
                "text": advice.slow_play.text,
                "remedy_allowed": advice.slow_play.remedy_allowed,
            },
            "suggested": advice.suggested,
            "penalties": [_penalty(p) for p in advice.history],
        }
        return Response(PenaltyAdviceSerializer(body).data)


def _decide(request: Request, slug: str, pk: int, confirm: bool) -> Response:
    user = signed_in(request)
    access = event_for(request, slug, *STAFF)
    penalty = Penalty.objects.filter(event=access.event, pk=pk).first()
    if penalty is None:
        raise Http404("No such penalty.")
    data = _validated(DecisionSerializer, request)
    call = disqualification_confirm if confirm else disqualification_decline
    penalty = call(penalty=penalty, by=user, note=data["note"])
    return Response(PenaltySerializer(_penalty(penalty)).data)


class DisqualificationConfirmApi(ApiView):
    @extend_schema(
        operation_id="disqualification_confirm",
        summary="Confirm a proposed Disqualification (the TO; the Head Judge when the TO plays)",
        description="The player's event ends: their games stand, they are not paired again and not placed.",
        request=DecisionSerializer,
        responses=responses({200: PenaltySerializer}, login=True),
        tags=TAGS_PENALTIES,
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        return _decide(request, slug, pk, confirm=True)


class DisqualificationDeclineApi(ApiView):
    @extend_schema(
        operation_id="disqualification_decline",
        summary="Decline a proposed Disqualification (the TO; the Head Judge when the TO plays)",
        request=DecisionSerializer,
        responses=responses({200: PenaltySerializer}, login=True),
        tags=TAGS_PENALTIES,
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        return _decide(request, slug, pk, confirm=False)


class MyPenaltiesApi(ApiView):
    @extend_schema(
        operation_id="my_penalties",
        summary="Your own penalties at this event (players)",
        responses=responses({200: PenaltySerializer(many=True)}, invalid=False),
        tags=TAGS_PENALTIES,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, PLAYER)
        assert access.player is not None
        rows = [
            _penalty(p) for p in selectors.own_penalties(access.player).select_related("player", "decided_by")
        ]
        return Response(PenaltySerializer(rows, many=True).data)


# --- conduct reports ------------------------------------------------------------------------


class ConductReportsApi(ApiView):
    @extend_schema(
        operation_id="conduct_reports_list",
        summary="Conduct reports (the TO and the Head Judge only), newest first",
        parameters=[
            OpenApiParameter(
                "status",
                str,
                enum=["open", "handled"],
                description="Only the reports still open, or only those handled; default: all.",
            )
        ],
        responses=responses({200: ConductReportSerializer(many=True)}, invalid=False),
        tags=["conduct"],
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, TO, HEAD_JUDGE)
        reports = selectors.conduct_reports(access.event, status=request.query_params.get("status", ""))
        return Response(ConductReportSerializer([_conduct(r) for r in reports], many=True).data)

    @extend_schema(
        operation_id="conduct_report_file",
        summary="File a conduct report, discreetly (any player or member of staff of the event)",
        request=ConductFileSerializer,
        responses=responses({201: ConductReceivedSerializer}, login=True),
        tags=["conduct"],
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        if not access.roles:
            raise Http404("No such event.")
        data = _validated(ConductFileSerializer, request)
        report = conduct_report_file(event=access.event, by=user, **data)
        body = {
            "id": report.pk,
            "received": True,
            "created_at": report.created_at,
            "contact": access.event.conduct_contact or "the TO and the Head Judge",
        }
        return Response(ConductReceivedSerializer(body).data, status=201)


def _conduct(report: ConductReport) -> dict[str, Any]:
    return {
        "id": report.pk,
        "category": report.category,
        "description": report.description,
        "people_involved": report.people_involved,
        "reporter": report.reporter.get_username() if report.reporter else "",
        "created_at": report.created_at,
        "handled": report.handled,
        "handled_at": report.handled_at,
        "handled_by": report.handled_by.get_username() if report.handled_by else "",
        "handled_note": report.handled_note,
    }


class ConductReportHandleApi(ApiView):
    @extend_schema(
        operation_id="conduct_report_handle",
        summary="Mark a conduct report handled, with a short note (the TO and the Head Judge only)",
        description="The reporter then sees the status `handled`, never the note.",
        request=ConductHandleSerializer,
        responses=responses({200: ConductReportSerializer}, login=True),
        tags=["conduct"],
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO, HEAD_JUDGE)
        report = selectors.conduct_reports(access.event).filter(pk=pk).first()
        if report is None:
            raise Http404("No such conduct report.")
        data = _validated(ConductHandleSerializer, request)
        report = conduct_report_handle(report=report, by=user, note=data["note"])
        return Response(ConductReportSerializer(_conduct(report)).data)


class MyConductReportsApi(ApiView):
    @extend_schema(
        operation_id="my_conduct_reports",
        summary="The conduct reports you filed at this event, and whether each has been handled",
        responses=responses({200: MyConductReportSerializer(many=True)}, invalid=False),
        tags=["conduct"],
    )
    def get(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        if not access.roles:
            raise Http404("No such event.")
        rows = [
            {"id": r.pk, "category": r.category, "created_at": r.created_at, "status": r.status}
            for r in selectors.conduct_reports_by(access.event, user.pk)
        ]
        return Response(MyConductReportSerializer(rows, many=True).data)


# --- the draft ------------------------------------------------------------------------------


def _draft_access(request: Request, slug: str, game_id: int) -> tuple[EventAccess, Game]:
    access = event_for(request, slug)
    game = (
        Game.objects.filter(round__event=access.event, pk=game_id)
        .select_related("round__event", "table", "player_one", "player_two")
        .first()
    )
    if game is None or (game.round.status == RoundStatus.PAIRED and not access.is_staff):
        raise Http404("No such game.")
    if not access.is_staff and seat_of(game, access.player) is None:
        raise Http404("No such game.")
    return access, game


def _draft_body(access: EventAccess, game: Game) -> dict[str, Any]:
    draft = selectors.draft_for_game(game)
    assert draft is not None
    state = draft_state(draft)
    seat = seat_of(game, access.player)
    entries = judge_entries(state) if access.is_staff and seat is None else None
    return {"game": game.pk, **draft_dict(state, seat), "judge_entries": entries}


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
        data = _validated(DraftActSerializer, request)
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
        data = _validated(DraftEnterRosterSerializer, request)
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
        data = _validated(DraftEnterRollOffSerializer, request)
        totals = tuple((int(a), int(b)) for a, b in data["totals"])
        draft_enter_roll_off(
            draft=draft, winner=_seat_player(game, data["winner"]), totals=totals, by=signed_in(request)
        )
        return Response(DraftSerializer(_draft_body(access, game)).data)


# --- the round clock ------------------------------------------------------------------------


class ClockApi(ApiView):
    @extend_schema(
        operation_id="clock_current",
        summary="The venue clock: the latest published round's clock (public)",
        description="`server_now` lets a client count down from `ends_at` whatever its own clock says.",
        responses=responses({200: ClockSerializer}, invalid=False),
        tags=["clock"],
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        snap = selectors.clock_snapshot(access.event, selectors.clock_round(access.event))
        return Response(ClockSerializer(snap).data)


def _round(access: EventAccess, number: int) -> Round:
    rounds = (
        access.event.rounds.all()
        if access.is_staff
        else access.event.rounds.exclude(status=RoundStatus.PAIRED)
    )
    round_ = rounds.filter(number=number).first()
    if round_ is None:
        raise Http404("No such round.")
    return round_


class RoundClockApi(ApiView):
    @extend_schema(
        operation_id="clock_round",
        summary="One round's clock (public once the round is published)",
        responses=responses({200: ClockSerializer}, invalid=False),
        tags=["clock"],
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        access = event_for(request, slug)
        snap = selectors.clock_snapshot(access.event, _round(access, number))
        return Response(ClockSerializer(snap).data)


CLOCK_ACTIONS = {"start": clock_start, "pause": clock_pause, "resume": clock_resume, "call": clock_call_time}


class RoundClockActionApi(ApiView):
    @extend_schema(
        operation_id="clock_control",
        summary="Start, pause, resume or call time on a round's clock (the TO)",
        parameters=[OpenApiParameter("action", str, OpenApiParameter.PATH, enum=list(CLOCK_ACTIONS))],
        request=None,
        responses=responses({200: ClockSerializer}, login=True),
        tags=["clock"],
    )
    def post(self, request: Request, slug: str, number: int, action: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        round_ = _round(access, number)
        call = CLOCK_ACTIONS.get(action)
        if call is None:
            raise Http404("No such clock action.")
        call(round_=round_, by=user)
        return Response(ClockSerializer(selectors.clock_snapshot(access.event, round_)).data)
