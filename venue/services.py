"""The venue's writes: announcements posted and withdrawn (docs/venue.md, "Announcements").

Each is atomic, audited, and moves the event's version last (tournaments.services.versions),
so every hall screen and the event's page show the change on their next poll.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.services.audit import audit
from tournaments.services.versions import event_touch
from tournaments.unstorable import unstorable_character
from venue.models import ANNOUNCEMENT_LENGTH, Announcement


def _clean_text(text: str) -> str:
    """One announcement's text: trimmed, not empty, short enough for a line across a hall."""
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ServiceError(
            "Write the announcement first: it is empty.", code="announcement-empty", field="text"
        )
    if len(cleaned) > ANNOUNCEMENT_LENGTH:
        raise ServiceError(
            f"An announcement holds at most {ANNOUNCEMENT_LENGTH} characters; this one has {len(cleaned)}.",
            code="announcement-too-long",
            field="text",
        )
    if (found := unstorable_character(cleaned)) is not None:
        raise ServiceError(
            f"The announcement holds a character that cannot be stored ({found}).",
            code="invalid",
            field="text",
        )
    return cleaned


@transaction.atomic
def announcement_post(*, event: Event, by: AbstractBaseUser, text: str) -> Announcement:
    """Show `text` on the hall screens and the event's page until it is withdrawn.

    Whitespace is folded to single spaces (a screen shows one line, wrapped), so what is
    stored is what is shown."""
    cleaned = _clean_text(text)
    announcement = Announcement.objects.create(event=event, text=cleaned, created_by_id=by.pk)
    audit(
        event=event,
        actor=by,
        action="announcement-posted",
        subject=f"Announcement {announcement.pk}",
        data={"text": cleaned},
    )
    event_touch(event)
    return announcement


@transaction.atomic
def announcement_withdraw(*, announcement: Announcement, by: AbstractBaseUser) -> Announcement:
    """Take an announcement off every screen (it stays on record, withdrawn)."""
    row = Announcement.objects.select_for_update().get(pk=announcement.pk)
    if row.withdrawn_at is not None:
        raise ServiceError("That announcement has already been withdrawn.", code="announcement-withdrawn")
    row.withdrawn_at = timezone.now()
    row.withdrawn_by_id = by.pk
    row.save(update_fields=["withdrawn_at", "withdrawn_by"])
    audit(
        event=announcement.event,
        actor=by,
        action="announcement-withdrawn",
        subject=f"Announcement {row.pk}",
        data={"text": row.text},
    )
    event_touch(row.event_id)
    return row
