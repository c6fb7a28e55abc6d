"""A browser subscribing to the user's pushes (docs/push.md); the low level is accounts.webpush.

The endpoint is a URL the server will POST to, so it is checked before it is stored (the
SSRF guard, accounts.webpush.endpoint_refusal) and again before every push. The same
browser subscribing again (the table view re-sends its subscription on each visit) updates
its row; a browser another account subscribed passes to this one: it is the same phone,
now used by whoever is signed in on it.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts import webpush
from accounts.models import PushSubscription
from tournaments.errors import ServiceError

# Devices one account may have notified at once: a person's phones and browsers, with room
# to spare, never a list that grows without bound.
MAX_DEVICES = 20


@transaction.atomic
def push_subscribe(
    *, user: AbstractBaseUser, endpoint: str, p256dh: str, auth: str, user_agent: str = ""
) -> tuple[PushSubscription, bool]:
    """Store (or refresh) this browser's subscription for `user`; (the row, whether it is new)."""
    if not webpush.push_available():
        raise ServiceError(
            "Push notifications are not set up on this site: you are notified by e-mail.",
            code="push-unavailable",
        )
    refused = webpush.endpoint_refusal(endpoint)
    if refused is not None:
        raise ServiceError(refused.message, code=refused.code, field="endpoint")
    refused = webpush.keys_refusal(p256dh, auth)
    if refused is not None:
        raise ServiceError(refused.message, code=refused.code, field="keys")
    existing = PushSubscription.objects.select_for_update().filter(endpoint=endpoint).first()
    label = webpush.device_label(user_agent)
    if existing is None:
        if PushSubscription.objects.filter(user_id=user.pk).count() >= MAX_DEVICES:
            raise ServiceError(
                f"You have {MAX_DEVICES} devices notified already: remove one first "
                "(E-mail and push notifications).",
                code="push-too-many-devices",
            )
        created = PushSubscription.objects.create(
            user_id=user.pk, endpoint=endpoint, p256dh=p256dh, auth=auth, label=label
        )
        return created, True
    existing.user_id = user.pk
    existing.p256dh, existing.auth, existing.label, existing.failures = p256dh, auth, label, 0
    existing.save(update_fields=["user", "p256dh", "auth", "label", "failures"])
    return existing, False
