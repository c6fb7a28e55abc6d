"""A TO supplies the event's data pack ("TO-supplied packs").

Dropzone Commander and MORSDEI print no faction data (each system's DECISIONS.md), so the
TO writes the event's pack; any system's TO may hand in an erratum the same way. The pack
is checked whole before anything is stored (a malformed pack changes nothing), kept with
its fingerprint, and every roster already submitted is judged again against it, so the
roster board never shows a verdict from a pack the event no longer uses.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from rules_engine.datapack import PackError
from rules_engine.supplied_pack import MAX_BYTES, read_supplied_pack
from tournaments.errors import ServiceError, TooLarge
from tournaments.models import Event, EventPack, EventStatus
from tournaments.services.audit import audit
from tournaments.services.rosters import rosters_judge_again
from tournaments.services.versions import event_touch
from tournaments.unstorable import find_unstorable, unstorable_message

PACK_MAX_BYTES = MAX_BYTES


def _refuse_when_finished(event: Event) -> None:
    if event.status == EventStatus.FINISHED:
        raise ServiceError(
            "The event is finished: its rosters were judged against the pack it had.",
            code="event-finished",
        )


@transaction.atomic
def event_pack_supply(
    *, event: Event, actor: AbstractBaseUser, content: bytes | str, filename: str = ""
) -> EventPack:
    """Check and store the event's pack, replacing any earlier one; re-judge the rosters."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _refuse_when_finished(event)
    if len(content) > PACK_MAX_BYTES:
        raise TooLarge(
            f"The pack is {len(content) // 1024} KB; a pack may be at most "
            f"{PACK_MAX_BYTES // 1024} KB. Nothing was changed.",
            field="pack",
        )
    system = event.system
    try:
        checked = read_supplied_pack(system, content)
    except PackError as exc:
        raise ServiceError(f"The pack was not saved: {exc}", code="pack-invalid", field="pack") from None
    hit = find_unstorable(checked.document)
    if hit is not None:
        raise ServiceError(unstorable_message(hit[1]), code="pack-invalid", field="pack")
    label = checked.label
    pack, _ = EventPack.objects.update_or_create(
        event=event,
        defaults={
            "document": checked.document,
            "fingerprint": checked.fingerprint,
            "filename": filename[:200],
            "effective": label.effective[:40],
            "source": label.source[:500],
            "sample": label.sample,
            "uploaded_by_id": actor.pk if actor.is_authenticated else None,
        },
    )
    rejudged = rosters_judge_again(event)
    audit(
        event=event,
        actor=actor,
        action="pack-supplied",
        subject=filename or "data pack",
        data={
            "fingerprint": checked.fingerprint,
            "effective": label.effective,
            "sample": label.sample,
            "rosters_changed": rejudged,
        },
    )
    event_touch(event)
    return pack


@transaction.atomic
def event_pack_remove(*, event: Event, actor: AbstractBaseUser) -> None:
    """Go back to the system's built-in pack; the rosters are judged again against it."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _refuse_when_finished(event)
    pack = EventPack.objects.filter(event=event).first()
    if pack is None:
        raise ServiceError("The event has no pack of its own.", code="not-found", field="pack")
    fingerprint = pack.fingerprint
    pack.delete()
    rejudged = rosters_judge_again(event)
    audit(
        event=event,
        actor=actor,
        action="pack-removed",
        subject="data pack",
        data={"fingerprint": fingerprint, "rosters_changed": rejudged},
    )
    event_touch(event)
