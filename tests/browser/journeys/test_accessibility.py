"""Journey 4: an axe-core scan of every page the three journeys visit, as the
role that visits it and in the state it is met in: no `serious` or `critical` violation.

axe-core is npm's, pinned (tests/browser/conftest.py AXE_VERSION), installed by .ci/run in
var/node and injected by the test (the site's CSP allows no inline script: see
`axe_scan`). Each page is scanned on a 390 px phone, where the players read it. The counts
by impact, page by page, are written to var/accessibility.json (docs/accessibility.md
records them).

The player's table view is also measured here ("light pages"): its HTML and all
it transfers (HTML, CSS, JS), and Navigation Timing over 10 loads in fresh contexts on a
warm server, written to var/table-view-weight.json (docs/performance.md).
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from typing import Any

import pytest

from judging.services import penalty_issue
from tests.browser.conftest import REPO, ROSTER_TEXT, axe_scan, log_in, new_page, save_json, serious
from tests.browser.journeys.conftest import WAIT_MS
from tests.browser.journeys.test_player_journey import MISTAKES, SECOND
from tests.builders.rows import add_player, add_round, add_staff, make_event
from tests.builders.scenario import played
from tournaments.invitation_mails import invitation_token
from tournaments.models import Event, ListFormat, Player
from tournaments.services.reporting import result_report
from tournaments.services.rosters import roster_submit

pytestmark = pytest.mark.browser

IMPACTS = ("critical", "serious", "moderate", "minor")
LOADS = 10


def _events(users: dict[str, Any]) -> tuple[Event, Event, Player]:
    """The states the journeys meet: an event before round 1 with players not ready, and a
    dual-list event in round 1 (a report to confirm, a dispute in the queue, a draft open,
    a penalty record); plus an imported seat with an invitation."""
    alice, bob, carol, hank = users["alice"], users["bob"], users["carol"], users["hank"]
    before = make_event(to=alice, players=["Ada Lovelace", "Alan Turing"], slug="before-round-one")
    # Rosters are still open here: Bob's roster form, resubmitted with mistakes, shows its errors.
    bob_before = add_player(before, bob, "Bob")
    roster_submit(player=bob_before, slot=1, content=ROSTER_TEXT.format(name="Bob"), by=alice, as_staff=True)
    running = make_event(to=alice, list_format=ListFormat.DUAL, name="Winter Skirmish")
    add_staff(running, hank, "head-judge")
    b, c = add_player(running, bob, "Bob"), add_player(running, carol, "Carol")
    dan = Player.objects.create(event=running, name="Dan", external_id="p3")
    erin = Player.objects.create(event=running, name="Erin", external_id="p4")
    seat = Player.objects.create(event=running, name="Una", email="una@example.org", external_id="p5")
    for player in (b, c, dan, erin):
        for slot, text in ((1, ROSTER_TEXT), (2, SECOND)):
            roster_submit(
                player=player, slot=slot, content=text.format(name=player.name), by=alice, as_staff=True
            )
    round_1 = add_round(running, 1, [(b, c), (dan, erin)], "published", running=True)
    first, second = round_1.games.order_by("table__number")
    result_report(game=first, player=c, result=played(4, 9), by=carol)
    result_report(game=second, player=dan, result=played(8, 2), by=alice)
    result_report(game=second, player=erin, result=played(2, 8), by=alice)
    penalty_issue(event=running, player=dan, level="warning", category="slow-play", by=hank, notes="Slow")
    return before, running, seat


def _pages(before: Event, running: Event, seat: Player, game_id: int) -> dict[str | None, list[str]]:
    e, b = f"/e/{running.slug}", f"/e/{before.slug}"
    invitation = f"{e}/invitation/{invitation_token(seat)}/"
    return {
        None: ["/accounts/signup/", "/accounts/confirm-email/", "/accounts/confirm-email/not-a-key/",
               "/accounts/login/", f"{e}/",
               f"{e}/pairings/", f"{e}/standings/", invitation],
        "alice": ["/events/new/", f"{b}/manage/", f"{b}/manage/players/", f"{e}/manage/",
                  f"{e}/manage/rounds/1/", f"{e}/print/"],
        "bob": [invitation, f"{e}/me/", f"{e}/games/{game_id}/draft/", f"{e}/pairings/"],
        "carol": [f"{e}/me/"],
        "hank": [f"{e}/judge/", f"{e}/judge/penalties/new/", f"{e}/standings/"],
    }  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_every_journey_page_has_no_serious_or_critical_violation(
    live_server: Any, chromium_browser: Any, users: dict[str, Any]
) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    before, running, seat = _events(users)
    game = running.rounds.get(number=1).games.get(table__number=1)
    base = live_server.url
    results: list[dict[str, Any]] = []
    found: dict[str, list[str]] = {}

    def scan(page: Any, who: str | None, label: str) -> None:
        outcome = axe_scan(page)
        counts = Counter(v["impact"] for v in outcome["violations"] for _ in range(v["count"]))
        results.append(
            {
                "page": label,
                "as": who or "anonymous",
                "counts": {impact: counts.get(impact, 0) for impact in IMPACTS},
                "rules": sorted(f"{v['impact']} {v['id']} ({v['count']})" for v in outcome["violations"]),
            }
        )
        if bad := serious(outcome):
            found[f"{label} as {who or 'anonymous'}"] = bad

    for who, paths in _pages(before, running, seat, game.pk).items():
        page = new_page(chromium_browser, timeout_ms=WAIT_MS)
        if who is not None:
            log_in(page, base, who)
        for path in paths:
            response = page.goto(f"{base}{path}")
            assert response is not None
            assert response.status < 400 or "not-a-key" in path, (path, response.status)
            page.wait_for_load_state("networkidle")
            label = path.replace(running.slug, "<slug>").replace(before.slug, "<slug-before>")
            # The token is signed with the time: named, so the table does not change every run.
            scan(page, who, re.sub(r"/invitation/[^/]+/", "/invitation/<token>/", label))
        if who == "bob":
            # The roster form after a failed submission, errors shown (before round 1 is
            # paired: once it is, rosters are locked and the form is gone).
            page.goto(f"{base}/e/{before.slug}/me/")
            page.get_by_label("Resubmit roster 1").fill(MISTAKES.format(name="Bob"))
            page.get_by_role("button", name="Submit roster 1").click()
            expect(page.get_by_text('"Marinez" is not a unit').first).to_be_visible()
            scan(page, who, "/e/<slug-before>/me/ (roster errors)")
        if who == "hank":
            # The penalty form with a player's record and the advice beside it.
            page.goto(f"{base}/e/{running.slug}/judge/penalties/new/")
            form = page.locator("form").filter(has=page.get_by_role("button", name="Record the penalty"))
            form.get_by_label("Player", exact=True).select_option(label="Dan")
            expect(page.get_by_text("Dan's record")).to_be_visible()
            scan(page, who, "/e/<slug>/judge/penalties/new/ (advice shown)")
        page.context.close()

    save_json(REPO / "var" / "accessibility.json", results)
    assert found == {}, "\n".join(f"{page}: {'; '.join(lines)}" for page, lines in found.items())


def _median_range(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


@pytest.mark.django_db(transaction=True)
def test_the_table_view_is_light(live_server: Any, chromium_browser: Any, users: dict[str, Any]) -> None:
    """Bytes and Navigation Timing of /e/<slug>/me/ for a player in round 1, with the
    opponent's report to confirm: each load in a fresh context (nothing cached), after
    one warm-up load, so every load fetches the HTML, the CSS and the JS."""
    _, running, _ = _events(users)
    base = live_server.url
    url = f"{base}/e/{running.slug}/me/"
    page = new_page(chromium_browser, timeout_ms=WAIT_MS)
    log_in(page, base, "bob")
    cookies = page.context.cookies()
    page.goto(url)  # warm-up: templates compiled, queries' caches filled
    samples = []
    for _ in range(LOADS):
        context = chromium_browser.new_context(viewport={"width": 390, "height": 844})
        context.add_cookies(cookies)
        fresh = context.new_page()
        fresh.goto(url, wait_until="load")
        samples.append(
            fresh.evaluate(
                """() => {
                  const nav = performance.getEntriesByType("navigation")[0];
                  const res = performance.getEntriesByType("resource");
                  const kinds = {css: 0, js: 0, other: 0};  // other: the clock's htmx fetch
                  for (const r of res) {
                    const kind = r.name.endsWith(".css") ? "css" : r.name.endsWith(".js") ? "js" : "other";
                    kinds[kind] += r.transferSize;
                  }
                  return {html: nav.transferSize, html_body: nav.decodedBodySize,
                    css: kinds.css, js: kinds.js, other: kinds.other,
                    total: nav.transferSize + kinds.css + kinds.js,
                    encoded: nav.encodedBodySize, responseEnd: nav.responseEnd,
                    domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
                    resources: res.map(r => r.name.replace(location.origin, ""))};
                }"""
            )
        )
        context.close()
    page.context.close()

    def spread(key: str) -> dict[str, float]:
        return _median_range([float(s[key]) for s in samples])

    figures = {
        "url": "/e/<slug>/me/",
        "loads": LOADS,
        "compressed": samples[0]["encoded"] != samples[0]["html_body"],
        "resources": samples[0]["resources"],
        "bytes": {key: spread(key) for key in ("html_body", "html", "css", "js", "total")},
        "ms": {key: spread(key) for key in ("responseEnd", "domContentLoaded", "load")},
    }
    save_json(REPO / "var" / "table-view-weight.json", figures)
    # Light (docs/performance.md's budget: HTML under 40 KB on every load, HTML + CSS + JS
    # under 120 KB, nothing compressed). The total is held on the median: in a few loads
    # Chromium reports a few KB more `transferSize` for the very same static files.
    assert figures["bytes"]["html_body"]["max"] < 40_000, figures
    assert figures["bytes"]["total"]["median"] < 120_000, figures
