"""A result entered on a dead connection (docs/offline.md), in headless Chromium on
a phone-sized screen. The player opens the table view and waits until the page says it is
saved for offline use (the service worker answers only once the copy is in its cache);
Playwright cuts the network (`context.set_offline(True)`), the reload is served from the
cache, a result (or the opponent's confirmation) entered offline is queued on the phone and
nothing reaches the database; when the network returns it is sent and stored exactly once,
however often it is sent (the idempotency key made on the phone when the form was
submitted). OP Guide, "Reporting Results": both players report at the table as soon as the
game ends.

Every wait is on a real condition (the page's offline-ready mark, a text on the page), never
a fixed delay.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rosters.models import Roster
from tests.browser.test_event_day_pages import _phone
from tests.builders.documents import terran_document
from tests.builders.rows import add_player, make_event, play_round
from tournaments.models import Game, Player, ResultReport, ResultStatus, RoundStatus

pytestmark = [
    pytest.mark.browser,
]

TABLE_VIEW = "/e/spring-skirmish/me/"
# The worker has answered that the page is in its cache, and is not refreshing the copy
# (static/js/offline.js).
READY = "html[data-offline-ready='1']:not([data-offline-keeping])"
SAVED = "Saved for offline use"
QUEUE = "() => localStorage.getItem('muster-queue:' + location.pathname)"
# The same queued submission sent twice at once, as a phone retrying on a flaky line (or a
# second tab flushing the same queue) would: both requests carry the phone's key.
SEND_TWICE = """(item) => Promise.all([1, 2].map(() => fetch(item.action, {
  method: "POST", body: new URLSearchParams(item.fields), credentials: "same-origin"
}).then((r) => r.status)))"""
# The browser's `online` event twice in a row: the queue is flushed twice.
ONLINE_TWICE = "() => ['online', 'online'].forEach((name) => window.dispatchEvent(new Event(name)))"


@pytest.fixture
def game(alice: Any, bob: Any, carol: Any) -> Game:
    event = make_event(to=alice)
    for user, name in ((bob, "Bob"), (carol, "Carol")):
        player = add_player(event, user, name)
        Roster.objects.create(player=player, slot=1, document=terran_document(name), legal=True, report={})
    played: Game = play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False).games.get()
    return played


def _saved_for_offline(chromium_browser: Any, base: str, username: str) -> Any:
    """The player's table view, once the page says it opens offline."""
    from playwright.sync_api import expect

    page = _phone(chromium_browser, base, username)
    page.goto(f"{base}{TABLE_VIEW}")
    page.wait_for_selector(READY, state="attached", timeout=20_000)
    expect(page.get_by_role("status")).to_contain_text(SAVED)
    return page


def _reload_offline(page: Any) -> None:
    """Reload with the network down: the worker serves the kept copy."""
    from playwright.sync_api import expect

    response = page.reload()
    assert response is not None
    assert response.from_service_worker
    expect(page.locator("#next-game-title")).to_have_text("My game")
    # The worker could not refresh the copy; the page still says (truly) it opens offline.
    page.wait_for_selector(READY, state="attached")


def _reopen_offline(page: Any) -> Any:
    """Close the tab and open the table view again in a new one, the network still down.

    Only with nothing queued: closing a tab lifts Chromium's emulated offline mode from it
    before it is gone, and the closing page, told it is online, sends its queue (seen with
    the journey instrumented). A phone with no connection cannot do that.
    """
    from playwright.sync_api import expect

    url: str = page.url
    fresh = page.context.new_page()
    page.close()
    response = fresh.goto(url)
    assert response is not None
    assert response.from_service_worker
    expect(fresh.locator("#next-game-title")).to_have_text("My game")
    fresh.wait_for_selector(READY, state="attached")
    expect(fresh.get_by_role("status")).to_contain_text(SAVED)
    return fresh


@pytest.mark.django_db(transaction=True)
def test_a_result_entered_offline_is_queued_and_stored_once_when_the_network_returns(
    live_server, chromium_browser, game
):
    from playwright.sync_api import expect

    page = _saved_for_offline(chromium_browser, live_server.url, "bob")
    context = page.context
    status = page.locator("#offline-status")
    context.set_offline(True)
    expect(status).to_contain_text("You are offline")

    # The server's page changes meanwhile; the copy on the phone does not: the reload
    # below is the cache's, not the network's.
    Player.objects.filter(pk=game.player_two_id).update(name="Caroline")
    _reload_offline(page)
    expect(page.locator(".game-card")).to_contain_text("Against Carol")
    expect(status).to_contain_text("You are offline")
    # What cannot load offline says so, instead of "loading…" for ever.
    expect(page.locator(".game-card")).to_contain_text("Chess clock: shown when the connection returns.")

    page.fill("input[name=my_vp]", "10")
    page.fill("input[name=their_vp]", "5")
    page.fill("input[name=battle_rounds]", "4")
    send = page.get_by_role("button", name="Send result")
    send.click()
    queued = status.locator(".queued-item")
    expect(queued).to_contain_text("Queued")
    expect(queued).to_contain_text("My VP 10, Opponent's VP 5")
    # The site's 24-hour clock, whatever the phone's locale.
    expect(queued).to_contain_text(re.compile(r"kept on this phone since \d\d:\d\d;"))
    # A double tap offline: the same submission, still one in the queue, with one key.
    send.click()
    expect(queued).to_have_count(1)
    (item,) = json.loads(page.evaluate(QUEUE))
    assert not ResultReport.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).result_status == ResultStatus.PENDING

    context.set_offline(False)  # the connection returns: the page sends what it kept
    page.evaluate(ONLINE_TWICE)  # and is told so twice over
    expect(status).to_contain_text("Sent: your result reached the server.", timeout=20_000)
    expect(page.locator("#result-status")).to_have_text("Waiting for the opponent to confirm")
    expect(page.locator(".game-card")).to_contain_text("Against Caroline")  # the server's page again
    expect(status.locator(".queued-item")).to_have_count(0)
    assert page.evaluate(QUEUE) is None
    (stored,) = ResultReport.objects.filter(game=game)
    assert (stored.vp_one, stored.vp_two, stored.details) == (10, 5, {"battle_rounds": 4})
    assert stored.reporter_id == game.player_one_id
    assert stored.idempotency_key == item["id"]  # the key made on the phone at submit

    # The same submission sent twice more, at once (a retry after a lost answer, a second tab).
    assert page.evaluate(SEND_TWICE, item) == [200, 200]
    assert ResultReport.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).result_status == ResultStatus.AWAITING

    # The kept copy was brought up to date with the server's answer: offline again, the
    # page opens showing the result sent, not the form as it was before.
    page.wait_for_selector(READY, state="attached")
    context.set_offline(True)
    page = _reopen_offline(page)
    expect(page.locator("#result-status")).to_have_text("Waiting for the opponent to confirm")
    expect(page.locator(".game-card")).to_contain_text("Against Caroline")


@pytest.mark.django_db(transaction=True)
def test_a_confirmation_made_offline_is_stored_once_when_the_network_returns(
    live_server, chromium_browser, game, bob
):
    from playwright.sync_api import expect

    from tournaments.services.reporting import ResultInput, result_report

    result_report(
        game=game,
        player=game.player_one,
        result=ResultInput("played", 9, 2, details={"battle_rounds": 4}),
        by=bob,
    )
    page = _saved_for_offline(chromium_browser, live_server.url, "carol")
    context = page.context
    status = page.locator("#offline-status")
    context.set_offline(True)
    _reload_offline(page)
    expect(page.locator("#result-status")).to_have_text("Your confirmation is needed")

    confirm = page.get_by_role("button", name="Confirm")
    confirm.click()
    queued = status.locator(".queued-item")
    expect(queued).to_contain_text("Queued")
    expect(queued).to_contain_text("Confirmation")
    confirm.click()  # a double tap: still one confirmation waiting
    expect(queued).to_have_count(1)
    _reload_offline(page)  # a reload keeps it
    expect(queued).to_contain_text("Confirmation")
    (item,) = json.loads(page.evaluate(QUEUE))
    assert Game.objects.get(pk=game.pk).result_status == ResultStatus.AWAITING
    assert ResultReport.objects.filter(game=game).count() == 1

    context.set_offline(False)
    page.evaluate(ONLINE_TWICE)
    expect(status).to_contain_text("Sent: your confirmation reached the server.", timeout=20_000)
    expect(page.locator(".messages")).to_contain_text("Result confirmed")
    expect(status.locator(".queued-item")).to_have_count(0)
    confirmed = Game.objects.get(pk=game.pk)
    assert confirmed.result_status == ResultStatus.CONFIRMED
    assert (confirmed.vp_one, confirmed.vp_two) == (9, 2)
    (mine,) = ResultReport.objects.filter(game=game, reporter_id=game.player_two_id)
    assert mine.idempotency_key == item["id"]
    assert ResultReport.objects.filter(game=game).count() == 2

    # A doubled send of the same confirmation after it was stored: answered, nothing more stored.
    assert page.evaluate(SEND_TWICE, item) == [200, 200]
    assert ResultReport.objects.filter(game=game).count() == 2
    assert Game.objects.get(pk=game.pk).result_status == ResultStatus.CONFIRMED
