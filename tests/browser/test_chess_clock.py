"""OP Guide, Chess Clocks, in real browsers: two players on their own phones at the table view,
one starts the clock and both see it; a tap switches it on both; a judge call pauses it on
both; the judge's ruling (a third browser) runs it again for the player whose time ran."""

from __future__ import annotations

import re
import urllib.request

import pytest

from judging.services import clock_start
from tests.browser.test_event_day_pages import _phone
from tests.builders.rows import add_player, add_round, add_staff, make_event

pytestmark = [
    pytest.mark.browser,
]

POLL_MS = 10_000  # the fragment polls every 3 s


@pytest.mark.django_db(transaction=True)
def test_two_phones_share_one_chess_clock(live_server, chromium_browser, alice, bob, carol, judy):
    from playwright.sync_api import expect

    event = make_event(planned_rounds=3)
    add_staff(event, alice, "to")
    add_staff(event, judy, "floor-judge")
    me = add_player(event, bob, "Bob")
    them = add_player(event, carol, "Carol")
    round_ = add_round(event, 1, [(me, them)], "published", running=True)
    clock_start(round_=round_, by=alice)
    game = me.games_as_one.get()

    # The live server's first request imports the whole site (seconds on a loaded machine):
    # made here, so no page's 10-second timeout pays for it.
    with urllib.request.urlopen(f"{live_server.url}/accounts/login/", timeout=120) as warm:
        assert warm.status == 200
    bobs = _phone(chromium_browser, live_server.url, "bob")
    carols = _phone(chromium_browser, live_server.url, "carol")
    for page in (bobs, carols):
        page.goto(f"{live_server.url}/e/{event.slug}/me/")
        expect(page.locator("#chess-clock")).to_contain_text("Not started")

    bobs.locator("#chess-start").click()
    expect(bobs.locator("#chess-status")).to_contain_text("Bob's time is running")
    # Carol did nothing: her phone shows the clock running on Bob's time (she cannot refuse).
    expect(carols.locator("#chess-status")).to_contain_text("Bob's time is running", timeout=POLL_MS)
    expect(carols.locator("#chess-seat-A")).to_have_class(re.compile(r"\bchess-running\b"))
    first = bobs.locator("#chess-seat-A .chess-digits").inner_text()
    bobs.wait_for_timeout(1_500)
    assert bobs.locator("#chess-seat-A .chess-digits").inner_text() != first  # counting down locally

    bobs.locator("#chess-switch").click()
    expect(bobs.locator("#chess-status")).to_contain_text("Carol's time is running")
    expect(carols.locator("#chess-status")).to_contain_text("Carol's time is running", timeout=POLL_MS)

    carols.locator("#chess-call-judge").click()
    expect(carols.locator("#chess-status")).to_contain_text("Paused: Carol called a judge")
    expect(bobs.locator("#chess-status")).to_contain_text("Paused", timeout=POLL_MS)

    judge = _phone(chromium_browser, live_server.url, "judy")
    judge.goto(f"{live_server.url}/e/{event.slug}/judge/")
    expect(judge.locator("#chess-waiting")).to_contain_text("Carol called a judge")
    judge.locator("#chess-waiting a").click()
    judge.fill("#id_ruling", "The Marine is in cover: +1 to its Armour Roll.")
    judge.locator("#chess-rule").click()
    expect(judge.locator(".messages")).to_contain_text("Ruling recorded")
    expect(judge.locator("#chess-log")).to_contain_text("Judge called: clock paused")

    for page in (bobs, carols):
        expect(page.locator("#chess-status")).to_contain_text("Carol's time is running", timeout=POLL_MS)
    expect(bobs.locator("#chess-clock")).to_contain_text("The Marine is in cover")
    assert game.chess_clock.facts().version == 4
