"""The awards pages: the public list with each player's ballots, and the TO's page.

OP Guide: Hobby Awards. Everyone sees which awards the event offers, who runs them and,
once published, the winners; a player votes on the same page; the TO sets the awards up,
reads the turnout (and, once voting is closed, the counts), breaks ties, publishes and
prints the awards sheet. Events load through `tournaments.access` (404 without the role).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from awards import selectors
from awards.forms import BallotForm, OfferForm, TieBreakForm, add_service_error
from awards.groups import award_groups
from awards.models import Award, AwardKind
from awards.services import award_break_tie, award_vote, awards_close_voting, awards_offer, awards_publish
from tournaments.access import PLAYER, TO, EventAccess, access_event, player_or_404
from tournaments.errors import ServiceError
from tournaments.views.common import actor, confirmation_page, nav_context


def _award_or_404(access: EventAccess, pk: int) -> Award:
    award = Award.objects.filter(event=access.event, pk=pk).select_related("event").first()
    if award is None:
        raise Http404("No such award.")
    return award


def _index(
    request: HttpRequest,
    access: EventAccess,
    *,
    failed: tuple[int, BallotForm] | None = None,
    status: int = 200,
) -> HttpResponse:
    programme = selectors.programme_of(access.event)
    awards = selectors.awards_of(access.event)
    ballots = []
    if access.player is not None and (programme is None or programme.voting_open):
        for ballot in selectors.ballots_for(access.event, access.player):
            form = BallotForm(
                candidates=ballot.candidates,
                initial={"choice": str(ballot.choice.pk) if ballot.choice else ""},
                prefix=f"a{ballot.award.pk}",
            )
            if failed is not None and failed[0] == ballot.award.pk:
                form = failed[1]
            ballots.append({"ballot": ballot, "form": form})
    context = nav_context(access, "awards") | {
        "programme": programme,
        "awards": awards,
        "published": programme is not None and programme.published_at is not None,
        "voting_open": programme is None or programme.voting_open,
        "ballots": ballots,
    }
    return render(request, "awards/index.html", context, status=status)


def index(request: HttpRequest, slug: str) -> HttpResponse:
    """Public: the awards on offer and, once published, the winners; a player's ballots."""
    return _index(request, access_event(request.user, slug))


@login_required
@require_POST
def vote(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = access_event(request.user, slug, PLAYER)
    assert access.player is not None
    award = _award_or_404(access, pk)
    ballot = next(b for b in selectors.ballots_for(access.event, access.player) if b.award.pk == award.pk)
    form = BallotForm(request.POST, candidates=ballot.candidates, prefix=f"a{award.pk}")
    if form.is_valid():
        try:
            award_vote(
                award=award,
                voter=access.player,
                choice=player_or_404(access, pk=int(form.cleaned_data["choice"])),
                by=actor(request),
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request, f"Your vote for {award.label} is in. You can change it until voting closes."
            )
            return redirect("awards:index", slug)
    return _index(request, access, failed=(award.pk, form))


def _groups_text(access: EventAccess) -> str:
    return ", ".join(g.label for g in award_groups(access.event))


def _manage(request: HttpRequest, access: EventAccess, *, offer: OfferForm | None = None) -> HttpResponse:
    programme = selectors.programme_of(access.event)
    awards = selectors.awards_of(access.event)
    closed = programme is not None and not programme.voting_open
    kinds = {a.kind for a in awards}
    if offer is None:
        offer = OfferForm(
            event=access.event,
            groups=_groups_text(access),
            initial={
                "best_painted": AwardKind.BEST_PAINTED in kinds,
                "best_in_faction": AwardKind.BEST_IN_FACTION in kinds,
                "best_sportsman": AwardKind.BEST_SPORTSMAN in kinds,
                "owner": str(programme.owner_id) if programme is not None and programme.owner_id else "",
            },
        )
    tallies = selectors.tallies(access.event, counted=closed)
    rows: list[dict[str, Any]] = []
    for tally in tallies:
        row: dict[str, Any] = {"tally": tally}
        if closed and tally.tied:
            row["tie_form"] = TieBreakForm(
                leaders=tally.leaders,
                prefix=f"t{tally.award.pk}",
                initial={"winner": str(tally.winner.pk) if tally.winner else ""},
            )
        rows.append(row)
    context = nav_context(access, "manage") | {
        "programme": programme,
        "offer": offer,
        "rows": rows,
        "closed": closed,
        "published": programme is not None and programme.published_at is not None,
        "unsettled": any(r["tally"].tied and r["tally"].winner is None for r in rows),
    }
    return render(request, "awards/manage.html", context)


@login_required
def manage(request: HttpRequest, slug: str) -> HttpResponse:
    """The TO's awards page: set-up, turnout, counts after closing, ties, publishing."""
    access = access_event(request.user, slug, TO)
    if request.method != "POST":
        return _manage(request, access)
    form = OfferForm(request.POST, event=access.event, groups=_groups_text(access))
    if form.is_valid():
        data = form.cleaned_data
        try:
            awards_offer(
                event=access.event,
                by=actor(request),
                best_painted=data["best_painted"],
                best_in_faction=bool(data.get("best_in_faction")),
                best_sportsman=data["best_sportsman"],
                owner=form.owner_user(),
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, "The awards are saved: they show on the event page.")
            return redirect("awards:manage", slug)
    return _manage(request, access, offer=form)


@login_required
@require_POST
def close(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, TO)
    asking = confirmation_page(
        request,
        access,
        section="manage",
        title="Close voting?",
        consequence=(
            "Voting ends for every award: no player can vote or change a vote afterwards, "
            "and voting cannot be opened again."
        ),
        button="Close voting",
        cancel=reverse("awards:manage", args=[slug]),
    )
    if asking is not None:
        return asking
    try:
        awards_close_voting(event=access.event, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Voting is closed: the counts are below.")
    return redirect("awards:manage", slug)


@login_required
@require_POST
def tie_break(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = access_event(request.user, slug, TO)
    award = _award_or_404(access, pk)
    winner_pk = request.POST.get(f"t{award.pk}-winner", "")
    if not winner_pk.isdigit():
        messages.error(request, f"{award.label}: choose the winner among the tied players.")
        return redirect("awards:manage", slug)
    try:
        award_break_tie(
            award=award,
            winner=player_or_404(access, pk=int(winner_pk)),
            by=actor(request),
            reason=request.POST.get(f"t{award.pk}-reason", "")[:500],
        )
    except ServiceError as exc:
        messages.error(request, f"{award.label}: {exc.message}")
    else:
        messages.success(request, f"{award.label}: the tie is broken (recorded in the audit log).")
    return redirect("awards:manage", slug)


@login_required
@require_POST
def publish(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, TO)
    asking = confirmation_page(
        request,
        access,
        section="manage",
        title="Publish the winners?",
        consequence="The winners show on the event page for everyone, and stay there.",
        button="Publish the winners",
        cancel=reverse("awards:manage", args=[slug]),
    )
    if asking is not None:
        return asking
    try:
        awards_publish(event=access.event, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "The winners are published on the event page.")
    return redirect("awards:manage", slug)
