"""Issue 16, a result entered on a dead connection (docs/offline.md), in headless Chromium on
a phone-sized screen: the table view is kept by the service worker, a result entered
offline is queued on the phone and survives a reload, and is sent when the network
returns, stored exactly once however often it is sent (the idempotency key made on the
phone when the form was submitted)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rosters.models import Roster
from tests.browser.test_event_day_pages import CHROMIUM, _phone
from tests.browser.test_event_day_pages import chromium_browser as chromium_browser  # the fixture
from tests.builders.documents import terran_document
from tests.builders.rows import add_player, make_event, play_round
from tournaments.models import Game, ResultReport, ResultStatus, RoundStatus

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no Chromium at {CHROMIUM} (apt install chromium)"),
]

# The page is kept once the worker has fetched it for the cache.
KEPT = "() => caches.match(location.pathname).then((r) => !!r)"
QUEUE = "() => localStorage.getItem('muster-queue:' + location.pathname)"
# A doubled send of the queued submission, as a phone retrying on a flaky line would make.
SEND_TWICE = """(item) => Promise.all([1, 2].map(() => fetch(item.action, {
  method: "POST", body: new URLSearchParams(item.fields), credentials: "same-origin"
}).then((r) => r.status)))"""


@pytest.fixture(autouse=True)
def _allow_orm_beside_playwright(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def game(alice: Any, bob: Any, carol: Any) -> Game:
    event = make_event(to=alice)
    for user, name in ((bob, "Bob"), (carol, "Carol")):
        player = add_player(event, user, name)
        Roster.objects.create(player=player, slot=1, document=terran_document(name), legal=True, report={})
    played: Game = play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False).games.get()
    return played


def _offline_page(chromium_browser: Any, base: str, username: str) -> Any:
    page = _phone(chromium_browser, base, username)
    page.goto(f"{base}/e/spring-skirmish/me/")
    page.wait_for_function(KEPT, timeout=15_000)
    return page


@pytest.mark.django_db(transaction=True)
def test_a_result_entered_offline_is_queued_kept_and_sent_once(live_server, chromium_browser, game):
    from playwright.sync_api import expect

    page = _offline_page(chromium_browser, live_server.url, "bob")
    context = page.context
    status = page.locator("#offline-status")
    context.set_offline(True)
    expect(status).to_contain_text("You are offline")

    page.fill("input[name=my_vp]", "10")
    page.fill("input[name=their_vp]", "5")
    page.fill("input[name=battle_rounds]", "4")
    page.get_by_role("button", name="Send result").click()
    queued = status.locator(".queued-item")
    expect(queued).to_contain_text("Queued")
    expect(queued).to_contain_text("My VP 10, Opponent's VP 5")
    assert not ResultReport.objects.filter(game=game).exists()

    # A reload with the network still down: the worker serves the kept page (the server's
    # page has changed meanwhile, the copy has not), and the queued result is still there.
    from tournaments.models import Player

    Player.objects.filter(pk=game.player_two_id).update(name="Caroline")
    response = page.reload()
    assert response is not None
    assert response.from_service_worker
    expect(page.locator("#next-game-title")).to_have_text("My game")
    expect(page.locator(".game-card")).to_contain_text("Against Carol")
    expect(status.locator(".queued-item")).to_contain_text("My VP 10, Opponent's VP 5")
    item = json.loads(page.evaluate(QUEUE))[0]
    assert not ResultReport.objects.filter(game=game).exists()

    context.set_offline(False)  # the connection returns: the page sends what it kept
    expect(status).to_contain_text("Sent: your result reached the server.", timeout=20_000)
    expect(page.locator("#result-status")).to_have_text("Waiting for the opponent to confirm")
    expect(page.locator(".game-card")).to_contain_text("Against Caroline")  # the server's page again
    expect(status.locator(".queued-item")).to_have_count(0)
    assert page.evaluate(QUEUE) is None
    (stored,) = ResultReport.objects.filter(game=game)
    assert (stored.vp_one, stored.vp_two, stored.details) == (10, 5, {"battle_rounds": 4})
    assert stored.idempotency_key == item["id"]  # the key made on the phone at submit

    # The same submission sent twice more (a retry after a lost answer, a double tap).
    assert page.evaluate(SEND_TWICE, item) == [200, 200]
    assert ResultReport.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).result_status == ResultStatus.AWAITING


@pytest.mark.django_db(transaction=True)
def test_a_confirmation_made_offline_is_sent_when_the_network_returns(
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
    page = _offline_page(chromium_browser, live_server.url, "carol")
    page.context.set_offline(True)
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#offline-status .queued-item")).to_contain_text("Confirmation")
    page.reload()
    expect(page.locator("#offline-status .queued-item")).to_contain_text("Confirmation")
    assert Game.objects.get(pk=game.pk).result_status == ResultStatus.AWAITING
    page.context.set_offline(False)
    expect(page.locator("#offline-status")).to_contain_text("Sent: your confirmation", timeout=20_000)
    expect(page.locator(".messages")).to_contain_text("Result confirmed")
    assert Game.objects.get(pk=game.pk).result_status == ResultStatus.CONFIRMED
    assert ResultReport.objects.filter(game=game).count() == 2
