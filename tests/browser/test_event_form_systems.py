"""The new-event form in a real browser: choosing a game system redraws the fields that
depend on it (htmx), and the event it creates plays that system's scale and round length."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, log_in, new_page
from tournaments.models import Event

pytestmark = [
    pytest.mark.browser,
]


def _scale_options(page: Any) -> list[str]:
    values = page.eval_on_selector_all("#id_scale option", "options => options.map(o => o.value)")
    return [str(v) for v in values]


@pytest.mark.django_db(transaction=True)
def test_choosing_a_system_redraws_its_fields(live_server, chromium_browser, alice):
    page = new_page(chromium_browser, DESKTOP)
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/events/new/")
    assert _scale_options(page) == ["skirmish", "standard", "grand-offensive"]
    assert page.locator("select#id_list_format").count() == 1
    assert page.input_value("#id_round_minutes") == ""

    page.fill("#id_planned_rounds", "4")
    page.select_option("#id_game_system", "dropzone-commander")
    expect(page.locator("#id_scale option[value=clash]")).to_have_count(1)
    assert _scale_options(page) == ["skirmish", "clash", "battle", "reconquest"]
    assert page.locator("select#id_list_format").count() == 0  # no dual lists to choose
    assert page.input_value("#id_planned_rounds") == "4"  # what was typed stays

    page.select_option("#id_game_system", "morsdei")
    expect(page.locator("#id_scale option[value=clash]")).to_have_count(0)
    assert _scale_options(page) == ["standard"]
    assert page.get_attribute("#id_round_minutes", "placeholder") == "60"

    page.fill("#id_name", "Loot Night")
    page.get_by_role("button", name="Create event").click()
    page.wait_for_url(f"{live_server.url}/e/*/manage/")
    event = Event.objects.get(name="Loot Night")
    assert (event.game_system, event.scale, event.list_format, event.round_minutes, event.planned_rounds) == (
        "morsdei",
        "standard",
        "single",
        60,
        4,
    )
