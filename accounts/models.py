"""What a user has chosen for themselves: which e-mails Muster sends them."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class NotificationKind(models.TextChoices):
    """The moments a player or judge hears from Muster by e-mail (docs/notifications.md).

    OP Guide, "Reporting Results": both players agree the result, the opponent confirms it,
    a judge settles a difference. A player away from the page hears when it is their turn.
    """

    PAIRING = "pairing", "My pairing is published (round, table, opponent)"
    REPORT = "report", "My opponent reported our result and I must confirm it"
    DISPUTE = "dispute", "A result of mine is disputed or corrected by a judge"
    # OP Guide: Roles — judges settle disputes; one away from the queue hears of a new one.
    JUDGING = "judging", "A game at an event I judge goes to the judges, or I join its staff"


class NotificationPreference(models.Model):
    """One row per user who changed anything; without a row every notification is on.

    Mail goes only to an account with an e-mail address; turning a kind off here is
    honoured when the mail is sent (the task reads this row), so a change made while a
    mail waits in the queue still counts.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preference"
    )
    pairing = models.BooleanField(default=True, verbose_name=NotificationKind.PAIRING.label)
    report = models.BooleanField(default=True, verbose_name=NotificationKind.REPORT.label)
    dispute = models.BooleanField(default=True, verbose_name=NotificationKind.DISPUTE.label)
    judging = models.BooleanField(default=True, verbose_name=NotificationKind.JUDGING.label)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Notifications of {self.user}"

    def wants(self, kind: str) -> bool:
        return bool(getattr(self, NotificationKind(kind).value))
