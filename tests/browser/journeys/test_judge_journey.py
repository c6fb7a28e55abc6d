"""Journey 3: the Head Judge's round in Chromium.

A disputed result arrives in the judges' queue while the page is open (htmx polling every
15 s, docs/polling.md; no reload), and the judge settles it by accepting one player's
report as it stands. A Warning is given with the player's record and the guide's advice
beside the form (OP Guide: Judging and Conduct — Caution, Warning, Game Loss); another
player's third Warning brings the Game Loss prompt, and the Game Loss the Head Judge then
records is applied to that player's game as an Annihilation against them (OP Guide:
Penalties). The standings show both.

What the journey does not name is set up directly: the event, the published round, the
players' two reports (as their phones send them) and the other player's first two Warnings.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from judging.services import penalty_issue
from tests.browser.conftest import PHONE, log_in, new_page
from tests.browser.journeys.conftest import WAIT_MS, snap
from tests.builders.rows import add_player, add_round, add_staff, make_event
from tests.builders.scenario import played
from tournaments.models import Game, ResultStatus, RoundStatus
from tournaments.services.reporting import result_report

pytestmark = pytest.mark.browser

POLL_WAIT_MS = 25_000  # the queue polls every 15 s


@pytest.mark.django_db(transaction=True)
def test_a_dispute_arrives_live_is_settled_and_penalties_reach_the_standings(
    live_server: Any, chromium_browser: Any, shots: Path, alice: Any, bob: Any, carol: Any, hank: Any
) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    event = make_event(to=alice, players=["Dan", "Erin"], planned_rounds=3)
    add_staff(event, hank, "head-judge")
    b, c = add_player(event, bob, "Bob"), add_player(event, carol, "Carol")
    dan, erin = event.players.get(name="Dan"), event.players.get(name="Erin")
    round_1 = add_round(event, 1, [(b, c), (dan, erin)], "published", running=True)
    disputed = round_1.games.get(player_one=b)
    for _ in range(2):  # Dan's record before the journey: two Warnings for slow play
        penalty_issue(
            event=event, player=dan, level="warning", category="slow-play", by=hank, notes="Slow again"
        )

    base = live_server.url
    judge = new_page(chromium_browser, PHONE, WAIT_MS)
    log_in(judge, base, "hank")
    judge.goto(f"{base}/e/{event.slug}/judge/")
    expect(judge.get_by_text("Nothing waiting")).to_be_visible()

    # --- Bob and Carol report different results: the queue shows it without a reload.
    result_report(game=disputed, player=b, result=played(8, 2), by=bob)
    result_report(game=disputed, player=c, result=played(2, 8), by=carol)
    item = judge.get_by_role("article").filter(has_text="Bob v Carol")
    expect(item).to_be_visible(timeout=POLL_WAIT_MS)
    expect(item).to_contain_text("Disputed")
    snap(judge, shots, "judge-queue")

    # --- Carol's report is the right one (the judge checked the table): accept it as it stands.
    item.get_by_role("button", name="Accept Carol's report").click()
    expect(judge.locator(".messages")).to_contain_text("Result saved")
    expect(judge.get_by_role("article").filter(has_text="Bob v Carol")).to_have_count(0)
    disputed.refresh_from_db()
    assert (disputed.result_status, disputed.vp_one, disputed.vp_two) == (ResultStatus.CONFIRMED, 2, 8)

    # --- A Warning for Bob: his record and the advice arrive when he is picked.
    judge.goto(f"{base}/e/{event.slug}/judge/penalties/new/")
    # The penalty form (the time-limit form below it has a Player and Notes of its own).
    form = judge.locator("form").filter(has=judge.get_by_role("button", name="Record the penalty"))
    form.get_by_label("Player", exact=True).select_option(label="Bob")
    advice = judge.get_by_role("complementary")
    expect(advice).to_contain_text("Bob's record")
    expect(advice).to_contain_text("No penalties so far")
    form.get_by_label("Level").select_option(label="Warning")
    form.get_by_label("Infraction").select_option(label="Conduct")
    form.get_by_label("Notes").fill("Argued with his opponent about line of sight after a ruling.")
    form.get_by_role("button", name="Record the penalty").click()
    expect(judge.locator(".messages")).to_contain_text("Warning recorded for Bob.")

    # --- Dan's third Warning: the advice prompts a Game Loss, which the Head Judge records.
    form.get_by_label("Player", exact=True).select_option(label="Dan")
    expect(advice).to_contain_text("Dan's record")
    form.get_by_label("Level").select_option(label="Warning")
    form.get_by_label("Infraction").select_option(label="Slow play")
    form.get_by_label("Notes").fill("Third time over the activation limit.")
    form.get_by_role("button", name="Record the penalty").click()
    expect(judge.locator(".messages")).to_contain_text("Warning recorded for Dan.")
    form.get_by_label("Player", exact=True).select_option(label="Dan")
    expect(advice.get_by_text("Game Loss prompt")).to_be_visible()
    snap(judge, shots, "penalty-advice")
    form.get_by_label("Level").select_option(label="Game Loss")
    form.get_by_label("Infraction").select_option(label="Slow play")
    form.get_by_label("Notes").fill("Third Warning for slow play: Game Loss (OP Guide: Penalties).")
    form.get_by_role("button", name="Record the penalty").click()
    expect(judge.locator(".messages")).to_contain_text("Game Loss recorded for Dan.")
    lost = Game.objects.get(pk=round_1.games.get(player_one=dan).pk)
    assert lost.loser_id == dan.pk
    assert event.rounds.get(number=1).status == RoundStatus.CLOSED  # every table has its result

    # --- The standings: Carol won on her report, Erin on Dan's Game Loss.
    visitor = new_page(chromium_browser, PHONE, WAIT_MS)
    visitor.goto(f"{base}/e/{event.slug}/standings/")
    table = visitor.get_by_role("table").first

    def mp(name: str) -> Any:
        return table.get_by_role("row", name=re.compile(rf"\b{name}\b")).get_by_role("cell").nth(2)

    expect(mp("Carol")).to_have_text("3")
    expect(mp("Erin")).to_have_text("3")
    expect(mp("Bob")).to_have_text("0")
    expect(mp("Dan")).to_have_text("0")
    snap(visitor, shots, "standings")
    judge.context.close()
    visitor.context.close()
