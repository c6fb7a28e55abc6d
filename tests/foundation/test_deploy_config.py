"""The nginx files in deploy/nginx/ say what docs/configuration.md promises of them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROXY = ROOT / "deploy" / "nginx" / "muster-proxy.conf"
SITE = ROOT / "deploy" / "nginx" / "muster.conf"


def _directives(text: str) -> dict[str, str]:
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    found: dict[str, str] = {}
    for line in lines:
        match = re.fullmatch(r"([a-z_]+)\s+(.+?);", line)
        if match:
            found.setdefault(match.group(1), match.group(2))
    return found


def test_the_proxy_reads_whole_requests_before_gunicorn_sees_them():
    settings = _directives(PROXY.read_text())
    assert settings["proxy_request_buffering"] == "on"
    assert settings["proxy_buffering"] == "on"
    assert settings["client_body_timeout"] == "10s"
    assert settings["client_header_timeout"] == "10s"
    assert settings["proxy_pass"] == "http://muster"


def test_the_body_limit_is_above_every_upload_the_app_takes():
    from django.conf import settings as django_settings

    from tournaments.services.players import PLAYERS_CSV_MAX_CHARS

    limit = _directives(PROXY.read_text())["client_max_body_size"]
    assert limit.endswith("m")
    allowed = int(limit[:-1]) * 1024 * 1024
    assert allowed > (django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0)
    assert allowed > PLAYERS_CSV_MAX_CHARS * 4  # a UTF-8 list, four bytes a character at most


def test_the_proxy_passes_the_client_address_and_scheme_the_app_reads():
    text = PROXY.read_text()
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in text
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in text
    from django.conf import settings as django_settings

    assert django_settings.ALLAUTH_TRUSTED_PROXY_COUNT >= 0


def test_the_site_includes_the_proxy_file_and_reaches_gunicorns_default_address():
    site = SITE.read_text()
    assert "include /srv/muster/deploy/nginx/muster-proxy.conf;" in site
    assert "server 127.0.0.1:8000;" in site  # config/gunicorn.conf.py's default GUNICORN_BIND
    assert "return 301 https://$host$request_uri;" in site
