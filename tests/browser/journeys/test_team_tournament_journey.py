"""A five-player team tournament in Chromium (docs/team-matches.md).

The TO makes the event a team tournament of teams of five on its settings page, matches
decided by games won and paired by the captains' protocol; the event page says so in words.
Bob registers his team, Red, from the link on his phone, naming its five players; Carol
registers Blue the same way on hers. The TO pairs and publishes round one: Red meets Blue on
tables 1 to 5. The two captains then run the protocol on their phones, each choice hidden from
the other until both have chosen: defenders, attackers (two ticked), picks; again with three
left (the attackers offered for them); the last pair made by itself. The five games are
reported, the round closes, the team standings rank Red first and the best players beside
them, and the match sheet prints with each game's table and both players.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE, axe_scan, log_in, new_page, serious
from tests.browser.journeys.conftest import WAIT_MS, printed, snap
from tests.builders.rows import make_event
from tests.printing.pdf import pages, squash
from tournaments.models import Round, RoundStatus, Squad
from tournaments.services.reporting import ResultInput, result_set

pytestmark = pytest.mark.browser

RED = ["Bob", "Ann", "Ben", "Cy", "Dee"]
BLUE = ["Carol", "Fay", "Gus", "Hal", "Ida"]


def register(page: Any, base: str, event: Any, team: str, names: list[str]) -> None:
    from playwright.sync_api import expect

    page.goto(f"{base}/e/{event.slug}/join/{event.join_code}/")
    page.get_by_label("Team name").fill(team)
    for position, name in enumerate(names, start=1):
        label = f"Player {position} (captain)" if position == 1 else f"Player {position}"
        page.get_by_label(label, exact=True).fill(name)
    page.get_by_role("button", name="Register").click()
    expect(page.locator(".messages")).to_be_visible()


def choose(page: Any, label: str) -> None:
    """A captain taps one choice (a defender, a pick) and confirms it."""
    page.locator(".protocol-options").get_by_role("button", name=label, exact=True).click()


def offer(page: Any, first: str, second: str) -> None:
    """A captain ticks two attackers and offers them."""
    form = page.locator(".protocol-choice")
    form.get_by_label(first, exact=True).check()
    form.get_by_label(second, exact=True).check()
    form.get_by_role("button", name="Offer these two").click()


@pytest.mark.django_db(transaction=True)
def test_a_five_player_team_tournament_from_registration_to_the_match_sheet(
    live_server: Any, chromium_browser: Any, shots: Path, alice: Any, bob: Any, carol: Any
) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    base = live_server.url
    event = make_event(to=alice, players=0, tables=0, name="Team Cup", planned_rounds=1)

    # --- The TO makes it a team tournament of fives on the settings page.
    to = new_page(chromium_browser, DESKTOP, WAIT_MS)
    log_in(to, base, "alice")
    to.goto(f"{base}/e/{event.slug}/manage/settings/")
    to.get_by_label("Players per team").select_option(label="Teams of 5")
    to.get_by_label("A match is decided by").select_option(label="Games won")
    to.get_by_label("Players in a match are paired by").select_option(label="The captains' pairing protocol")
    to.get_by_label("Minutes per protocol step").fill("5")
    to.get_by_role("button", name="Save settings").click()
    expect(to.locator(".messages")).to_contain_text("Settings saved.")
    event.refresh_from_db()
    assert (event.squad_size, event.match_pairing, event.protocol_step_minutes) == (5, "protocol", 5)
    to.goto(f"{base}/e/{event.slug}/")
    expect(to.locator("main")).to_contain_text("Teams of 5.")
    expect(to.locator("main")).to_contain_text("A match is won by the team that wins more games")
    expect(to.locator("main")).to_contain_text("5 minutes a step")

    # --- Two captains register their teams from the link, on their phones.
    red_phone = new_page(chromium_browser, PHONE, WAIT_MS)
    log_in(red_phone, base, "bob")
    register(red_phone, base, event, "Red", RED)
    assert serious(axe_scan(red_phone)) == []
    blue_phone = new_page(chromium_browser, PHONE, WAIT_MS)
    log_in(blue_phone, base, "carol")
    register(blue_phone, base, event, "Blue", BLUE)
    red_phone.wait_for_load_state("networkidle")
    blue_phone.wait_for_load_state("networkidle")
    red, blue = Squad.objects.get(event=event, name="Red"), Squad.objects.get(event=event, name="Blue")
    assert [m.name for m in red.members.order_by("squad_position")] == RED
    assert red.captain is not None
    assert red.captain.user_id == bob.pk
    assert [m.name for m in blue.members.order_by("squad_position")] == BLUE

    # --- Round one, paired and published on the TO's page: Red v Blue on tables 1 to 5.
    # Nobody has a roster: the TO is told, and pairs and publishes all the same.
    to.goto(f"{base}/e/{event.slug}/manage/")
    to.get_by_label("Pair anyway").check()
    to.get_by_role("button", name="Pair round 1").click()
    to.get_by_label("Publish anyway").check()
    to.get_by_role("button", name="Publish round 1").click()
    expect(to.locator(".messages")).to_contain_text("Round 1 is published")
    to.wait_for_load_state("networkidle")

    # --- The captains' protocol on the two phones; a choice needs a confirmation tap.
    for phone in (red_phone, blue_phone):
        phone.on("dialog", lambda dialog: dialog.accept())
        phone.goto(f"{base}/e/{event.slug}/my-team/")
        expect(phone.locator("#match-title")).to_contain_text("Tables 1\u20135")
        expect(phone.locator(".protocol-step")).to_contain_text("Put forward a defender")
    choose(red_phone, "Ann")
    expect(red_phone.locator(".protocol")).to_contain_text("Your choice: Ann")
    blue_phone.reload()
    expect(blue_phone.locator(".protocol")).to_contain_text("The other captain has chosen")
    assert "Ann" not in blue_phone.locator(".protocol").inner_text()  # hidden until both chose
    snap(blue_phone, shots, "captain-protocol")
    assert serious(axe_scan(blue_phone)) == []
    choose(blue_phone, "Fay")
    for phone in (red_phone, blue_phone):
        phone.reload()
        expect(phone.locator(".protocol-revealed")).to_contain_text("Defenders")
    # Attackers: two of the other four each, offered against the other team's defender.
    offer(red_phone, "Ben", "Cy")
    offer(blue_phone, "Gus", "Hal")
    red_phone.reload()
    expect(red_phone.locator(".protocol-step")).to_contain_text("Pick the attacker")
    choose(red_phone, "Hal")  # against Ann
    blue_phone.reload()
    choose(blue_phone, "Cy")  # against Fay
    # Three left each: a defender, the attackers offered for them, a pick; the last pair follows.
    red_phone.reload()
    choose(red_phone, "Dee")
    blue_phone.reload()
    choose(blue_phone, "Ida")
    red_phone.reload()
    expect(red_phone.locator(".protocol-step")).to_contain_text("Pick the attacker")
    choose(red_phone, "Gus")  # against Dee
    blue_phone.reload()
    choose(blue_phone, "Ben")  # against Ida
    red_phone.reload()
    expect(red_phone.locator(".protocol")).to_contain_text("Every game of the match is paired")
    rows = red_phone.locator("table.team-games tbody tr")
    expect(rows).to_have_count(5)
    snap(red_phone, shots, "captain-protocol-done")
    assert serious(axe_scan(red_phone)) == []
    round_ = Round.objects.get(event=event, number=1)
    pairs = {
        (g.player_one.name, g.player_two.name if g.player_two else "")
        for g in round_.games.select_related("player_one", "player_two")
    }
    red_first = {(a, b) for a, b in pairs if a in RED} | {(b, a) for a, b in pairs if a in BLUE}
    assert red_first == {("Ann", "Hal"), ("Cy", "Fay"), ("Dee", "Gus"), ("Ben", "Ida"), ("Bob", "Carol")}

    # --- The match sheet: each game's table and both players.
    text = squash(" ".join(pages(printed(to, base, event.slug, "Match sheets"))))
    for a, b in red_first:
        assert a in text, text
        assert b in text, text
    assert "Red" in text
    assert "Blue" in text

    # --- The five results (the judges' slips, as the TO enters them); Red wins three.
    for phone in (red_phone, blue_phone):
        phone.wait_for_load_state("networkidle")
    to.wait_for_load_state("networkidle")
    for game in round_.games.select_related("player_one", "player_two"):
        red_side = game.player_one.name in RED
        red_wins = game.player_one.name in ("Ann", "Cy", "Dee") or (
            game.player_two is not None and game.player_two.name in ("Ann", "Cy", "Dee")
        )
        mine, theirs = (9, 4) if red_wins else (3, 8)
        vp = (mine, theirs) if red_side else (theirs, mine)
        result = ResultInput(vp_one=vp[0], vp_two=vp[1], details={"battle_rounds": 5})
        result_set(game=game, result=result, by=alice, reason="the table's slip")
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.CLOSED

    # --- The team standings, and the best players beside them.
    red_phone.goto(f"{base}/e/{event.slug}/team-standings/")
    table = red_phone.locator("table").first
    expect(table.locator("tbody tr")).to_have_count(2)
    expect(table.locator("tbody tr").first).to_contain_text("Red")
    snap(red_phone, shots, "team-tournament-standings")
    assert serious(axe_scan(red_phone)) == []
    red_phone.goto(f"{base}/e/{event.slug}/standings/")
    expect(red_phone.locator("h1")).to_contain_text("Best players")
    expect(red_phone.locator("table tbody tr")).to_have_count(10)
    for page in (to, red_phone, blue_phone):
        page.context.close()
