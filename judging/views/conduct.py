"""Conduct reports: any participant files one discreetly; only the TO and Head Judge read them."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from judging import selectors
from judging.forms import ConductForm, add_service_error
from judging.services import conduct_report_file
from judging.views.common import actor, page
from tournaments.access import HEAD_JUDGE, TO, access_event
from tournaments.errors import ServiceError


@login_required
def report(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug)
    if not access.roles:
        raise Http404("No such event.")  # outsiders learn nothing
    form = ConductForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            conduct_report_file(
                event=access.event,
                by=actor(request),
                category=data["category"],
                description=data["description"],
                people_involved=data["people_involved"],
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, "Your report was received. Only the TO and the Head Judge can read it.")
            return redirect("judging:conduct", slug)
    sent = list(selectors.conduct_reports_by(access.event, request.user.pk))
    return render(request, "judging/conduct_report.html", page(access, "conduct", form=form, sent=sent))


@login_required
def inbox(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, TO, HEAD_JUDGE)
    reports = list(selectors.conduct_reports(access.event))
    return render(request, "judging/conduct_inbox.html", page(access, "conduct-inbox", reports=reports))
