"""Standings, each player's explanation, and the audit log."""

from __future__ import annotations

from django.http import HttpResponseBase
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from standings import explain, explain_text, explanation_json, standings_json
from standings.display import standings_state
from tournaments import selectors
from tournaments.access import FLOOR_JUDGE, HEAD_JUDGE, TO, player_or_404
from tournaments.api import presenters
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for
from tournaments.api.schema import CONDITIONAL
from tournaments.api.serializers.standings import (
    AuditEntrySerializer,
    ExplanationSerializer,
    StandingsSerializer,
)
from tournaments.conditional import conditional

TAGS = ["standings"]


class StandingsApi(ApiView):
    @extend_schema(
        operation_id="standings",
        summary="Standings: the `standings --json` shape, plus `final`, each row's `status` and the state",
        description="At a team tournament these are the individual standings, the best players "
        "from the members' own games; the teams' are `team-standings/` (docs/team-matches.md).",
        responses=responses({200: StandingsSerializer}, invalid=False),
        extensions=CONDITIONAL,
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> HttpResponseBase:
        access = event_for(request, slug)
        check = conditional(request, access, "api-standings")
        if (not_modified := check.fresh()) is not None:
            return not_modified
        view = selectors.event_cut_view(access.event)
        standings = view.standings
        rows = standings_json(standings)["standings"]
        public = selectors.rosters_public(access.event)
        factions = selectors.public_factions(access.event) if public and rows else {}
        places = {p.player: p for p in view.places} if view.places is not None else {}
        for row, standing in zip(rows, standings.rows, strict=True):
            row["status"] = standing.status
            row["faction"] = factions.get(standing.player, "") if public else None
            if access.event.cut_size is not None:
                # As `standings --json` on the export (docs/standings.md, "With a top cut").
                place = places.get(standing.player)
                row["cut"] = place.seed if place is not None else None
                row["eliminated_in"] = place.eliminated_in if place is not None else None
        body = {
            "champion": view.champion,
            "standings": rows,
            "final": standings.final,
            "rounds_played": standings.rounds_played,
            "planned_rounds": standings.planned_rounds,
            "state": standings_state(standings),
        }
        return check.finish(Response(StandingsSerializer(body).data))


class StandingExplanationApi(ApiView):
    @extend_schema(
        operation_id="standing_explain",
        summary="Why a player stands where they do: games, SoS/oTP pool, what separates them",
        responses=responses({200: ExplanationSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str, external_id: str) -> Response:
        access = event_for(request, slug)
        player = player_or_404(access, external_id)
        explanation = explain(selectors.standings_cached(access.event), player.external_id)
        body = {**explanation_json(explanation), "text": explain_text(explanation)}
        return Response(ExplanationSerializer(body).data)


class AuditApi(ApiView):
    @extend_schema(
        operation_id="audit_log",
        summary="Who changed what and why, newest first (staff)",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(AuditEntrySerializer)}),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, TO, HEAD_JUDGE, FLOOR_JUDGE)
        rows = selectors.audit_log(access.event, to=access.is_to)
        return paginated(request, self, rows, AuditEntrySerializer, presenters.audit_dict)
