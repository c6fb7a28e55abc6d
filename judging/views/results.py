"""Judges and the TO: the queue of disputed and short games, and the results grid.

OP Guide: Roles (judges help players submit results); Games That Didn't Get Far Enough
(fewer than two Battle Rounds: a judge looks before it is scored — here the Head Judge
or the TO marks it reviewed).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tournaments.access import STAFF, EventAccess, access_event, game_or_404, round_or_404
from tournaments.errors import ServiceError, StaleVersion
from tournaments.forms import ReasonForm, StaffResultForm, add_service_error
from tournaments.models import Game, ResultReport, RoundStatus
from tournaments.selectors import judge_queue, round_games
from tournaments.services.reporting import result_review, result_set
from tournaments.views.common import actor, by_table, nav_context


def _judge(request: HttpRequest, slug: str) -> EventAccess:
    return access_event(request.user, slug, *STAFF)


def side_by_side(game: Game, reports: list[ResultReport]) -> list[dict[str, Any]]:
    """The latest report from each player (player one first), then the latest staff entry."""
    latest: dict[int | None, ResultReport] = {}
    for report in sorted(reports, key=lambda r: (r.created_at, r.id)):
        latest[report.reporter_id] = report
    order = [game.player_one, game.player_two]
    out = []
    for player in order:
        if player is not None:
            out.append({"who": player.name, "report": latest.get(player.pk)})
    if None in latest:
        out.append({"who": "Staff", "report": latest[None]})
    return out


def _initial(game: Game) -> dict[str, Any]:
    """Prefill with what is known: the agreed result, else the first player's latest report."""
    loser = ""
    if game.loser_id is not None:
        loser = "one" if game.loser_id == game.player_one_id else "two"
    if game.outcome:
        return {
            "outcome": game.outcome,
            "vp_one": game.vp_one,
            "vp_two": game.vp_two,
            "loser": loser,
            "battle_rounds": game.battle_rounds,
        }
    return {}


def _item(game: Game, form: StaffResultForm | None = None) -> dict[str, Any]:
    return {
        "game": game,
        "reports": side_by_side(game, list(game.reports.all())),
        "form": form or StaffResultForm(game=game, initial=_initial(game)),
        "flagged": game.needs_review and game.reviewed_at is None,
        "review_form": ReasonForm(prefix=f"rv{game.pk}"),
    }


@login_required
def queue(request: HttpRequest, slug: str) -> HttpResponse:
    access = _judge(request, slug)
    items = [_item(game) for game in judge_queue(access.event)]
    rounds = list(access.event.rounds.exclude(status=RoundStatus.PAIRED).order_by("number"))
    context = nav_context(access, "judge") | {"items": items, "rounds": rounds}
    return render(request, "judging/results/queue.html", context)


@login_required
def results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = _judge(request, slug)
    round_ = round_or_404(access, number)
    if round_.status == RoundStatus.PAIRED:
        raise Http404("The round is not published yet.")
    games = by_table(round_games(round_))
    rounds = list(access.event.rounds.exclude(status=RoundStatus.PAIRED).order_by("number"))
    context = nav_context(access, "judge") | {"round": round_, "games": games, "rounds": rounds}
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
