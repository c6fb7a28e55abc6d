"""A disputed result arrives in the judges' queue
without a reload (htmx polling, docs/polling.md), and a poll never throws away what a judge
is typing in one of the queue's forms (static/js/site.js, `data-live`)."""

from __future__ import annotations

import pytest

from tests.browser.test_event_day_pages import _phone
from tests.builders.rows import add_round, add_staff, make_event
from tournaments.models import Game, ResultStatus
from tournaments.services.versions import event_touch

pytestmark = [
    pytest.mark.browser,
]

POLL_WAIT_MS = 25_000  # the page polls every 15 s


def _dispute(game: Game) -> None:
    """Two reports that disagree, as the reporting service leaves the game."""
    Game.objects.filter(pk=game.pk).update(result_status=ResultStatus.DISPUTED)
    event_touch(game.round.event_id)


@pytest.mark.django_db(transaction=True)
def test_a_dispute_arrives_live_and_a_poll_keeps_what_the_judge_types(live_server, chromium_browser, judy):
    from playwright.sync_api import expect

    event = make_event(players=4, planned_rounds=3)
    add_staff(event, judy, "floor-judge")
    first, second = add_round(
        event, 1, [("p1", "p2"), ("p3", "p4")], "published", running=True
    ).games.order_by("table__number")
    page = _phone(chromium_browser, live_server.url, "judy")
    page.goto(f"{live_server.url}/e/{event.slug}/judge/")
    expect(page.locator("#judge-queue-live")).to_contain_text("Nothing waiting")

    _dispute(first)
    item = page.locator(f"#game-{first.pk}")
    expect(item).to_be_visible(timeout=POLL_WAIT_MS)  # no reload: the poll brought it

    # The judge starts writing a reason; a second dispute must not wipe it.
    reason = item.locator("textarea, input[name$='reason']").first
    reason.fill("Both players agree table 1 was 12-3")
    _dispute(second)
    page.wait_for_timeout(17_000)  # one poll later
    expect(reason).to_have_value("Both players agree table 1 was 12-3")
    expect(page.locator(f"#game-{second.pk}")).to_have_count(0)
    # After a reload (what submitting does) the queue shows both.
    page.reload()
    expect(page.locator(f"#game-{second.pk}")).to_be_visible()
