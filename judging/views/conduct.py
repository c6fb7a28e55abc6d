"""Conduct reports: any participant files one discreetly; only the TO and Head Judge read and handle
them, and the reporter sees whether theirs was received or handled."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from judging import selectors
from judging.forms import ConductForm, ConductHandleForm, add_service_error
from judging.services import conduct_report_file, conduct_report_handle
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


FILTERS = (("", "All"), ("open", "Open"), ("handled", "Handled"))


@login_required
def inbox(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, TO, HEAD_JUDGE)
    show = request.GET.get("show", "")
    if show not in selectors.CONDUCT_FILTERS:
        show = ""
    reports = list(selectors.conduct_reports(access.event, status=show))
    context = page(
        access, "conduct-inbox", reports=reports, show=show, filters=FILTERS, form=ConductHandleForm()
    )
    return render(request, "judging/conduct_inbox.html", context)


@login_required
@require_POST
def handle(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The TO or the Head Judge marks a report handled, with a short note of what was done."""
    access = access_event(request.user, slug, TO, HEAD_JUDGE)
    report = selectors.conduct_reports(access.event).filter(pk=pk).first()
    if report is None:
        raise Http404("No such conduct report.")
    try:
        # The service checks the note (present, short) and says so in a sentence.
        conduct_report_handle(report=report, by=actor(request), note=request.POST.get("note", ""))
    except ServiceError as exc:
        messages.error(request, f"Conduct report #{report.pk}: {exc.message}")
    else:
        messages.success(request, f"Conduct report #{report.pk} is marked handled.")
    show = request.POST.get("show", "")
    query = f"?show={show}" if show in selectors.CONDUCT_FILTERS else ""
    return redirect(reverse("judging:conduct-inbox", args=[slug]) + query)
