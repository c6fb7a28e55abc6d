"""System checks for configuration that must be right before the site serves anyone."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, register


@register()
def secret_key_is_set(app_configs: Any, **kwargs: Any) -> list[CheckMessage]:
    if settings.DEBUG or settings.SECRET_KEY_CONFIGURED:
        return []
    return [
        Error(
            "SECRET_KEY must be set when DEBUG is off.",
            hint="Set the SECRET_KEY environment variable (or DEBUG=1 for local development).",
            id="config.E001",
        )
    ]
