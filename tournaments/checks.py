"""System checks for configuration that must be right before the site serves anyone."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register


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


DEFAULT_SITE_URL = "http://127.0.0.1:8000"


@register(Tags.security, deploy=True)
def site_url_is_set(app_configs: Any, **kwargs: Any) -> list[CheckMessage]:
    """Every mail links to SITE_URL (accounts.links): left at its default in production,
    every link in every mail would point at the server's own loopback address."""
    if settings.SITE_URL.rstrip("/") != DEFAULT_SITE_URL:
        return []
    return [
        Warning(
            f"SITE_URL is {DEFAULT_SITE_URL}: links in mails will not reach anyone.",
            hint="Set SITE_URL to the site's public address, e.g. https://tournaments.example.org.",
            id="config.W001",
        )
    ]
