"""Judges and the TO: the queue of disputed and short games, and the results grid.

OP Guide: Roles (judges help players submit results). A game system may hold some
results for a look before they count (`GameSystem.result_review`; StarCraft: Games That
Didn't Get Far Enough): here the Head Judge or the TO marks them reviewed.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from judging import selectors as judging_selectors
from tournaments.access import STAFF, EventAccess, access_event, game_or_404, round_or_404
from tournaments.conditional import conditional, is_htmx
from tournaments.errors import ServiceError, StaleVersion
from tournaments.forms.common import add_service_error
from tournaments.forms.results import ReasonForm, StaffResultForm
from tournaments.game_templates import extras_shown
from tournaments.models import Game, ResultReport, RoundStatus
from tournaments.selectors import judge_queue, round_games
from tournaments.services.reporting import result_accept, result_review, result_set
from tournaments.views.common import actor, by_table, nav_context
from tournaments.views.public import POLL_SECONDS


def _judge(request: HttpRequest, slug: str) -> EventAccess:
    return access_event(request.user, slug, *STAFF)


def side_by_side(game: Game, reports: list[ResultReport]) -> list[dict[str, Any]]:
    """The latest report from each player (player one first), then the latest staff entry."""
    system = game.round.event.system
    latest: dict[int | None, ResultReport] = {}
    for report in sorted(reports, key=lambda r: (r.created_at, r.id)):
        latest[report.reporter_id] = report
    order = [game.player_one, game.player_two]
    out = []

    def side(who: str, report: ResultReport | None, player: bool = True) -> dict[str, Any]:
        extras = extras_shown(system, report.details) if report is not None else []
        return {"who": who, "report": report, "extras": extras, "player": player}

    for player in order:
        if player is not None:
            out.append(side(player.name, latest.get(player.pk)))
    if None in latest:
        out.append(side("Staff", latest[None], player=False))
    return out


def _item(game: Game, form: StaffResultForm | None = None) -> dict[str, Any]:
    system = game.round.event.system
    flagged = game.needs_review and game.reviewed_at is None
    return {
        "game": game,
        "reports": side_by_side(game, list(game.reports.all())),
        "extras": extras_shown(system, game.details),
        "form": form or StaffResultForm(game=game, initial=StaffResultForm.initial_for(game)),
        "flagged": flagged,
        "flag_reason": system.result_review.reason if flagged and system.result_review else "",
        "review_form": ReasonForm(prefix=f"rv{game.pk}"),
    }


@login_required
def queue(request: HttpRequest, slug: str) -> HttpResponseBase:
    """The queue refreshes itself (htmx polling, docs/polling.md): a disputed result arrives
    without a reload. Everything it shows moves the event version, so an unchanged queue is
    a 304; an htmx poll gets the live block alone."""
    access = _judge(request, slug)
    check = conditional(request, access, "judge-queue")
    if (not_modified := check.fresh()) is not None:
        return not_modified
    items = [_item(game) for game in judge_queue(access.event)]
    rounds = list(access.event.rounds.exclude(status=RoundStatus.PAIRED).order_by("number"))
    context = nav_context(access, "judge") | {
        "items": items,
        "rounds": rounds,
        "poll_url": reverse("judge", args=[access.event.slug]),
        "poll_seconds": POLL_SECONDS,
        # OP Guide: Chess Clocks — a start on an absent player's time, or a call, waits for a judge.
        # A clock frozen when the round's time was called waits for nobody any more.
        "chess_waiting": [
            reading
            for row in judging_selectors.chess_clocks_waiting(access.event)
            if (reading := judging_selectors.chess_clock_reading(row.game, row, seat=None))["waiting"]
        ],
    }
    template = "judging/results/_queue_live.html" if is_htmx(request) else "judging/results/queue.html"
    return check.finish(render(request, template, context))


@login_required
def results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = _judge(request, slug)
    round_ = round_or_404(access, number)
    if round_.status == RoundStatus.PAIRED:
        raise Http404("The round is not published yet.")
    games = by_table(round_games(round_))
    rounds = list(access.event.rounds.exclude(status=RoundStatus.PAIRED).order_by("number"))
    extras = access.event.system.result_extras
    rows = [{"game": g, "extras": [(g.details or {}).get(e.key) for e in extras]} for g in games]
    context = nav_context(access, "judge") | {
        "round": round_,
        "games": games,
        "rows": rows,
        "extra_heads": [e.abbr or e.label for e in extras],
        "rounds": rounds,
    }
    return render(request, "judging/results/results.html", context)


def _game_page(
    request: HttpRequest, access: EventAccess, game: Game, form: StaffResultForm | None = None
) -> HttpResponse:
    context = nav_context(access, "judge") | {"item": _item(game, form)}
    return render(request, "judging/results/game.html", context)


@login_required
def game(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = _judge(request, slug)
    game = game_or_404(access, pk)
    if game.player_two_id is None:
        raise Http404("A bye has no result to enter.")
    if request.method != "POST":
        return _game_page(request, access, game)
    form = StaffResultForm(request.POST, game=game)
    if form.is_valid():
        try:
            result_set(
                game=game,
                result=form.result(),
                by=actor(request),
                reason=form.cleaned_data["reason"],
                expected_version=form.cleaned_data["version"],
            )
        except StaleVersion as exc:
            # Another judge (or a player) changed the game: show it as it now stands.
            game = game_or_404(access, pk)
            form = StaffResultForm(request.POST, game=game)
            form.restale(game)
            form.is_valid()
            form.add_error(None, exc.message)
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, f"Result saved for {game}.")
            if request.POST.get("back") == "results":
                return redirect("judge-results", slug, game.round.number)
            return redirect("judge", slug)
    return _game_page(request, access, game, form)


@login_required
@require_POST
def review(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = _judge(request, slug)
    if not access.is_head_judge:
        raise Http404("Only the Head Judge or the TO reviews short games.")
    game = game_or_404(access, pk)
    form = ReasonForm(request.POST, prefix=f"rv{pk}")
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    try:
        result_review(
            game=game, by=actor(request), stands=True, reason=reason or "Reviewed: the result stands."
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{game}: the result stands.")
    return redirect("judge", slug)


@login_required
@require_POST
def accept(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Settle a dispute with one player's report, as it stands (the judge used to
    retype the scores). The version the judge saw guards against a report arriving meanwhile."""
    access = _judge(request, slug)
    game = game_or_404(access, pk)
    try:
        report_id = int(request.POST.get("report", ""))
        version = int(request.POST.get("version", ""))
    except ValueError:
        messages.error(request, "Choose whose report to accept.")
        return redirect("judge", slug)
    try:
        result_accept(game=game, report_id=report_id, by=actor(request), expected_version=version)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Result saved for {game}.")
    return redirect("judge", slug)
