"""The TO sets the event's scoring bands and bye score, on the event's settings page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from tournaments.access import TO, access_event
from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.scoring_forms import ScoringForm
from tournaments.services.scoring import event_scoring_set, scoring_of
from tournaments.views.common import actor

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
    from tournaments.views.manage import settings_page

    return settings_page(request, access, scoring_form=form)
