"""What every browser test shares: Debian's Chromium (never a downloaded browser), launched
headless with the flags CI uses, one browser per test, logging in through the real form,
where screenshots go, and the axe-core accessibility scan.

The screenshots are written to `MUSTER_SCREENSHOTS` when it is set (`make screenshots`
sets it to docs/screenshots, the committed ones) and to a temporary folder otherwise, so an
ordinary test run never changes a tracked file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Debian's chromium, or the binary MUSTER_CHROMIUM names (never a downloaded browser).
CHROMIUM = Path(os.environ.get("MUSTER_CHROMIUM") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

REPO = Path(__file__).resolve().parents[2]
# `.ci/run` installs the pinned axe-core here (npm install --prefix var/node axe-core@AXE_VERSION).
AXE_VERSION = "4.10.2"

# A legal Skirmish roster in the text format a player pastes (Terran, 1000/1000 minerals).
ROSTER_TEXT = """Player: {name}
Faction: Terran Armed Forces
Scale: skirmish

Cards:
Barracks
Factory
Orbital Command

Units:
9x Marine (Combat Shield, Grenades - Frag, Bayonet)
2x Marauder (Laser Targeting Systems)
2x Marauder (Veteran of Tarsonis, Kinetic Foam)
3x Medic (Stabilizer Medpacks)
1x Goliath (Scatter Missiles)

Missions:
Supply Drop
Gather the Resources

Deployments:
Abandoned Camp
Agria Valley
"""
AXE_JS = REPO / "var" / "node" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(autouse=True)
def _allow_orm_beside_playwright(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playwright's sync API runs an event loop in this thread; the ORM calls a test makes
    (creating users, rows) would otherwise be refused as "async unsafe"."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def _mails_link_to_the_live_server(request: pytest.FixtureRequest) -> None:
    """Mails link to SITE_URL (accounts.links): in a browser test, the live server's address,
    as `make run` sets it from HOST and PORT."""
    if "live_server" in request.fixturenames:
        settings = request.getfixturevalue("settings")
        settings.SITE_URL = request.getfixturevalue("live_server").url


@pytest.fixture
def chromium_browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where the screenshots go: MUSTER_SCREENSHOTS if set (to look at them), else a temp dir."""
    folder = Path(os.environ.get("MUSTER_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_page(browser: Any, viewport: dict[str, int] | None = None, timeout_ms: int = 10_000) -> Any:
    """A page in a browser context of its own (its own cookies: one person)."""
    context = browser.new_context(viewport=viewport or PHONE)
    context.set_default_timeout(timeout_ms)
    return context.new_page()


def log_in(page: Any, base: str, username: str, password: str | None = None) -> None:
    """Through the login form, as a person does; the fixtures' password is `<name>-pass-123`."""
    from playwright.sync_api import expect

    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Login").fill(username)  # a username or an e-mail address
    page.get_by_label("Password").fill(password or f"{username}-pass-123")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_attached()


def axe_source() -> str:
    """The pinned axe-core, or a failure saying how to install it (without it the browser
    tests are skipped at collection, or the run refused under MUSTER_BROWSER_REQUIRED)."""
    if not AXE_JS.exists():
        pytest.fail(
            f"axe-core is not installed at {AXE_JS.relative_to(REPO)}: run "
            f"`npm install --prefix var/node axe-core@{AXE_VERSION}` (.ci/run does)."
        )
    return AXE_JS.read_text(encoding="utf-8")


def axe_scan(page: Any) -> dict[str, Any]:
    """Run axe-core on the page as it stands (WCAG 2.x A and AA rules and best practices).

    The site's Content-Security-Policy allows no inline or third-party script, so the
    engine goes in through `page.evaluate` (DevTools evaluation is not subject to the
    page's CSP) rather than a <script> tag. Returns each violation with its impact and
    the number of elements it touches.
    """
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source())
    raw = page.evaluate(
        """async () => {
          const r = await axe.run(document, {resultTypes: ["violations"]});
          return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 5), count: v.nodes.length}));
        }"""
    )
    return {"url": page.url, "violations": raw}


def serious(scan: dict[str, Any]) -> list[str]:
    """The serious and critical violations of a scan, readable in a failure message."""
    return [
        f"{v['impact']} {v['id']}: {v['help']} ({v['count']}: {', '.join(v['nodes'])})"
        for v in scan["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def save_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
