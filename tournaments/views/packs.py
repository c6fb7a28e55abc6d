"""The TO's data pack page: supply the event's datapack/1 file or go back to the built-in one.

Issue 12, "TO-supplied packs": the file is checked before anything is kept, and a problem
is shown with its line so the TO can fix the file in an editor and upload it again.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from rules_engine.registry import get_system
from tournaments.access import TO, access_event
from tournaments.errors import ServiceError
from tournaments.selectors import supplied_pack
from tournaments.services.packs import event_pack_remove, event_pack_supply
from tournaments.views.common import actor, nav_context


class PackUploadForm(forms.Form):
    pack = forms.FileField(
        label="Data pack file (datapack/1 JSON)",
        help_text="Every roster of the event is judged against this pack instead of the built-in one.",
    )


@login_required
def pack(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug, TO)
    event = access.event
    form = PackUploadForm()
    if request.method == "POST" and "remove" in request.POST:
        try:
            event_pack_remove(event=event, actor=actor(request))
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, "The event uses the built-in pack again; rosters were judged again.")
        return redirect("manage-pack", event.slug)
    if request.method == "POST":
        form = PackUploadForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["pack"]
            try:
                supplied = event_pack_supply(
                    event=event, actor=actor(request), content=upload.read(), filename=upload.name or ""
                )
            except ServiceError as exc:
                form.add_error("pack", exc.message)
            else:
                messages.success(
                    request, f"Pack {supplied.short_fingerprint} saved; every roster was judged against it."
                )
                return redirect("manage-pack", event.slug)
    context = nav_context(access, "manage") | {
        "form": form,
        "pack": supplied_pack(event),
        "system": get_system(event.game_system),
    }
    return render(request, "tournaments/manage/pack.html", context, status=400 if form.errors else 200)
