"""Pages of a big event in a real browser (headless Chromium): what only a browser shows.
The standings use a laptop's width; the pairings search finds "Müller" typed as "muller"."""

from __future__ import annotations

import pytest

from tests.browser.conftest import DESKTOP, new_page
from tests.builders.rows import add_round, make_event, play_round

pytestmark = [
    pytest.mark.browser,
]


@pytest.mark.django_db(transaction=True)
def test_standings_table_fills_its_card_on_a_laptop(live_server, chromium_browser, shots):
    event = make_event(players=[f"Player {i:02d}" for i in range(1, 9)], planned_rounds=3)
    play_round(event, 1)
    page = new_page(chromium_browser, DESKTOP)
    page.goto(f"{live_server.url}/e/{event.slug}/standings/")
    table = page.locator("table.standings").bounding_box()
    card = page.locator("#standings-live .scroll").bounding_box()
    page.screenshot(path=str(shots / "standings-laptop.png"), full_page=True)
    assert table is not None
    assert card is not None
    assert table["width"] >= card["width"] - 4, (table, card)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("muller", "Jürgen Müller"),
        ("CHLOE", "Chloé Dubois"),
        ("jose nunez", "JOSÉ Núñez"),
        ("oster", "Dagmar Øster"),
    ],
)
def test_pairings_search_ignores_accents_and_case(live_server, chromium_browser, typed, found):
    from playwright.sync_api import expect

    event = make_event(players=["Jürgen Müller", "Chloé Dubois", "JOSÉ Núñez", "Dagmar Øster"])
    add_round(event, 1, [("p1", "p2"), ("p3", "p4")])
    page = new_page(chromium_browser)
    page.goto(f"{live_server.url}/e/{event.slug}/pairings/")
    page.fill("#pairings-filter", typed)
    visible = page.locator("#pairings-live tbody tr:visible")
    expect(visible).to_have_count(3)  # the game by table, the player's line and the opponent's
    expect(visible.first).to_contain_text(found)
