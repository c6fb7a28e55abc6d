"""What a user has chosen for themselves: which e-mails and pushes Muster sends them, and
the devices (browsers) that receive their pushes (docs/notifications.md, docs/push.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class NotificationKind(models.TextChoices):
    """The moments a player or judge hears from Muster, by e-mail or push (docs/notifications.md).

    OP Guide, "Reporting Results": both players agree the result, the opponent confirms it,
    a judge settles a difference. A player away from the page hears when it is their turn.
    """

    PAIRING = "pairing", "My pairing is published (round, table, opponent)"
    REPORT = "report", "My opponent reported our result and I must confirm it"
    DISPUTE = "dispute", "A result of mine is disputed or corrected by a judge"
    # OP Guide: Roles — judges settle disputes; one away from the queue hears of a new one.
    JUDGING = "judging", "A game at an event I judge goes to the judges, or I join its staff"
    # OP Guide: When Time Is Called. Push only: a mail read after the round is no warning.
    CLOCK = "clock", "The last 15 minutes of my round are called"


# The kinds sent by e-mail (each with a switch of the same name); the last-15-minutes call
# is pushed only.
MAIL_KINDS: tuple[str, ...] = (
    NotificationKind.PAIRING,
    NotificationKind.REPORT,
    NotificationKind.DISPUTE,
    NotificationKind.JUDGING,
)


def push_field(kind: str) -> str:
    """The name of the push switch of a kind: `push_pairing`, ... `push_clock`."""
    return f"push_{NotificationKind(kind).value}"


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
    # The same moments as pushes to the user's devices (docs/push.md), switched apart from the mails.
    push_pairing = models.BooleanField(default=True, verbose_name=NotificationKind.PAIRING.label)
    push_report = models.BooleanField(default=True, verbose_name=NotificationKind.REPORT.label)
    push_dispute = models.BooleanField(default=True, verbose_name=NotificationKind.DISPUTE.label)
    push_judging = models.BooleanField(default=True, verbose_name=NotificationKind.JUDGING.label)
    push_clock = models.BooleanField(default=True, verbose_name=NotificationKind.CLOCK.label)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Notifications of {self.user}"

    def wants(self, kind: str) -> bool:
        """Whether this kind is mailed (the last-15-minutes call never is)."""
        value = NotificationKind(kind).value
        return value in MAIL_KINDS and bool(getattr(self, value))

    def wants_push(self, kind: str) -> bool:
        return bool(getattr(self, push_field(kind)))


class PushSubscription(models.Model):
    """One browser that receives the user's pushes: what its PushManager.subscribe gave.

    The endpoint is the push service's URL for this browser, which the server POSTs to, so
    it is checked against the known push services before it is stored and again before each
    push (accounts.webpush: the SSRF guard). `p256dh` and `auth` are the browser's keys the
    payload is encrypted to (RFC 8291). A push service answering 404 or 410 means the
    browser dropped it: the row is deleted. Failures in a row are counted; a success resets
    them, and the row goes after `webpush.MAX_FAILURES` of them.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1024, unique=True)
    p256dh = models.CharField(max_length=128, help_text="The browser's P-256 public key, base64url.")
    auth = models.CharField(max_length=64, help_text="The browser's 16-byte auth secret, base64url.")
    label = models.CharField(max_length=120, blank=True, help_text="Browser and system, from its User-Agent.")
    created_at = models.DateTimeField(default=timezone.now)
    last_sent_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveSmallIntegerField(default=0, help_text="Pushes failed in a row.")

    class Meta:
        ordering = ("created_at", "id")

    def __str__(self) -> str:
        return f"{self.label or 'A browser'} of {self.user}"

    def info(self) -> dict[str, object]:
        """The subscription as pywebpush (and the browser's toJSON) writes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
