"""System checks for Web Push (docs/push.md): a key that cannot be read is an error; no key
in production a warning, since players then hear by mail only."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register

from accounts.webpush import load_private_key


@register()
def vapid_key_readable(app_configs: Any, **kwargs: Any) -> list[CheckMessage]:
    text = settings.WEBPUSH_VAPID_PRIVATE_KEY
    if not text:
        return []
    try:
        load_private_key(text)
    except ValueError as exc:
        return [
            Error(
                f"WEBPUSH_VAPID_PRIVATE_KEY cannot be read ({exc}): push notifications are off.",
                hint="Set it to the value `manage.py webpush_keys` prints, or to a P-256 private key in PEM.",
                id="accounts.E001",
            )
        ]
    return []


@register(Tags.security, deploy=True)
def push_is_configured(app_configs: Any, **kwargs: Any) -> list[CheckMessage]:
    if settings.WEBPUSH_VAPID_PRIVATE_KEY or settings.DEBUG:
        return []
    return [
        Warning(
            "WEBPUSH_VAPID_PRIVATE_KEY is not set: push notifications are off, players hear by e-mail only.",
            hint="Run `manage.py webpush_keys` and set WEBPUSH_VAPID_PRIVATE_KEY to the key it prints.",
            id="accounts.W001",
        )
    ]
