"""Faction statistics of an event and of a series: the pages (charts beside their tables),
the CSV files and the API (docs/faction-stats.md, docs/api.md "Faction statistics").

Thin: the counting is the `faction_stats` engine's, the reading `seasons.faction_record`'s,
the geometry `seasons.faction_charts`'. Before an event's rosters are public the page, the
file and the API answer as usual but empty, saying so (`rosters_public: false`): the event
itself is public, only the factions wait (OP Guide, Submission and Publication).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from faction_stats import FactionStats
from seasons.faction_charts import faction_charts
from seasons.faction_record import FactionReport, event_faction_report, series_faction_report
from seasons.models import Series
from tournaments.access import access_event
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import event_for
from tournaments.views.common import nav_context

TAGS = ["seasons"]


def _series_or_404(slug: str) -> Series:
    series = Series.objects.filter(slug=slug).select_related("organiser").first()
    if series is None:
        raise Http404("No such series.")
    return series


def chart_context(report: FactionReport) -> dict[str, Any]:
    """What the charts' template (`print/_faction_charts.html`) draws, and the report."""
    return {"report": report, "charts": faction_charts(report.stats, unknown=report.unknown)}


def event_factions(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug)
    report = event_faction_report(access.event)
    context = {**nav_context(access, "factions"), **chart_context(report), "prefix": "event"}
    return render(request, "seasons/event_factions.html", context)


def series_factions(request: HttpRequest, slug: str) -> HttpResponse:
    series = _series_or_404(slug)
    report = series_faction_report(series)
    return render(
        request,
        "seasons/series_factions.html",
        {"series": series, **chart_context(report), "prefix": "series"},
    )


def csv_rows(stats: FactionStats) -> list[list[str]]:
    """One row per faction: its record, the rate and interval (in %, one decimal), then how
    often it met each faction (the matrix, mirrors where the row meets its own column)."""
    head = ["Faction", "Games", "Wins", "Draws", "Losses", "Mirrors", "Win rate %", "95% low %", "95% high %"]
    out = [head + [f"Met {f}" for f in stats.factions]]
    for line in sorted(stats.lines, key=lambda line: line.faction):
        row = stats.matrix[stats.factions.index(line.faction)]
        out.append(
            [
                line.faction,
                str(line.games),
                str(line.wins),
                str(line.draws),
                str(line.losses),
                str(line.mirrors),
                "" if line.win_rate is None else f"{line.win_rate * 100:.1f}",
                "" if line.interval is None else f"{line.interval.low * 100:.1f}",
                "" if line.interval is None else f"{line.interval.high * 100:.1f}",
                *(str(n) for n in row),
            ]
        )
    return out


def _csv(stats: FactionStats, filename: str) -> HttpResponse:
    text = io.StringIO()
    csv.writer(text).writerows(csv_rows(stats))
    response = HttpResponse(text.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def event_factions_csv(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug)
    return _csv(event_faction_report(access.event).stats, f"{access.event.slug}-factions.csv")


def series_factions_csv(request: HttpRequest, slug: str) -> HttpResponse:
    series = _series_or_404(slug)
    return _csv(series_faction_report(series).stats, f"{series.slug}-factions.csv")


# --- API ---------------------------------------------------------------------------------


class IntervalSerializer(serializers.Serializer[Any]):
    low = serializers.FloatField()
    high = serializers.FloatField()


class FactionLineSerializer(serializers.Serializer[Any]):
    faction = serializers.CharField()
    games = serializers.IntegerField(help_text="Games against other factions (mirrors left out).")
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    mirrors = serializers.IntegerField(help_text="Games against its own faction, counted apart.")
    win_rate = serializers.FloatField(
        allow_null=True, help_text="(wins + draws / 2) / games; null without games."
    )
    interval = IntervalSerializer(allow_null=True, help_text="The 95% Wilson score interval of the win rate.")


class MatrixSerializer(serializers.Serializer[Any]):
    factions = serializers.ListField(
        child=serializers.CharField(), help_text="The order of rows and columns."
    )
    counts = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="counts[i][j]: games between factions i and j (symmetric; mirrors on the diagonal).",
    )


class FactionStatsSerializer(serializers.Serializer[Any]):
    rosters_public = serializers.BooleanField(
        help_text="False while the rosters are hidden (a series: no finished event's are public): "
        "nothing is counted."
    )
    events = serializers.ListField(
        child=serializers.CharField(), help_text="The slugs of the events counted."
    )
    games = serializers.IntegerField(help_text="Every game counted, mirrors included.")
    mirrors = serializers.IntegerField()
    unattributed = serializers.IntegerField(
        help_text="Games left out: a side had no roster naming a faction."
    )
    factions = FactionLineSerializer(many=True)
    matrix = MatrixSerializer()


def api_body(report: FactionReport) -> dict[str, Any]:
    stats = report.stats
    return {
        "rosters_public": report.public,
        "events": [e.slug for e in report.events],
        "games": stats.games,
        "mirrors": stats.mirrors,
        "unattributed": report.unknown,
        "factions": [
            {
                "faction": line.faction,
                "games": line.games,
                "wins": line.wins,
                "draws": line.draws,
                "losses": line.losses,
                "mirrors": line.mirrors,
                "win_rate": line.win_rate,
                "interval": (
                    {"low": line.interval.low, "high": line.interval.high} if line.interval else None
                ),
            }
            for line in stats.lines
        ],
        "matrix": {"factions": list(stats.factions), "counts": [list(row) for row in stats.matrix]},
    }


class EventFactionsApi(ApiView):
    @extend_schema(
        operation_id="event_factions",
        summary="An event's faction statistics: records without mirrors, win rates with their "
        "95% interval, the meeting matrix (empty, `rosters_public` false, until rosters are public)",
        responses=responses({200: FactionStatsSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        return Response(FactionStatsSerializer(api_body(event_faction_report(access.event))).data)


class SeriesFactionsApi(ApiView):
    @extend_schema(
        operation_id="series_factions",
        summary="A series' faction statistics over its finished events with public rosters",
        responses=responses({200: FactionStatsSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(FactionStatsSerializer(api_body(series_faction_report(_series_or_404(slug)))).data)
