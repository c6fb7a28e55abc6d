"""The penalty log, the judge's penalty form with escalation advice, and each player's own record."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from judging import selectors
from judging.exports import penalties_csv
from judging.forms import DecisionForm, PenaltyFilterForm, PenaltyForm, TimeLimitForm, add_service_error
from judging.models import Penalty
from judging.services import (
    disqualification_confirm,
    disqualification_decline,
    penalty_issue,
    time_limit_impose,
)
from judging.views.common import actor, page
from tournaments.access import FLOOR_JUDGE, HEAD_JUDGE, PLAYER, STAFF, TO, EventAccess, access_event
from tournaments.errors import ServiceError
from tournaments.models import Player
from tournaments.views.common import confirmation_page


def _staff(request: HttpRequest, slug: str) -> EventAccess:
    return access_event(request.user, slug, *STAFF)


@login_required
def log(request: HttpRequest, slug: str) -> HttpResponse:
    access = _staff(request, slug)
    event = access.event
    filters = PenaltyFilterForm(request.GET or None, event=event)
    rows = list(selectors.penalty_log(event, **filters.filters()))
    context = page(
        access,
        "penalties",
        penalties=rows,
        filters=filters,
        query=request.GET.urlencode(),
        pending=list(selectors.pending_disqualifications(event)),
        # OP Guide: Roles — the TO confirms; when the TO plays, the Head Judge has the final say.
        can_decide=HEAD_JUDGE in access.roles if event.to_plays else access.is_to,
    )
    return render(request, "judging/penalty_log.html", context)


@login_required
def export(request: HttpRequest, slug: str) -> HttpResponse:
    access = _staff(request, slug)
    filters = PenaltyFilterForm(request.GET or None, event=access.event)
    filename, mimetype, body = penalties_csv(
        access.event, selectors.penalty_log(access.event, **filters.filters())
    )
    response = HttpResponse(body, content_type=f"{mimetype}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _player(access: EventAccess, values: list[str]) -> Player | None:
    """The player chosen: the first `player` value that names one. The penalty page also has
    the time-limit form's `player` field; a request carrying both must not lose the choice."""
    raw = next((v for v in values if v.isdigit()), None)
    if raw is None:
        return None
    return access.event.players.filter(pk=int(raw)).first()


@login_required
def new(request: HttpRequest, slug: str) -> HttpResponse:
    """Issue a penalty; the player's record and the guide's advice are shown beside the form."""
    access = access_event(request.user, slug, TO, HEAD_JUDGE, FLOOR_JUDGE)
    event = access.event
    if request.method == "POST":
        form = PenaltyForm(request.POST, event=event)
        if form.is_valid():
            data = form.cleaned_data
            try:
                penalty = penalty_issue(
                    event=event,
                    player=data["player"],
                    level=data["level"],
                    category=data["category"],
                    game=data["game"],
                    notes=data["notes"],
                    remedy=data["remedy"],
                    by=actor(request),
                )
            except ServiceError as exc:
                add_service_error(form, exc)
            else:
                if penalty.in_force:
                    messages.success(
                        request, f"{penalty.get_level_display()} recorded for {penalty.player.name}."
                    )
                else:
                    messages.success(
                        request,
                        f"Disqualification of {penalty.player.name} proposed: it awaits confirmation.",
                    )
                return redirect("judging:penalty-new", slug)
        chosen = _player(access, request.POST.getlist("player"))
    else:
        chosen = _player(access, request.GET.getlist("player"))
        form = PenaltyForm(event=event, initial={"player": chosen.pk} if chosen else None)
    context = page(
        access,
        "penalties",
        form=form,
        advice=selectors.penalty_advice(chosen) if chosen is not None else None,
        # Its own ids: it shares field names with the penalty form on the same page, and a
        # label must point at its own field.
        time_limit_form=TimeLimitForm(
            event=event, initial={"player": chosen.pk} if chosen else None, auto_id="time-limit-%s"
        ),
        can_limit=bool(access.roles & {HEAD_JUDGE, FLOOR_JUDGE}),
    )
    return render(request, "judging/penalty_new.html", context)


@login_required
def advice(request: HttpRequest, slug: str) -> HttpResponse:
    """The advice panel for the player picked on the form (loaded by htmx when the choice changes)."""
    access = _staff(request, slug)
    chosen = _player(access, request.GET.getlist("player"))
    context = page(
        access, "penalties", advice=selectors.penalty_advice(chosen) if chosen is not None else None
    )
    return render(request, "judging/_penalty_advice.html", context)


@login_required
@require_POST
def time_limit(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, HEAD_JUDGE, FLOOR_JUDGE)
    form = TimeLimitForm(request.POST, event=access.event)
    if form.is_valid():
        data = form.cleaned_data
        try:
            time_limit_impose(
                event=access.event,
                player=data["player"],
                seconds_per_activation=data["seconds_per_activation"],
                notes=data["notes"],
                by=actor(request),
            )
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(
                request, f"Time limit per activation imposed on {data['player'].name} for this game."
            )
        return redirect(f"{reverse('judging:penalty-new', args=[slug])}?player={data['player'].pk}")
    messages.error(request, "Choose the player the time limit applies to.")
    return redirect("judging:penalty-new", slug)


@login_required
@require_POST
def decide(request: HttpRequest, slug: str, pk: int, decision: str) -> HttpResponse:
    """Confirm or decline a proposed Disqualification (the TO; the Head Judge when the TO plays)."""
    access = _staff(request, slug)
    penalty = Penalty.objects.filter(event=access.event, pk=pk).select_related("player").first()
    if penalty is None or decision not in ("confirm", "decline"):
        raise Http404("No such penalty.")
    form = DecisionForm(request.POST)
    note = form.cleaned_data["note"] if form.is_valid() else ""
    call = disqualification_confirm if decision == "confirm" else disqualification_decline
    if decision == "confirm":
        asking = confirmation_page(
            request,
            access,
            section="penalties",
            title=f"Confirm the Disqualification of {penalty.player.name}?",
            consequence=(
                f"{penalty.player.name}'s event ends: they take no further part and are not eligible "
                "for placings or prizes (OP Guide: Penalties)."
            ),
            button="Confirm the Disqualification",
            cancel=reverse("judging:penalties", args=[slug]),
        )
        if asking is not None:
            return asking
    try:
        call(penalty=penalty, by=actor(request), note=note)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        done = "confirmed: their event is over" if decision == "confirm" else "declined"
        messages.success(request, f"Disqualification of {penalty.player.name} {done}.")
    return redirect("judging:penalties", slug)


@login_required
def mine(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, PLAYER)
    assert access.player is not None
    context = page(access, "my-penalties", penalties=list(selectors.own_penalties(access.player)))
    return render(request, "judging/my_penalties.html", context)
