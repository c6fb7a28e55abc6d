"""Faction statistics in Chromium (docs/faction-stats.md): the demo league is loaded; a
visitor on their phone opens the league, follows "Factions" to the series' charts, then an
evening's own page from the event's navigation, and reads the same on a desktop. The charts
are SVG drawn on the server (no script), each with its table; every page passes axe-core with
no serious finding and fits at 390 and 1280 px (screenshots: faction-stats-series,
faction-stats-event)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from seasons.demo import load_demo_series
from tests.browser.conftest import DESKTOP, PHONE, axe_scan, new_page, serious
from tests.browser.journeys.conftest import WAIT_MS, snap

pytestmark = pytest.mark.browser


def fits_and_passes(page: Any) -> None:
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(150)
        assert serious(axe_scan(page)) == [], page.url
        wide = page.evaluate(
            "() => [document.scrollingElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert wide[0] <= wide[1], f"{page.url} is {wide[0]} px wide at {viewport['width']}"
        for chart in page.locator("svg.chart-svg").all():
            box = chart.bounding_box()
            assert box is not None
            assert box["width"] <= viewport["width"]
    page.set_viewport_size(PHONE)


@pytest.mark.django_db(transaction=True)
def test_a_visitor_reads_the_factions_of_a_league_and_an_evening(
    live_server: Any, chromium_browser: Any, shots: Path
) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    base = live_server.url
    load_demo_series()  # before any page opens: the live server's thread shares the SQLite file

    visitor = new_page(chromium_browser, viewport=PHONE)
    visitor.goto(f"{base}/series/demo-league/")
    visitor.get_by_role("link", name="Factions").click()
    expect(visitor.get_by_role("heading", name="Factions in Demo League")).to_be_visible()
    expect(visitor.get_by_role("img", name="Win rate by faction, with 95% intervals")).to_be_visible()
    expect(visitor.get_by_role("img", name="Games between each pair of factions")).to_be_visible()
    expect(visitor.get_by_role("table").first.get_by_role("row")).not_to_have_count(1)
    assert visitor.locator("script:not([src])").count() == 0
    fits_and_passes(visitor)
    snap(visitor, shots, "faction-stats-series")

    visitor.get_by_role("link", name="Demo League, Round 1").click()
    expect(visitor.get_by_role("heading", name="Factions", exact=True)).to_be_visible()
    expect(visitor.get_by_role("link", name="Factions", exact=True)).to_have_attribute("aria-current", "page")
    expect(visitor.get_by_role("img", name="Win rate by faction, with 95% intervals")).to_be_visible()
    fits_and_passes(visitor)
    snap(visitor, shots, "faction-stats-event")
