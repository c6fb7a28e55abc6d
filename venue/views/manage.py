"""The TO's hall screens page (docs/venue.md): links for each screen, built from checkboxes,
and the announcements the screens show. The TO and the Head Judge use it (they run the
floor together: OP Guide, Roles)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments.access import HEAD_JUDGE, TO, EventAccess, access_event
from tournaments.errors import ServiceError
from tournaments.views.common import actor, nav_context
from venue.forms import AnnouncementForm, ScreenForm, add_service_error
from venue.selectors import VIEWS, announcement_or_404, recent_announcements
from venue.services import announcement_post, announcement_withdraw


def _page(
    request: HttpRequest, access: EventAccess, *, form: AnnouncementForm | None = None, status: int = 200
) -> HttpResponse:
    screen_url = reverse("venue:screen", args=[access.event.slug])
    chosen = ScreenForm(request.GET) if "show" in request.GET else ScreenForm(initial={"show": list(VIEWS)})
    link = ""
    if chosen.is_bound and chosen.is_valid():
        query = urlencode({"show": ",".join(chosen.cleaned_data["show"])}, safe=",")
        link = request.build_absolute_uri(f"{screen_url}?{query}")
    context = nav_context(access, "screens") | {
        "screen_form": chosen,
        "link": link,
        "examples": [
            ("Everything, in turn", f"{screen_url}?show=pairings,names,standings,announcements"),
            ("Find your table, by the door", f"{screen_url}?show=names"),
            ("The round clock alone", f"{screen_url}?show=clock"),
        ],
        "form": form or AnnouncementForm(),
        "announcements": recent_announcements(access.event),
    }
    return render(request, "venue/screens.html", context, status=status)


@login_required
def screens(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, TO, HEAD_JUDGE)
    if request.method != "POST":
        return _page(request, access)
    form = AnnouncementForm(request.POST)
    if form.is_valid():
        try:
            announcement_post(event=access.event, by=actor(request), text=form.cleaned_data["text"])
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, "Announcement posted: the screens show it within a few seconds.")
            return redirect("venue:screens", slug)
    return _page(request, access, form=form, status=400)


@login_required
@require_POST
def withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    access = access_event(request.user, slug, TO, HEAD_JUDGE)
    announcement = announcement_or_404(access, pk)
    try:
        announcement_withdraw(announcement=announcement, by=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Announcement withdrawn from the screens.")
    return redirect("venue:screens", slug)
