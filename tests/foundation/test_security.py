"""Security settings: the Content-Security-Policy, cookies, and nothing inline that the
policy would block.

The policy allows scripts and styles from this site only, so every page must work
without inline `<script>`, `<style>`, `style="..."` or `on...=` handlers: checked on
the template sources and on rendered pages for every kind of visitor.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.urls import reverse

from accounts.webpush import new_key_pair
from tests.builders.rows import add_player, make_event
from tests.foundation.test_site import _manage

ROOT = Path(__file__).resolve().parents[2]
# Sheets rendered to PDF by WeasyPrint, never served to a browser.
PDF_TEMPLATES = {p for p in (ROOT / "templates" / "print").glob("*.html")}

INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
INLINE_STYLE_ATTR = re.compile(r"\sstyle\s*=", re.IGNORECASE)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.IGNORECASE)
STYLE_ELEMENT = re.compile(r"<style[\s>]", re.IGNORECASE)
JS_URL = re.compile(r"""(href|src|action)\s*=\s*["']\s*javascript:""", re.IGNORECASE)


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def _web_templates() -> list[Path]:
    files = [ROOT / "templates", *sorted((ROOT).glob("*/templates"))]
    found: list[Path] = []
    for base in files:
        found.extend(p for p in base.rglob("*.html") if p not in PDF_TEMPLATES)
    return sorted(found)


def test_templates_have_nothing_inline_the_policy_blocks():
    offences = []
    for path in _web_templates():
        text = path.read_text(encoding="utf-8")
        for name, pattern in (
            ("inline event handler", INLINE_HANDLER),
            ("style attribute", INLINE_STYLE_ATTR),
            ("inline script", INLINE_SCRIPT),
            ("style element", STYLE_ELEMENT),
            ("javascript: URL", JS_URL),
        ):
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                offences.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    assert len(_web_templates()) > 50  # the scan sees the site's templates
    assert offences == []


class _InlineFinder(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name.lower(): value for name, value in attrs}
        if tag == "script" and "src" not in names and names.get("type") != "application/json":
            self.found.append("<script> without src")
        if tag == "style":
            self.found.append("<style>")
        if "style" in names:
            self.found.append(f"style= on <{tag}>")
        self.found.extend(f"{n}= on <{tag}>" for n in names if n.startswith("on"))
        for key in ("href", "src", "action"):
            if (names.get(key) or "").strip().lower().startswith("javascript:"):
                self.found.append(f"javascript: {key} on <{tag}>")


def _inline(html: str) -> list[str]:
    finder = _InlineFinder()
    finder.feed(html)
    return finder.found


@pytest.mark.django_db
def test_every_response_carries_the_policy(client):
    response = client.get(reverse("home"))
    policy = _policy(response)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["base-uri"] == ["'self'"]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    api = client.get("/api/events/")
    assert _policy(api)["default-src"] == ["'self'"]


@pytest.mark.django_db
def test_rendered_pages_have_nothing_inline(client, alice, bob, carol):
    """The main pages as each kind of visitor sees them (allauth's included)."""
    event = make_event(to=alice, players=4)
    add_player(event, bob, "Bob")
    slug = event.slug
    pages = {
        None: ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/",
               f"/e/{slug}/", f"/e/{slug}/pairings/", f"/e/{slug}/standings/", f"/e/{slug}/rosters/",
               f"/e/{slug}/clock/", f"/e/{slug}/print/", "/api/docs/", "/api/events/"],
        bob: ["/my-events/", f"/e/{slug}/me/", f"/e/{slug}/conduct/", "/events/new/"],
        carol: [f"/e/{slug}/join/let-me-in/"],
        alice: [f"/e/{slug}/manage/", f"/e/{slug}/manage/settings/", f"/e/{slug}/manage/staff/",
                f"/e/{slug}/manage/players/", f"/e/{slug}/manage/rosters/", f"/e/{slug}/manage/audit/",
                f"/e/{slug}/judge/", f"/e/{slug}/judge/penalties/new/", f"/e/{slug}/judge/drafts/",
                f"/e/{slug}/print/"],
    }  # fmt: skip
    offences = {}
    for user, urls in pages.items():
        if user is None:
            client.logout()
        else:
            client.force_login(user)
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, url
            found = (
                _inline(response.content.decode()) if response["Content-Type"].startswith("text/html") else []
            )
            if found:
                offences[url] = found
    assert offences == {}


@pytest.mark.django_db
def test_the_api_explorers_get_only_the_exceptions_they_need(client):
    swagger = client.get("/api/docs/")
    assert _inline(swagger.content.decode()) == []
    assert "'unsafe-inline'" not in swagger["Content-Security-Policy"]
    setup_script = client.get("/api/docs/?script=")
    assert setup_script.status_code == 200
    assert "javascript" in setup_script["Content-Type"]
    redoc = _policy(client.get("/api/redoc/"))
    assert redoc["style-src"] == ["'self'", "'unsafe-inline'"]
    assert redoc["worker-src"] == ["'self'", "blob:"]  # the site's service worker, and ReDoc's blob: one
    assert redoc["script-src"] == ["'self'"]


@pytest.mark.django_db
def test_session_and_csrf_cookies_are_http_only(client, alice):
    page = client.get(reverse("login"))
    assert page.cookies["csrftoken"]["httponly"]
    assert page.cookies["csrftoken"]["samesite"] == "Lax"
    response = client.post(reverse("login"), {"username": "alice", "password": "alice-pass-123"})
    assert response.status_code == 302
    assert response.cookies["sessionid"]["httponly"]
    assert response.cookies["sessionid"]["samesite"] == "Lax"


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-production-grade-secret-key-" + "x" * 40,
    "ALLOWED_HOSTS": "tournaments.example.org",
    "SITE_URL": "https://tournaments.example.org",  # mails link here (check --deploy warns without)
}


def test_production_settings_are_hardened():
    names = [
        "SESSION_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY", "CSRF_COOKIE_SECURE", "CSRF_COOKIE_HTTPONLY",
        "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS",
        "SECURE_HSTS_PRELOAD", "SECURE_CONTENT_TYPE_NOSNIFF", "X_FRAME_OPTIONS", "EMAIL_BACKEND",
        "ACCOUNT_DEFAULT_HTTP_PROTOCOL",
    ]  # fmt: skip
    code = (
        "from django.conf import settings; import json; "
        f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}))"
    )
    result = _manage("shell", "-c", code, env_overrides=PRODUCTION)
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout.strip().splitlines()[-1])
    assert values == {
        "SESSION_COOKIE_SECURE": True,
        "SESSION_COOKIE_HTTPONLY": True,
        "CSRF_COOKIE_SECURE": True,
        "CSRF_COOKIE_HTTPONLY": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_HSTS_PRELOAD": True,
        "SECURE_CONTENT_TYPE_NOSNIFF": True,
        "X_FRAME_OPTIONS": "DENY",
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "ACCOUNT_DEFAULT_HTTP_PROTOCOL": "https",
    }


def test_check_deploy_is_clean_with_mail_and_every_security_setting():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env_overrides=PRODUCTION
        | {
            "EMAIL_URL": "smtps://mailer:secret@mail.example.org",
            # Push on (docs/push.md): without a key `check --deploy` warns that it is off.
            "WEBPUSH_VAPID_PRIVATE_KEY": new_key_pair()[0],
        },
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_warns_when_push_is_off():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env_overrides=PRODUCTION | {"EMAIL_URL": "smtps://mailer:secret@mail.example.org"},
    )
    assert result.returncode != 0
    assert "accounts.W001" in result.stdout + result.stderr
