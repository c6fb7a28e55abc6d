"""Side events (OP Guide: Side Events): the TO adds them to a main event; its players join in one tap."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments.access import TO, access_event
from tournaments.errors import ServiceError
from tournaments.forms.common import add_service_error
from tournaments.forms.side_events import SideEventForm
from tournaments.models import Event
from tournaments.selectors import side_events_of
from tournaments.services.side_events import side_event_create, side_event_delete, side_event_join
from tournaments.views.common import actor, confirmation_page, nav_context


@login_required
def side_events(request: HttpRequest, slug: str) -> HttpResponse:
    """The main event's side events, and the form that adds one (the TO)."""
    access = access_event(request.user, slug, TO)
    event = access.event
    form = SideEventForm(request.POST or None, system=event.system)
    if event.side_event_of_id is None and request.method == "POST" and form.is_valid():
        try:
            side = side_event_create(
                main=event, actor=actor(request), name=form.cleaned_data["name"], **form.event_fields()
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(
                request,
                f"{side.name} is created. Players of {event.name} join it in one tap from the event page.",
            )
            return redirect("manage-side-events", event.slug)
    context = nav_context(access, "manage") | {
        "form": form,
        "side_events": side_events_of(event, request.user),
    }
    return render(request, "tournaments/manage/side_events.html", context)


@login_required
@require_POST
def side_event_join_view(request: HttpRequest, slug: str) -> HttpResponse:
    """One tap: a player of the main event enters the side event `slug` (no code, no form)."""
    access = access_event(request.user, slug)
    side = access.event
    try:
        side_event_join(side=side, user=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
        back = side.side_event_of.slug if side.side_event_of is not None else side.slug
        return redirect("event", back)
    messages.success(request, f"You are in {side.name}. Your pairings appear on its page.")
    return redirect("me", side.slug)


@login_required
@require_POST
def side_event_delete_view(request: HttpRequest, slug: str, side_slug: str) -> HttpResponse:
    """The main event's TO deletes a side event nobody has played yet (the refusal says what
    to do instead once it has)."""
    access = access_event(request.user, slug, TO)
    side = Event.objects.filter(slug=side_slug, side_event_of=access.event).first()
    if side is None:
        raise Http404("No such side event.")
    name = side.name
    asking = confirmation_page(
        request,
        access,
        section="manage",
        title=f"Delete {name}?",
        consequence=f"{name} is deleted for good, with its players' entries and rosters.",
        button=f"Delete {name} for good",
        cancel=reverse("manage-side-events", args=[access.event.slug]),
    )
    if asking is not None:
        return asking
    try:
        side_event_delete(main=access.event, side=side, actor=actor(request))
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{name} is deleted, with its players' entries.")
    return redirect("manage-side-events", access.event.slug)
