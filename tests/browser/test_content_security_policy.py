"""The Content-Security-Policy in a real browser: Chromium reports no violation on the
site's pages (the TO's, a judge's, a player's, the public ones, the API explorers and
the admin), and the behaviour moved out of inline handlers still works.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.builders.rows import add_player, add_staff, make_event, play_round
from tournaments.models import RoundStatus, StaffRoleKind

pytestmark = [
    pytest.mark.browser,
]

# Runs before any page script: every violation the browser reports is kept on window.
RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(
    e.violatedDirective + " " + (e.blockedURI || "inline") + " " + e.sourceFile + ":" + e.lineNumber
  );
});
"""


@pytest.mark.django_db(transaction=True)
def test_no_page_breaks_the_policy(live_server, chromium_browser, django_user_model):
    from playwright.sync_api import Browser, Page

    browser: Browser = chromium_browser
    base = live_server.url
    users = {
        name: django_user_model.objects.create_user(name, f"{name}@example.org", f"{name}-pass-123")
        for name in ("tina", "bob", "carol", "hank")
    }
    django_user_model.objects.create_superuser("root", "root@example.org", "root-pass-123")
    event = make_event(to=users["tina"], players=2)
    add_player(event, users["bob"], "Bob")
    add_player(event, users["carol"], "Carol")
    add_staff(event, users["hank"], StaffRoleKind.HEAD_JUDGE)
    play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    slug = event.slug

    violations: dict[str, list[str]] = {}
    console: list[str] = []

    def session(username: str | None) -> Page:
        context = browser.new_context()
        context.set_default_timeout(15_000)
        context.add_init_script(RECORD_VIOLATIONS)
        page = context.new_page()

        def note(message: Any) -> None:
            if "Content Security Policy" in message.text:
                console.append(f"{page.url}: {message.text}")

        page.on("console", note)
        if username is not None:
            page.goto(f"{base}/accounts/login/")
            page.fill("#id_username", username)
            page.fill("#id_password", f"{username}-pass-123")
            page.get_by_role("button", name="Log in").click()
            page.wait_for_load_state("networkidle")
        return page

    def visit(page: Page, path: str) -> None:
        response = page.goto(f"{base}{path}")
        assert response is not None
        assert response.status < 400, (path, response.status)
        assert "default-src 'self'" in (response.headers.get("content-security-policy") or ""), path
        if path.endswith(("/clock/", "/screen/")):
            # The projector's clock, its controls and the hall screen poll twice a second
            # (docs/venue.md), so
            # the network is never idle: loaded, and a few polls later, their scripts have run.
            page.wait_for_load_state("load")
            page.wait_for_timeout(1_500)
        else:
            page.wait_for_load_state("networkidle")
        # ReDoc's "API docs by Redocly" badge is an image on redocly's CDN: blocked on
        # purpose (nothing from third parties; a venue is often offline).
        reported = page.evaluate("window.__csp")
        found = [v for v in reported if not v.startswith("img-src https://cdn.redoc.ly/")]
        if found:
            violations[path] = found

    pages = {
        None: ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/", f"/e/{slug}/",
               f"/e/{slug}/pairings/", f"/e/{slug}/standings/", f"/e/{slug}/clock/", f"/e/{slug}/print/",
               f"/e/{slug}/screen/", f"/e/{slug}/overlay/", f"/e/{slug}/tables/1/",
               "/api/docs/", "/api/redoc/"],
        "bob": ["/my-events/", f"/e/{slug}/me/", f"/e/{slug}/conduct/"],
        "hank": [f"/e/{slug}/judge/", f"/e/{slug}/judge/penalties/new/", f"/e/{slug}/judge/chess-clocks/"],
        "tina": [f"/e/{slug}/rounds/1/clock/", f"/e/{slug}/manage/", f"/e/{slug}/manage/settings/",
                 f"/e/{slug}/manage/staff/", f"/e/{slug}/manage/rounds/1/", "/events/new/"],
        "root": ["/admin/", "/admin/tournaments/auditentry/", "/admin/tournaments/event/"],
    }  # fmt: skip
    for who, paths in pages.items():
        page = session(who)
        for path in paths:
            visit(page, path)
        if who is None:
            # The API explorers really render (their scripts ran).
            page.goto(f"{base}/api/docs/")
            page.wait_for_selector(".swagger-ui .info", timeout=15_000)
            page.goto(f"{base}/api/redoc/")
            page.wait_for_selector("text=Muster API", timeout=15_000)
        if who == "tina":
            # data-confirm replaces the inline onclick: dismissing the question keeps Hank.
            page.goto(f"{base}/e/{slug}/manage/staff/")
            questions: list[str] = []

            def dismiss(dialog: object, asked: list[str] = questions) -> None:
                asked.append(dialog.message)  # type: ignore[attr-defined]
                dialog.dismiss()  # type: ignore[attr-defined]

            page.once("dialog", dismiss)
            page.get_by_role("button", name="Remove hank as Head Judge").click()
            page.wait_for_load_state("networkidle")
            assert questions == ["Remove hank as Head Judge?"]
            assert event.staff.filter(user=users["hank"]).exists()
        page.context.close()

    assert violations == {}
    assert [line for line in console if "cdn.redoc.ly" not in line] == []
