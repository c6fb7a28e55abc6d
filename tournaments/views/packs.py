"""The event's data pack: the page anyone who may read the event sees (what the pack in
effect lists, how a pack is written) and its download; the TO's page to supply the
event's datapack/1 file or go back to the built-in one.

The TO's file is checked before anything is kept, and a problem is shown with its line so
the TO can fix the file in an editor and upload it again. Players judged against a pack
must be able to read it: the download is the very document their rosters are judged by.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from rules_engine.datapack import entry_lists
from tournaments.access import TO, access_event
from tournaments.bridges.rules import pack_document_in_effect
from tournaments.errors import ServiceError
from tournaments.selectors import supplied_pack
from tournaments.services.packs import event_pack_remove, event_pack_supply
from tournaments.views.common import actor, nav_context


def pack_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The pack in effect, read-only, for anyone who may read the event."""
    access = access_event(request.user, slug)
    document = pack_document_in_effect(access.event)
    context = nav_context(access, "pack") | {
        "pack": supplied_pack(access.event),
        "system": access.event.system,
        "document": document,
        "lists": entry_lists(document) if document is not None else (),
    }
    return render(request, "tournaments/pack.html", context)


def pack_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The datapack/1 file the event's rosters are judged against, as a JSON download."""
    access = access_event(request.user, slug)
    document = pack_document_in_effect(access.event)
    if document is None:
        raise Http404("No data pack is in effect for this event.")
    supplied = supplied_pack(access.event)
    effective = document.get("effective", "")
    filename = (supplied.filename if supplied else "") or f"{access.event.slug}-pack-{effective}.json"
    filename = "".join(ch for ch in filename if ch.isalnum() or ch in "-_.") or "pack.json"
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


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
        "system": event.system,
    }
    return render(request, "tournaments/manage/pack.html", context, status=400 if form.errors else 200)
