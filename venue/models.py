"""The venue's own rows (docs/venue.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from tournaments.models import Event

# As long as a line read across a hall, and as a short message anywhere else.
ANNOUNCEMENT_LENGTH = 280


class Announcement(models.Model):
    """A line the TO or the Head Judge puts on every hall screen and on the event's page
    (docs/venue.md, "Announcements") until they withdraw it.

    Withdrawn, not deleted: the audit log names what was shown, and the row says when it
    stopped. Shown while `withdrawn_at` is empty, so what a page shows changes only with a
    write (which moves the event's version), never with the clock alone.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="announcements")
    text = models.CharField(max_length=ANNOUNCEMENT_LENGTH)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        indexes = [models.Index(fields=["event", "withdrawn_at"], name="venue_announcement_shown")]

    def __str__(self) -> str:
        return self.text

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None
