"""Journey 2: a player's event in Chromium, from the invitation to a confirmed result.

The TO imported Bob as a seat with his e-mail address and sent the invitations. Bob, who
has an account, follows the mailed link and claims the seat; pastes a roster in the text
format with two mistakes (a unit and an upgrade the rules do not know), reads both errors,
fixes them and submits; submits a second roster (dual list, OP Guide: Army Rosters). Once
round 1 is published he sees his table, his opponent and her rosters, runs the pre-game
draft with Carol (a second browser context, her own session), reports the result from his
table view, and Carol confirms it from hers (OP Guide: Scoring a Game).

What the journey does not name is set up through the services: the event, Carol's seat and
rosters, the TO's sending of the invitations and the round's pairing and publication.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import PHONE, ROSTER_TEXT, log_in, new_page
from tests.browser.journeys.conftest import WAIT_MS, link_in, snap
from tests.builders.rows import add_player, make_event
from tournaments.models import ListFormat, Player, ResultStatus
from tournaments.services.invitations import invitations_send
from tournaments.services.rosters import roster_submit
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.browser

# A second legal Skirmish roster: other Mission and Deployment Cards (dual list).
SECOND = ROSTER_TEXT.replace("Supply Drop\nGather the Resources", "Hold Position\nFrontlines").replace(
    "Abandoned Camp\nAgria Valley", "Dirt Side\nFrontier"
)
# Two mistakes a player makes: a misspelt unit and an upgrade that does not exist.
MISTAKES = ROSTER_TEXT.replace("9x Marine (", "9x Marinez (").replace(
    "Goliath (Scatter Missiles)", "Goliath (Scatter Missiles, Laser Cannon)"
)
DRAFT_STEPS = 40  # far more than a draft has


def _draft(pages: list[Any]) -> None:
    """Both players take their turns until the draft is complete: whoever has a choice
    offered takes the first one (the draft's own buttons, under "Pre-game draft"). The
    draft block polls every 2 s and is swapped whole, so a click that misses the swap is
    tried again."""
    from playwright.sync_api import Error

    for _ in range(DRAFT_STEPS):
        if all(p.locator("#draft").get_by_text("Complete", exact=True).count() for p in pages):
            return
        for page in pages:
            choices = page.locator("#draft").get_by_role("button")
            if choices.count():
                try:
                    choices.first.click(timeout=5_000)
                except Error:
                    continue
                page.wait_for_timeout(300)
                break
        else:
            pages[0].wait_for_timeout(1_000)  # the other side's page polls every 2 s
    raise AssertionError(
        "the draft did not complete:\n" + "\n---\n".join(p.locator("#draft").inner_text() for p in pages)
    )


@pytest.mark.django_db(transaction=True)
def test_a_player_claims_the_seat_submits_two_rosters_drafts_and_reports(
    live_server: Any,
    chromium_browser: Any,
    outbox: list[Any],
    shots: Path,
    alice: Any,
    bob: Any,
    carol: Any,
    in_process_tasks: None,
) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    base = live_server.url
    event = make_event(to=alice, players=0, tables=2, list_format=ListFormat.DUAL, name="Winter Skirmish")
    seat = Player.objects.create(event=event, name="Bob", email="bob@example.org", external_id="p1")
    them = add_player(event, carol, "Carol")
    for slot, text in ((1, ROSTER_TEXT), (2, SECOND)):
        roster_submit(player=them, slot=slot, content=text.format(name="Carol"), by=carol)
    sent = invitations_send(event=event, by=alice)  # its mail goes as the call commits
    assert sent.queued == 1

    # --- Bob follows the mailed link and claims his seat.
    player = new_page(chromium_browser, PHONE, WAIT_MS)
    log_in(player, base, "bob")
    [mail] = outbox
    assert mail.to == ["bob@example.org"]
    player.goto(link_in(mail, "/invitation/"))
    expect(player.get_by_role("heading", name="Your seat at Winter Skirmish")).to_be_visible()
    player.get_by_role("button", name="Claim my seat").click()
    expect(player.locator(".messages")).to_contain_text("your seat at Winter Skirmish is yours")
    seat.refresh_from_db()
    assert seat.user == bob

    # --- Roster 1 with two mistakes: both are named; fixed, it is legal.
    roster_1 = player.get_by_label("Submit roster 1")
    roster_1.fill(MISTAKES.format(name="Bob"))
    player.get_by_role("button", name="Submit roster 1").click()
    slot_1 = player.get_by_role("heading", name=re.compile("^Roster 1")).locator("xpath=..")
    expect(slot_1).to_contain_text('"Marinez" is not a unit')
    expect(slot_1).to_contain_text('"Laser Cannon" is not an upgrade')
    snap(player, shots, "roster-errors")
    player.get_by_label("Resubmit roster 1").fill(ROSTER_TEXT.format(name="Bob"))
    expect(player.locator("#check-1")).to_contain_text("Minerals 1000/1000")
    player.get_by_role("button", name="Submit roster 1").click()
    expect(player.locator(".messages")).to_contain_text("Roster 1 is submitted and legal.")
    player.get_by_label("Submit roster 2").fill(SECOND.format(name="Bob"))
    player.get_by_role("button", name="Submit roster 2").click()
    expect(player.locator(".messages")).to_contain_text("Roster 2 is submitted and legal.")
    snap(player, shots, "rosters")

    # --- The TO pairs and publishes round 1; Bob sees his table and Carol's rosters.
    round_publish(round_=round_pair(event=event, by=alice, seed=1, confirm=True), by=alice, confirm=True)
    player.goto(f"{base}/e/{event.slug}/me/")
    game_card = player.locator("#next-game")
    expect(game_card).to_contain_text("Round 1 · Table")
    expect(game_card).to_contain_text("Against Carol")
    rosters = player.locator("details").filter(has_text="Carol's rosters")
    rosters.get_by_text("Carol's rosters").click()
    expect(rosters.get_by_text("Roster 2")).to_be_visible()
    expect(rosters).to_contain_text("Marine")
    player.goto(f"{base}/e/{event.slug}/pairings/")
    expect(player.get_by_role("table").first).to_contain_text("Carol")
    snap(player, shots, "pairings")

    # --- The draft, each player in their own browser context.
    opponent = new_page(chromium_browser, PHONE, WAIT_MS)
    log_in(opponent, base, "carol")
    player.goto(f"{base}/e/{event.slug}/me/")
    player.get_by_role("link", name="Pre-game draft").click()
    expect(player.get_by_role("heading", name="Pre-game draft")).to_be_visible()
    opponent.goto(f"{base}/e/{event.slug}/me/")
    opponent.get_by_role("link", name="Pre-game draft").click()
    _draft([player, opponent])
    snap(player, shots, "draft")

    # --- Bob reports from his table view; Carol confirms from hers.
    player.goto(f"{base}/e/{event.slug}/me/")
    expect(player.locator("#opponent-roster")).to_contain_text("chosen in the draft")
    player.get_by_label("My VP").fill("9")
    player.get_by_label("Opponent's VP").fill("4")
    player.get_by_label("Battle Rounds").fill("5")
    player.get_by_role("button", name="Send result").click()
    expect(player.locator(".messages")).to_contain_text("Result reported. Your opponent now confirms it.")
    opponent.goto(f"{base}/e/{event.slug}/me/")
    confirm = opponent.locator("#confirm-card")
    expect(confirm).to_contain_text("Your opponent reported")
    expect(confirm).to_contain_text("you 4 \N{EN DASH} opponent 9")
    snap(opponent, shots, "table-view", full_page=False)
    opponent.get_by_role("button", name="Confirm", exact=True).click()
    expect(opponent.locator(".messages")).to_contain_text("Result confirmed")
    game = seat.games_as_one.first() or seat.games_as_two.get()
    assert game.result_status == ResultStatus.CONFIRMED
    assert {game.vp_one, game.vp_two} == {4, 9}
    player.goto(f"{base}/e/{event.slug}/")
    snap(player, shots, "event-home")
    player.context.close()
    opponent.context.close()
