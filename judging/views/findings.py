"""Illegal rosters found after play began: record, show the smallest fix, correct under supervision."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from judging import selectors
from judging.forms import CorrectionForm, FindingForm, add_service_error
from judging.models import RosterFinding
from judging.services import illegal_roster_correct, illegal_roster_finding
from judging.services.findings import proposed_repair, verdict_violations
from judging.views.common import actor, page
from rosters.models import Roster
from tournaments.access import STAFF, access_event, roster_or_404
from tournaments.errors import ServiceError
from tournaments.services.rosters import roster_preview


@login_required
def index(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, *STAFF)
    rosters = (
        Roster.objects.filter(player__event=access.event, legal=False)
        .select_related("player")
        .order_by("player__name")
    )
    context = page(
        access, "findings", findings=list(selectors.roster_findings(access.event)), illegal=list(rosters)
    )
    return render(request, "judging/findings.html", context)


@login_required
def new(request: HttpRequest, slug: str, roster_id: int) -> HttpResponse:
    access = access_event(request.user, slug, *STAFF)
    roster = roster_or_404(access, roster_id)
    form = FindingForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            finding = illegal_roster_finding(roster=roster, by=actor(request), **data)
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, "Finding recorded. Correct the roster with the player below.")
            return redirect("judging:finding", slug, finding.pk)
    report = roster_preview(
        event=access.event, content=roster.document, player=roster.player, slot=roster.slot
    )
    repair = (
        proposed_repair(access.event, roster.player, roster.slot, roster.document)
        if not report.legal
        else None
    )
    context = page(
        access, "findings", roster=roster, form=form, violations=verdict_violations(report), repair=repair
    )
    return render(request, "judging/finding_new.html", context)


@login_required
def detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = access_event(request.user, slug, *STAFF)
    finding = RosterFinding.objects.filter(event=access.event, pk=pk).select_related("player").first()
    if finding is None:
        raise Http404("No such finding.")
    start = finding.repair["document"] if finding.repair else finding.document
    form = CorrectionForm(
        request.POST or None, initial={"content": json.dumps(start, indent=2, ensure_ascii=False)}
    )
    if request.method == "POST" and form.is_valid():
        try:
            illegal_roster_correct(finding=finding, content=form.cleaned_data["content"], by=actor(request))
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request, f"{finding.player.name}'s roster {finding.slot} is corrected and legal."
            )
            return redirect("judging:finding", slug, finding.pk)
    context = page(access, "findings", finding=finding, form=form)
    return render(request, "judging/finding.html", context)
