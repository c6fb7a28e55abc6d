"""Absolute links for mails: one public address, SITE_URL, for every mail Muster sends.

A mail sent by a task has no request to take a host from, and a request's host is only
the address that one visitor used (a LAN address, a port a proxy hides), so sign-up,
password-reset, invitation and notification mails all build their links from SITE_URL
(`make run` sets it from HOST and PORT; production sets it: docs/configuration.md).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings


def site_root() -> str:
    return str(settings.SITE_URL).rstrip("/")


def absolute(path_or_url: str) -> str:
    """SITE_URL joined with the path (and query) of `path_or_url`."""
    parts = urlsplit(path_or_url)
    tail = parts.path + (f"?{parts.query}" if parts.query else "")
    return site_root() + tail
