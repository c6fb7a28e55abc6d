"""The event's settings page: the settings of the event listing (OP Guide: The Tournament
Organiser announces them) and, below them, the scoring bands and bye score, each saved by
its own form and shown again with what the TO typed when it is refused; and the page that
copies the event into a new one with the same set-up."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tournaments.access import TO, EventAccess, access_event
from tournaments.errors import ServiceError
from tournaments.forms.common import add_service_error
from tournaments.forms.copy import EventCopyForm
from tournaments.forms.scoring import ScoringForm
from tournaments.forms.settings import EventForm, schedule_initial, tables_text
from tournaments.models import Event
from tournaments.selectors import deadline_warning
from tournaments.services.event_copy import NOT_COPIED, EventCopy, event_copy
from tournaments.services.events import EDITABLE_FIELDS, event_update, tables_set
from tournaments.services.scoring import event_scoring_set, scoring_of
from tournaments.views.common import actor, nav_context


def event_initial(event: Event) -> dict[str, Any]:
    initial = {key: getattr(event, key) for key in EDITABLE_FIELDS}
    initial["tables"] = tables_text([(t.number, t.layout) for t in event.tables.order_by("number")])
    initial["schedule"] = schedule_initial(event.schedule)
    return initial


@login_required
def settings(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, TO)
    event = access.event
    form = EventForm(request.POST or None, initial=event_initial(event))
    if request.POST.get("refresh_system"):  # another system's fields, without JavaScript
        return settings_page(request, access, form=form.shown_as_typed())
    if request.method == "POST" and form.is_valid():
        user = actor(request)
        try:
            with transaction.atomic():
                event_update(event=event, actor=user, name=form.cleaned_data["name"], **form.event_fields())
                tables = form.cleaned_data["tables"]
                current = [(t.number, t.layout) for t in event.tables.order_by("number")]
                if tables != current:
                    tables_set(event=event, actor=user, tables=tables)
        except ServiceError as exc:
            event.refresh_from_db()
            add_service_error(form, exc)
        else:
            messages.success(request, "Settings saved.")
            return redirect("manage-settings", event.slug)
    return settings_page(request, access, form=form)


def settings_page(
    request: HttpRequest,
    access: EventAccess,
    *,
    form: EventForm | None = None,
    scoring_form: ScoringForm | None = None,
) -> HttpResponse:
    """The settings page: the event's settings and, below them, its scoring bands and bye."""
    event = access.event
    context = nav_context(access, "manage") | {
        "form": form or EventForm(initial=event_initial(event)),
        "deadline_warning": deadline_warning(event),
        **scoring_context(event, scoring_form),
    }
    return render(request, "tournaments/manage/settings.html", context)


PREFIX = "scoring"


def scoring_context(event: Event, form: ScoringForm | None = None) -> dict[str, Any]:
    """What the settings page shows of the scoring: the form, prefilled, and whose bands they are."""
    scoring = scoring_of(event)
    return {
        "scoring_form": form or ScoringForm(scoring=scoring, prefix=PREFIX),
        "scoring_custom": scoring.override is not None,
    }


@login_required
@require_POST
def scoring_save(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, TO)
    event = access.event
    form = ScoringForm(request.POST, scoring=scoring_of(event), prefix=PREFIX)
    if form.is_valid():
        try:
            event_scoring_set(event=event, scoring=form.scoring(), by=actor(request))
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, "Scoring saved.")
            return redirect(f"/e/{event.slug}/manage/settings/#scoring")
    # Shown again on the settings page, with what the TO typed and why it was refused.
    return settings_page(request, access, scoring_form=form)


def _copied_message(copied: EventCopy, source: Event) -> str:
    """What the TO reads on the copy's settings page: what came over, what did not, and
    what to look at again."""
    parts = [
        f"{copied.event.name} is a new draft copy of {source.name}.",
        f"Copied: {'; '.join(copied.copied)}.",
        f"Not copied: {'; '.join(copied.not_copied)}.",
    ]
    if copied.to_check:
        parts.append(f"Check {' and '.join(copied.to_check)}.")
    return " ".join(parts)


@login_required
def event_copy_view(request: HttpRequest, slug: str) -> HttpResponse:
    """Copy this event (docs/features.md, "Copying an event"): the TO names the new event and
    its dates; it opens on the new event's settings page, saying what was copied."""
    access = access_event(request.user, slug, TO)
    event = access.event
    form = EventCopyForm(request.POST or None, event=event)
    if event.side_event_of_id is None and request.method == "POST" and form.is_valid():
        try:
            copied = event_copy(
                event=event,
                by=actor(request),
                name=form.cleaned_data["name"],
                starts_on=form.cleaned_data["starts_on"],
                ends_on=form.cleaned_data["ends_on"],
            )
        except ServiceError as exc:
            add_service_error(form, exc)
        else:
            messages.success(request, _copied_message(copied, event))
            return redirect("manage-settings", copied.event.slug)
    context = nav_context(access, "manage") | {"form": form, "not_copied": NOT_COPIED}
    return render(request, "tournaments/manage/copy.html", context)
