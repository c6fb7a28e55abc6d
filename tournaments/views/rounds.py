"""Pairing a round: pair, review the games and the pairing report, adjust, publish.

OP Guide: Pairings; Byes; Tables and Terrain. The engine's report explains every
departure from the ideal (rematch, table repeat, float, the bye); this page shows it
in names rather than ids so the TO can read it to the room.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from pairings.engine.report import PairingReport
from tournaments.access import TO, EventAccess, access_event, round_or_404, team_match_or_404
from tournaments.conditional import conditional, is_htmx
from tournaments.errors import ServiceError
from tournaments.forms.common import add_service_error
from tournaments.forms.rounds import (
    PairForm,
    PublishForm,
    ScenarioForm,
    SeedForm,
    SwapPlayersForm,
    SwapTablesForm,
)
from tournaments.forms.squads import MatchPairsForm
from tournaments.models import Game, MatchPairing, Player, Round, RoundStatus, TeamMatch
from tournaments.selectors import not_ready_by_player, round_games, round_readiness
from tournaments.services.rounds import (
    round_pair,
    round_publish,
    round_repair,
    round_swap_players,
    round_swap_tables,
    round_undo,
)
from tournaments.services.scenarios import round_set_scenario
from tournaments.services.team_matches import match_pairs_set, protocol_timeouts, protocol_timeouts_due
from tournaments.team_selectors import MatchRow, ProtocolProgress, match_rows, protocol_progress
from tournaments.views.common import actor, by_table, confirmation_page, nav_context, run_service
from tournaments.views.public import POLL_SECONDS


def report_in_names(report: PairingReport | None, names: dict[str, str]) -> PairingReport | None:
    """The stored pairing report with player ids replaced by "Name (id)"."""
    if report is None:
        return None

    def name(pid: str) -> str:
        return f"{names[pid]} ({pid})" if pid in names else pid

    return replace(
        report,
        bye=replace(report.bye, player=name(report.bye.player)) if report.bye is not None else None,
        rematches=tuple(
            replace(r, players=(name(r.players[0]), name(r.players[1]))) for r in report.rematches
        ),
        table_repeats=tuple(replace(t, player=name(t.player)) for t in report.table_repeats),
        floats=tuple(replace(f, player=name(f.player), opponent=name(f.opponent)) for f in report.floats),
        spares=tuple(replace(sp, player=name(sp.player)) for sp in report.spares),
        absent=tuple(replace(a, player=name(a.player)) for a in report.absent),
    )


def _names(games: list[Game]) -> dict[str, str]:
    out = {}
    for game in games:
        for player in (game.player_one, game.player_two):
            if player is not None:
                out[player.external_id] = player.name
    return out


@dataclass(frozen=True)
class MatchPanel:
    """One team match on the TO's round page: its teams, tables and games so far, the
    protocol's progress (never a hidden choice), the TO's pairs form where the TO pairs it,
    and whether time may be called on its protocol step."""

    row: MatchRow
    progress: ProtocolProgress | None
    pairs_form: MatchPairsForm | None
    pairs_fixed: bool  # a game has a result: the TO's pairs stand (services.team_matches)
    can_call_time: bool
    last_table: int | None


def _pairs_form(
    match: TeamMatch, members: dict[int, list[Player]], games: list[Game], data: Any = None
) -> MatchPairsForm:
    """The match's pairs form, showing the pairs its `games` already make."""
    assert match.team_b_id is not None
    team_a, team_b = members.get(match.team_a_id, []), members.get(match.team_b_id, [])
    initial = {f"plays_{g.player_one.external_id}": g.player_two.external_id for g in games if g.player_two}
    return MatchPairsForm(data, team_a=team_a, team_b=team_b, initial=initial, prefix=f"m{match.pk}")


def _match_panels(
    round_: Round, bound: MatchPairsForm | None = None, bound_pk: int | None = None
) -> list[MatchPanel]:
    """The round's matches as the TO's page shows them; `bound` is a refused pairs form shown
    again with what the TO chose (for match `bound_pk`)."""
    rows = match_rows(round_)
    members: dict[int, list[Player]] = {}
    squads = [pk for row in rows for pk in (row.match.team_a_id, row.match.team_b_id) if pk is not None]
    for player in round_.event.players.filter(squad__in=squads).order_by("squad_position", "id"):
        assert player.squad_id is not None
        members.setdefault(player.squad_id, []).append(player)
    panels = []
    for row in rows:
        match = row.match
        organiser = match.pairing == MatchPairing.ORGANISER and match.team_b_id is not None
        fixed = organiser and any(g.has_result for g in row.games)
        form = None
        if bound is not None and bound_pk == match.pk:
            form = bound  # refused: shown again with the reason, whatever else holds
        elif organiser and not fixed and round_.status != RoundStatus.CLOSED:
            form = _pairs_form(match, members, [g.game for g in row.games])
        progress = protocol_progress(match)
        panels.append(
            MatchPanel(
                row=row,
                progress=progress,
                pairs_form=form,
                pairs_fixed=fixed,
                can_call_time=progress is not None
                and not progress.complete
                and round_.status == RoundStatus.PUBLISHED,
                last_table=row.tables[-1] if row.tables else None,
            )
        )
    return panels


def _round_page(
    request: HttpRequest,
    access: EventAccess,
    round_: Round,
    *,
    swap_players: SwapPlayersForm | None = None,
    swap_tables: SwapTablesForm | None = None,
    scenario: ScenarioForm | None = None,
    live: bool = False,
    pairs: tuple[int, MatchPairsForm] | None = None,
) -> HttpResponse:
    games = by_table(round_games(round_))
    players = [p for g in games for p in (g.player_one, g.player_two) if p is not None]
    names = _names(games)
    # Players not in the round (dropped, absent) may still appear in the report.
    names.update(dict(access.event.players.values_list("external_id", "name")))
    if access.event.is_team_tournament:  # the report's entrants are the teams
        names.update(dict(access.event.squads.values_list("external_id", "name")))
    editable = round_.status == RoundStatus.PAIRED
    # Before publishing, the TO sees who is not ready (a roster may have gone since pairing).
    not_ready = round_readiness(access.event, number=round_.number) if editable else []
    context = nav_context(access, "manage") | {
        "round": round_,
        "games": games,
        "report": report_in_names(round_.pairing, names),
        "editable": editable,
        "not_ready": not_ready,
        "not_ready_by_player": not_ready_by_player(not_ready),
        "publish_form": PublishForm(),
        "swap_players": swap_players or SwapPlayersForm(players=players),
        "swap_tables": swap_tables or SwapTablesForm(games=games),
        "seed_form": SeedForm(),
        "poll_url": reverse("manage-round", args=[access.event.slug, round_.number]),
        "poll_seconds": POLL_SECONDS,
        "pregame": access.event.pregame,
        "scenario_form": scenario or _scenario_form(access, round_),
        # A team tournament's round is its matches (docs/team-matches.md); players are
        # paired inside them, so the swap-players form is not offered (the service refuses).
        "matches": _match_panels(round_, pairs[1] if pairs else None, pairs[0] if pairs else None)
        if access.event.is_team_tournament
        else None,
    }
    template = "tournaments/manage/_round_live.html" if live else "tournaments/manage/round.html"
    return render(request, template, context)


def _scenario_form(access: EventAccess, round_: Round, data: Any = None) -> ScenarioForm | None:
    """The TO's choice of the round's scenario, for a system that picks one per round."""
    pregame = access.event.pregame
    if not pregame.per_round:
        return None
    return ScenarioForm(data, scenarios=pregame.scenarios, initial={"scenario": round_.scenario})


def _to(request: HttpRequest, slug: str) -> EventAccess:
    return access_event(request.user, slug, TO)


@login_required
@require_POST
def pair(request: HttpRequest, slug: str) -> HttpResponse:
    access = _to(request, slug)
    form = PairForm(request.POST)
    valid = form.is_valid()
    seed = form.cleaned_data.get("seed") if valid else None
    confirm = bool(form.cleaned_data.get("confirm")) if valid else False
    try:
        round_ = round_pair(event=access.event, by=actor(request), seed=seed, confirm=confirm)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("manage", slug)
    messages.success(request, f"Round {round_.number} is paired. Review it, then publish.")
    return redirect("manage-round", slug, round_.number)


@login_required
def round_review(request: HttpRequest, slug: str, number: int) -> HttpResponseBase:
    """The TO's round page refreshes its games, results and pre-round check by itself (htmx
    polling, docs/polling.md): all of it moves the event version, so an unchanged page is
    a 304, and an htmx poll gets the live block alone (the forms stay as the TO left them)."""
    access = _to(request, slug)
    # A protocol step whose time is up is given its default before the page is read
    # (docs/team-matches.md: no worker runs the clock); the validator below sees the version
    # that moved.
    if access.event.is_team_tournament and protocol_timeouts_due(round_=round_or_404(access, number)):
        access.event.refresh_from_db(fields=["version"])
    check = conditional(request, access, "manage-round")
    if (not_modified := check.fresh()) is not None:
        return not_modified
    round_ = round_or_404(access, number)
    return check.finish(_round_page(request, access, round_, live=is_htmx(request)))


@login_required
@require_POST
def swap_players(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = _to(request, slug)
    round_ = round_or_404(access, number)
    games = by_table(round_games(round_))
    players = [p for g in games for p in (g.player_one, g.player_two) if p is not None]
    form = SwapPlayersForm(request.POST, players=players)
    if form.is_valid():
        try:
            round_swap_players(
                round_=round_,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                by=actor(request),
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, "Players swapped.")
            return redirect("manage-round", slug, number)
    return _round_page(request, access, round_, swap_players=form)


@login_required
@require_POST
def swap_tables(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = _to(request, slug)
    round_ = round_or_404(access, number)
    form = SwapTablesForm(request.POST, games=by_table(round_games(round_)))
    if form.is_valid():
        try:
            round_swap_tables(
                round_=round_,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                by=actor(request),
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, "Tables swapped.")
            return redirect("manage-round", slug, number)
    return _round_page(request, access, round_, swap_tables=form)


@login_required
@require_POST
def scenario(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The TO names the round's scenario (Dropzone Commander: DZC:328, once rosters lock)."""
    access = _to(request, slug)
    round_ = round_or_404(access, number)
    form = _scenario_form(access, round_, request.POST)
    if form is None:
        messages.error(request, "This game system has no scenario to choose per round.")
        return redirect("manage-round", slug, number)
    if form.is_valid():
        try:
            round_set_scenario(round_=round_, scenario=form.cleaned_data["scenario"], by=actor(request))
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, f"Round {number}: {form.cleaned_data['scenario']}. Players see it now.")
            return redirect("manage-round", slug, number)
    return _round_page(request, access, round_, scenario=form)


@login_required
@require_POST
def publish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = _to(request, slug)
    round_ = round_or_404(access, number)
    user = actor(request)
    form = PublishForm(request.POST)
    confirm = bool(form.cleaned_data.get("confirm")) if form.is_valid() else False
    return run_service(
        request,
        lambda: round_publish(round_=round_, by=user, confirm=confirm),
        f"Round {number} is published: players can see their tables.",
        "manage-round",
        slug,
        number,
    )


@login_required
@require_POST
def repair(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = _to(request, slug)
    round_ = round_or_404(access, number)
    form = SeedForm(request.POST)
    valid = form.is_valid()
    seed = form.cleaned_data.get("seed") if valid else None
    confirm = bool(form.cleaned_data.get("confirm")) if valid else False
    user = actor(request)
    return run_service(
        request,
        lambda: round_repair(round_=round_, by=user, seed=seed, confirm=confirm),
        f"Round {number} is paired again. Review it, then publish.",
        "manage-round",
        slug,
        number,
    )


@login_required
@require_POST
def undo(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = _to(request, slug)
    round_ = round_or_404(access, number)
    # The last round of a top cut may go with its results (services.rounds.round_undo).
    discard = round_.is_cut and round_.games.exclude(outcome__in=["", "bye"]).exists()
    consequence = (
        f"Round {number} is deleted as if it had never been paired: its pairing and tables "
        "are gone, and a new pairing may differ."
    )
    if discard:
        consequence += (
            " Its results are discarded too (the audit log keeps them): pair it again once corrected."
        )
    asking = confirmation_page(
        request,
        access,
        section="manage",
        title=f"Undo round {number}?",
        consequence=consequence,
        button=f"Undo round {number}",
        cancel=reverse("manage-round", args=[slug, number]),
    )
    if asking is not None:
        return asking
    try:
        round_undo(round_=round_, by=actor(request), discard_results=discard)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("manage-round", slug, number)
    messages.success(request, f"Round {number} is undone.")
    return redirect("manage", slug)


def _match(access: EventAccess, number: int, pk: int) -> TeamMatch:
    """A match of round `number` of the event (404 for another round's)."""
    match = team_match_or_404(access, pk)
    if match.round.number != number:
        raise Http404("No such team match.")
    return match


@login_required
@require_POST
def match_pairs(request: HttpRequest, slug: str, number: int, pk: int) -> HttpResponse:
    """The TO's own pairs for one match (docs/team-matches.md): each of team A's players
    against one of team B's; replaced freely until a game of the match has a result."""
    access = _to(request, slug)
    match = _match(access, number, pk)
    round_ = match.round
    if match.team_b is None or match.pairing != MatchPairing.ORGANISER:
        messages.error(request, "This match is not paired by the TO.")
        return redirect("manage-round", slug, number)
    members = {
        squad.pk: list(squad.members.order_by("squad_position", "id"))
        for squad in (match.team_a, match.team_b)
    }
    games = list(match.games.select_related("player_one", "player_two"))
    form = _pairs_form(match, members, games, request.POST)
    if form.is_valid():
        try:
            match_pairs_set(match=match, pairs=form.pairs(), by=actor(request))
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, f"{match.team_a.name} v {match.team_b.name}: the pairs are set.")
            return redirect("manage-round", slug, number)
    return _round_page(request, access, round_, pairs=(match.pk, form))


@login_required
@require_POST
def match_call_time(request: HttpRequest, slug: str, number: int, pk: int) -> HttpResponse:
    """The TO calls time on a protocol step: each captain still to choose is given the
    announced default at once (docs/team-matches.md). Asked to confirm first."""
    access = _to(request, slug)
    match = _match(access, number, pk)
    other = match.team_b.name if match.team_b is not None else ""
    asking = confirmation_page(
        request,
        access,
        section="manage",
        title=f"Call time: {match.team_a.name} v {other}?",
        consequence=(
            "Each captain who has not chosen in this step of the pairing protocol is given the "
            "announced default now: the first eligible player(s) in their team's order. "
            "A choice made cannot be taken back."
        ),
        button="Call time",
        cancel=reverse("manage-round", args=[slug, number]),
    )
    if asking is not None:
        return asking
    if protocol_timeouts(match=match, by=actor(request), force=True):
        messages.success(request, f"Time called: {match.team_a.name} v {other} moves on with the defaults.")
    else:
        messages.info(request, "Nothing to call: no captain is being waited for in that match.")
    return redirect("manage-round", slug, number)
