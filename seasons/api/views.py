"""The seasons API: profiles, series, ratings (docs/api.md, "Seasons"; docs/series.md,
docs/ratings.md). Reads are open where the pages are; every write needs a login."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from rules_engine.registry import UnknownGameSystem, get_system
from seasons import selectors
from seasons.api.serializers import (
    AddEventSerializer,
    FormulaSerializer,
    LeaderboardSerializer,
    ProfileSerializer,
    ProfileSwitchSerializer,
    SeriesCreateSerializer,
    SeriesSerializer,
    SeriesSummarySerializer,
)
from seasons.feeds import series_feed
from seasons.models import Series
from seasons.services import (
    profile_set_public,
    series_add_event,
    series_create,
    series_remove_event,
    series_update_formula,
)
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import signed_in
from tournaments.api.views._common import validated
from tournaments.models import Event

TAGS = ["seasons"]


def _profile(user: Any) -> dict[str, Any]:
    view = selectors.profile(user)
    steps: dict[str, list[dict[str, Any]]] = {}
    for c in view.changes:
        steps.setdefault(c.game_system, []).append(
            {
                "event": c.event.slug,
                "finished": c.finished,
                "before": c.ordinal_before,
                "after": c.ordinal_after,
                "games": c.games,
                "wins": c.wins,
                "draws": c.draws,
                "losses": c.losses,
            }
        )
    return {
        "username": user.get_username(),
        "public": selectors.profile_is_public(user),
        "events": [
            {
                "event": i.event.slug,
                "name": i.event.name,
                "starts_on": i.event.starts_on,
                "role": i.role,
                "placing": i.placing,
                "field": i.field,
                "factions": list(i.factions),
                "record": list(i.record) if i.record is not None else None,
            }
            for i in view.events
        ],
        "ratings": [
            {
                "game_system": r.game_system,
                "rating": r.ordinal,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "steps": steps.get(r.game_system, []),
            }
            for r in view.ratings
        ],
    }


class MyProfileApi(ApiView):
    @extend_schema(
        operation_id="my_profile",
        summary="Your own profile, and whether it is public",
        responses=responses({200: ProfileSerializer}, invalid=False, login=True, not_found=False),
        tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        return Response(ProfileSerializer(_profile(signed_in(request))).data)

    @extend_schema(
        operation_id="my_profile_switch",
        summary="Show your profile to everyone, or keep it to yourself (off by default)",
        request=ProfileSwitchSerializer,
        responses=responses({200: ProfileSerializer}, login=True, not_found=False),
        tags=TAGS,
    )
    def put(self, request: Request) -> Response:
        user = signed_in(request)
        data = validated(ProfileSwitchSerializer, request)
        profile_set_public(user=user, public=data["public"])
        return Response(ProfileSerializer(_profile(user)).data)


class ProfileApi(ApiView):
    @extend_schema(
        operation_id="profile_read",
        summary="A player's profile: 404 unless they made it public (or it is yours)",
        responses=responses({200: ProfileSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, username: str) -> Response:
        user = get_user_model().objects.filter(username=username).first()
        own = user is not None and request.user.is_authenticated and request.user.pk == user.pk
        if user is None or not (own or selectors.profile_is_public(user)):
            raise Http404("No such profile.")
        return Response(ProfileSerializer(_profile(user)).data)


def _summary(series: Any) -> dict[str, Any]:
    return {
        "slug": series.slug,
        "name": series.name,
        "game_system": series.game_system,
        "organiser": series.organiser.get_username(),
        "events": series.event_count,
    }


def _series(slug: str) -> Series:
    series = Series.objects.filter(slug=slug).select_related("organiser").first()
    if series is None:
        raise Http404("No such series.")
    return series


def _series_body(series: Series) -> dict[str, Any]:
    feed = series_feed(series)
    return {
        "slug": series.slug,
        "name": series.name,
        "game_system": series.game_system,
        "organiser": series.organiser.get_username(),
        "description": series.description,
        "formula": {
            "formula": series.formula,
            "table": list(series.table),
            "participation": series.participation,
            "base": series.base,
            "best_of": series.best_of,
        },
        "described": feed["series"]["formula"]["described"],
        "events": feed["events"],
        "standings": feed["standings"],
    }


class SeriesListApi(ApiView):
    @extend_schema(
        operation_id="series_list",
        summary="Every series",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(SeriesSummarySerializer)}, not_found=False),
        tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        rows = Series.objects.select_related("organiser").annotate(event_count=Count("entries"))
        return paginated(request, self, rows.order_by("-created_at", "pk"), SeriesSummarySerializer, _summary)

    @extend_schema(
        operation_id="series_create",
        summary="Start a series of one game system, its season points by the formula given",
        description="400 `unknown-formula`, `bad-table`, `bad-points`, `bad-best-of` (docs/series.md).",
        request=SeriesCreateSerializer,
        responses=responses({201: SeriesSerializer}, login=True, not_found=False),
        tags=TAGS,
    )
    def post(self, request: Request) -> Response:
        user = signed_in(request)
        data = validated(SeriesCreateSerializer, request)
        series = series_create(organiser=user, **data)
        return Response(SeriesSerializer(_series_body(series)).data, status=201)


class SeriesApi(ApiView):
    @extend_schema(
        operation_id="series_read",
        summary="A series: its formula, events and standings (live as its events finish)",
        responses=responses({200: SeriesSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(SeriesSerializer(_series_body(_series(slug))).data)


class SeriesFormulaApi(ApiView):
    @extend_schema(
        operation_id="series_formula",
        summary="Change a series' formula (its organiser); the standings follow at once",
        description="400 `not-series-organiser`, and the formula's codes.",
        request=FormulaSerializer,
        responses=responses({200: SeriesSerializer}, login=True),
        tags=TAGS,
    )
    def put(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        series = _series(slug)
        data = validated(FormulaSerializer, request)
        series_update_formula(series=series, by=user, **data)
        return Response(SeriesSerializer(_series_body(series)).data)


def _event(slug: str) -> Event:
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise Http404("No such event.")
    return event


class SeriesEventsApi(ApiView):
    @extend_schema(
        operation_id="series_add_event",
        summary="Add one of your events to your series, before it starts",
        description=(
            "400 `not-series-organiser`, `not-event-to`, `series-game-system`, `event-started`, "
            "`in-a-series`."
        ),
        request=AddEventSerializer,
        responses=responses({200: SeriesSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        series = _series(slug)
        data = validated(AddEventSerializer, request)
        series_add_event(series=series, event=_event(data["event"]), by=user)
        return Response(SeriesSerializer(_series_body(series)).data)


class SeriesEventApi(ApiView):
    @extend_schema(
        operation_id="series_remove_event",
        summary="Take an event out of your series, before it starts",
        description="400 `not-series-organiser`, `not-in-series`, `event-started`.",
        responses=responses({200: SeriesSerializer}, invalid=True, login=True),
        tags=TAGS,
    )
    def delete(self, request: Request, slug: str, event: str) -> Response:
        user = signed_in(request)
        series = _series(slug)
        series_remove_event(series=series, event=_event(event), by=user)
        return Response(SeriesSerializer(_series_body(series)).data)


class RatingsApi(ApiView):
    @extend_schema(
        operation_id="ratings_list",
        summary="A game system's ratings: the players who made their profile public, best first",
        responses=responses({200: LeaderboardSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, system: str) -> Response:
        try:
            get_system(system)
        except UnknownGameSystem:
            raise Http404("No such game system.") from None
        listed, hidden = selectors.public_leaderboard(system)
        body = {
            "game_system": system,
            "ratings": [
                {
                    "rank": i,
                    "username": r.user.get_username(),
                    "rating": r.ordinal,
                    "mu": r.mu,
                    "sigma": r.sigma,
                    "games": r.games,
                }
                for i, r in enumerate(listed, start=1)
            ],
            "hidden": hidden,
        }
        return Response(LeaderboardSerializer(body).data)
