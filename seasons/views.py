"""The seasons pages: profiles, series (with CSV, PDF and the JSON feed), ratings, and an
event's results feed (docs/series.md, docs/ratings.md, docs/results-feed.md)."""

from __future__ import annotations

import csv
import io
import json

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_POST

from rules_engine.registry import UnknownGameSystem, get_system
from seasons import selectors
from seasons.feeds import event_feed, series_feed
from seasons.forms import AddEventForm, FormulaForm, ProfileForm, SeriesForm
from seasons.models import Profile, Series
from seasons.services import (
    profile_set_public,
    series_add_event,
    series_create,
    series_remove_event,
    series_update_formula,
)
from tournaments.errors import ServiceError
from tournaments.models import Event, EventStatus
from tournaments.views.common import actor


def _series_or_404(slug: str) -> Series:
    series = Series.objects.filter(slug=slug).select_related("organiser").first()
    if series is None:
        raise Http404("No such series.")
    return series


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's profile: everyone's once they made it public, else theirs alone (404 to
    others, as for an account that does not exist)."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise Http404("No such profile.")
    own = request.user.is_authenticated and request.user.pk == user.pk
    if not own and not selectors.profile_is_public(user):
        raise Http404("No such profile.")
    view = selectors.profile(user)
    steps: dict[str, list[object]] = {}
    for change in view.changes:
        steps.setdefault(change.game_system, []).append(change)
    ratings = [
        {"rating": r, "system": _system_name(r.game_system), "steps": steps.get(r.game_system, [])}
        for r in view.ratings
    ]
    public = selectors.profile_is_public(user)
    return render(
        request,
        "seasons/profile.html",
        {"shown": user, "view": view, "ratings": ratings, "own": own, "public": public},
    )


def _system_name(slug: str) -> str:
    try:
        return get_system(slug).name
    except UnknownGameSystem:
        return slug


@login_required
def profile_settings(request: HttpRequest) -> HttpResponse:
    """The player's own switch: their profile public or private (off by default)."""
    user = actor(request)
    current = Profile.objects.filter(user_id=user.pk, public=True).exists()
    form = ProfileForm(request.POST or None, initial={"public": current})
    if request.method == "POST" and form.is_valid():
        profile_set_public(user=user, public=form.cleaned_data["public"])
        messages.success(
            request, "Your profile is public." if form.cleaned_data["public"] else "Your profile is private."
        )
        return redirect("seasons:profile-settings")
    return render(request, "seasons/profile_settings.html", {"form": form, "public": current})


def series_list(request: HttpRequest) -> HttpResponse:
    series = Series.objects.select_related("organiser").order_by("-created_at")
    rows = [{"series": s, "system": _system_name(s.game_system), "events": s.entries.count()} for s in series]
    return render(request, "seasons/series_list.html", {"rows": rows})


@login_required
def series_new(request: HttpRequest) -> HttpResponse:
    form = SeriesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            series = series_create(
                organiser=actor(request),
                name=data["name"],
                game_system=data["game_system"],
                description=data["description"],
                **form.service_args(),
            )
        except ServiceError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(request, f"{series.name} is created: add your events to it.")
            return redirect("seasons:series", series.slug)
    return render(request, "seasons/series_new.html", {"form": form}, status=400 if form.errors else 200)


def _addable(series: Series, request: HttpRequest) -> list[tuple[str, str]]:
    """The organiser's events that may join: theirs as TO, of the system, not started, in no series."""
    if not request.user.is_authenticated:
        return []
    events = (
        Event.objects.filter(
            staff__user_id=request.user.pk,
            staff__role="to",
            game_system=series.game_system,
            series_entry__isnull=True,
            rounds__isnull=True,
        )
        .exclude(status__in=[EventStatus.RUNNING, EventStatus.FINISHED])
        .distinct()
        .order_by("starts_on", "name")
    )
    return [(e.slug, e.name) for e in events]


def series_detail(
    request: HttpRequest, slug: str, *, formula_form: FormulaForm | None = None
) -> HttpResponse:
    series = _series_or_404(slug)
    is_organiser = request.user.is_authenticated and request.user.pk == series.organiser_id
    table = selectors.series_table(series)
    users = selectors.series_accounts(table)
    public = selectors.public_profile_users(set(users.values()))
    usernames = dict(get_user_model().objects.filter(pk__in=public).values_list("pk", "username"))
    events = selectors.series_events(series)
    names = {e.slug: e.name for e in events}
    rows = []
    for row in table.rows:
        played = {e.event: e for e in row.entries}
        rows.append(
            {
                "row": row,
                "username": usernames.get(users.get(row.player, -1)),
                # Aligned with the finished events, in their order (None where the player was not there).
                "entries": [(names.get(slug, slug), played.get(slug)) for slug in table.events],
            }
        )
    formula = selectors.formula_of(series)
    context = {
        "series": series,
        "system": _system_name(series.game_system),
        "rows": rows,
        "events": events,
        "described": formula.describe(),
        "is_organiser": is_organiser,
    }
    if is_organiser:
        context["add_form"] = AddEventForm(choices=_addable(series, request))
        context["formula_form"] = formula_form or FormulaForm(
            initial={
                "formula": series.formula,
                "table": ", ".join(str(p) for p in series.table),
                "participation": series.participation,
                "base": series.base,
                "best_of": series.best_of,
            }
        )
    return render(request, "seasons/series.html", context, status=400 if formula_form is not None else 200)


def _organised_or_404(request: HttpRequest, slug: str) -> Series:
    """The series, for its organiser's forms: anyone else gets a 404, as for a role elsewhere."""
    series = _series_or_404(slug)
    if request.user.pk != series.organiser_id:
        raise Http404("No such series.")
    return series


@login_required
@require_POST
def series_add(request: HttpRequest, slug: str) -> HttpResponse:
    series = _organised_or_404(request, slug)
    event = Event.objects.filter(slug=request.POST.get("event", "")).first()
    if event is None:
        messages.error(request, "Choose one of your events.")
        return redirect("seasons:series", slug)
    try:
        series_add_event(series=series, event=event, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{event.name} is in {series.name}.")
    return redirect("seasons:series", slug)


@login_required
@require_POST
def series_remove(request: HttpRequest, slug: str) -> HttpResponse:
    series = _organised_or_404(request, slug)
    event = Event.objects.filter(slug=request.POST.get("event", "")).first()
    if event is None:
        raise Http404("No such event.")
    try:
        series_remove_event(series=series, event=event, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{event.name} has left {series.name}.")
    return redirect("seasons:series", slug)


@login_required
@require_POST
def series_formula(request: HttpRequest, slug: str) -> HttpResponse:
    series = _organised_or_404(request, slug)
    form = FormulaForm(request.POST)
    if form.is_valid():
        try:
            series_update_formula(series=series, by=actor(request), **form.service_args())
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "The formula is saved; the standings follow it.")
            return redirect("seasons:series", slug)
    return series_detail(request, slug, formula_form=form)


def _csv_rows(series: Series) -> list[list[str]]:
    table = selectors.series_table(series)
    head = ["Rank", "Player", "Points", "Events", *table.events]
    rows = [head]
    for row in table.rows:
        by_event = {e.event: e for e in row.entries}
        cells = []
        for event in table.events:
            entry = by_event.get(event)
            cells.append(
                "" if entry is None else f"{entry.points}{'' if entry.counted else ' (not counted)'}"
            )
        rows.append([str(row.rank), row.name, str(row.points), str(row.events), *cells])
    return rows


def series_csv(request: HttpRequest, slug: str) -> HttpResponse:
    series = _series_or_404(slug)
    out = io.StringIO()
    csv.writer(out).writerows(_csv_rows(series))
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{series.slug}-standings.csv"'
    return response


def series_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The series standings on paper: one short document, rendered on the spot."""
    from weasyprint import HTML

    series = _series_or_404(slug)
    table = selectors.series_table(series)
    html = render_to_string(
        "print/series_standings.html",
        {"series": series, "table": table, "described": selectors.formula_of(series).describe()},
    )
    pdf = HTML(string=html, base_url=request.build_absolute_uri("/")).write_pdf()
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{series.slug}-standings.pdf"'
    return response


def ratings(request: HttpRequest, system: str) -> HttpResponse:
    """A game system's ratings: the players who show their profile, by shown rating."""
    try:
        name = get_system(system).name
    except UnknownGameSystem:
        raise Http404("No such game system.") from None
    shown, hidden = selectors.public_leaderboard(system)
    context = {"system": name, "slug": system, "ratings": shown, "hidden": hidden}
    return render(request, "seasons/ratings.html", context)


def _json(document: object) -> HttpResponse:
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2), content_type="application/json"
    )
    response["Access-Control-Allow-Origin"] = "*"  # open data, for ranking sites
    return response


def event_results_feed(request: HttpRequest, slug: str) -> HttpResponse:
    event = Event.objects.filter(slug=slug, status=EventStatus.FINISHED).first()
    if event is None:
        raise Http404("No finished event by that name.")
    return _json(event_feed(event))


def series_results_feed(request: HttpRequest, slug: str) -> HttpResponse:
    return _json(series_feed(_series_or_404(slug)))
