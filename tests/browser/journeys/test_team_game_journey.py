"""A doubles StarCraft event in Chromium (docs/teams.md; the rulebook's Part 9.1.8).

The TO makes the event a 2v2 team game with a 2,000-Mineral team budget on its settings
page; the event page says so. Bob registers his team from the join link on his phone,
naming himself and Ann; he submits his own army (1,150 Minerals, over a lone Skirmish
army's 1,000 but fine in a team), then types Ann's: the live check says the team is 150
over, before anything is stored. He trims his own army and both are legal. Three more teams
come in through the services, as their captains' phones would; the TO pairs and publishes
round one; Bob reports his team's game from his phone and the other captain confirms. The
standings rank the teams, the event page lists them with their players, and the printed
result slips name each player's army.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine.systems.starcraft_tmg import EXAMPLES_DIR
from tests.browser.conftest import DESKTOP, PHONE, axe_scan, log_in, new_page, serious
from tests.browser.journeys.conftest import WAIT_MS, printed, snap
from tests.builders.rows import make_event
from tests.printing.pdf import pages, squash
from tournaments.models import Game, Outcome, Player, Round, RoundStatus
from tournaments.services.reporting import ResultInput, result_report
from tournaments.services.rosters import roster_submit
from tournaments.services.teams import team_register

pytestmark = pytest.mark.browser

OTHER_TEAMS = {"Swarm": ("Cal", "Dee"), "Templars": ("Eve", "Fox"), "Dominion": ("Gil", "Hal")}


def army(stem: str, player: str, *extra_units: dict[str, Any]) -> str:
    doc = json.loads((EXAMPLES_DIR / f"{stem}.json").read_text(encoding="utf-8"))
    doc.pop("expected", None)
    doc["player"] = player
    doc["units"] = [*doc["units"], *extra_units]
    return json.dumps(doc, indent=2)


@pytest.mark.django_db(transaction=True)
def test_a_doubles_event_from_registration_to_standings(
    live_server: Any, chromium_browser: Any, shots: Path, alice: Any, bob: Any, django_user_model: Any
) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=WAIT_MS)
    base = live_server.url
    event = make_event(to=alice, players=0, tables=2, name="Doubles Cup")
    # The other captains' accounts, made before any page is open: the test database is one
    # SQLite file the live server's thread shares, so the test writes while no request runs.
    captains = {
        team: django_user_model.objects.create_user(team.lower(), f"{team.lower()}@example.org", "x-pass-123")
        for team in OTHER_TEAMS
    }

    # --- The TO makes it a team game on the settings page.
    to = new_page(chromium_browser, DESKTOP, WAIT_MS)
    log_in(to, base, "alice")
    to.goto(f"{base}/e/{event.slug}/manage/settings/")
    to.get_by_label("Players per side").select_option(label="Teams of 2 (2v2)")
    to.get_by_label("Team budget (minerals)").fill("2000")
    to.get_by_role("button", name="Save settings").click()
    expect(to.locator(".messages")).to_contain_text("Settings saved.")
    event.refresh_from_db()
    assert (event.team_size, event.team_budget) == (2, 2000)
    to.goto(f"{base}/e/{event.slug}/")
    expect(to.locator("main")).to_contain_text("Team game: teams of 2 (2v2)")
    expect(to.locator("main")).to_contain_text("within 2000 minerals")

    # --- Bob registers his team from the link, on his phone.
    phone = new_page(chromium_browser, PHONE, WAIT_MS)
    log_in(phone, base, "bob")
    phone.goto(f"{base}/e/{event.slug}/join/{event.join_code}/")
    phone.get_by_label("Team name").fill("Raiders")
    phone.get_by_label("Player 1").fill("Bob")
    phone.get_by_label("Player 2").fill("Ann")
    snap(phone, shots, "team-registration")
    assert serious(axe_scan(phone)) == []
    phone.get_by_role("button", name="Register").click()
    expect(phone.locator(".messages")).to_contain_text("Your team is registered")
    raiders = Player.objects.get(event=event, user=bob)
    assert raiders.name == "Raiders"
    assert [m.name for m in raiders.teammates.all()] == ["Bob", "Ann"]

    # --- His own army: over a lone Skirmish army's budget, legal in the team.
    big = army("terran-starter", "Bob", {"name": "Marauder", "models": 2})
    phone.get_by_label("Submit Bob's army").fill(big)
    phone.get_by_role("button", name="Submit Bob's army").click()
    expect(phone.locator(".messages")).to_contain_text("Bob's army is submitted and legal")

    # --- Ann's army, typed: the live check says the team is 150 over, nothing stored yet.
    phone.get_by_label("Submit Ann's army").fill(army("zerg-starter", "Ann"))
    check = phone.locator("#check-2")
    expect(check).to_contain_text("Your team's armies total 2,150 Minerals (Bob 1,150, Ann 1,000)")
    expect(check).to_contain_text("the team budget is 2,000: remove 150")
    snap(phone, shots, "team-budget-error")
    assert serious(axe_scan(phone)) == []
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert not raiders.rosters.filter(slot=2).exists()
    phone.get_by_role("button", name="Submit Ann's army").click()
    expect(phone.locator(".messages")).to_contain_text("not legal")

    # --- Bob trims his own army: both armies are legal.
    phone.get_by_label("Resubmit Bob's army").fill(army("terran-starter", "Bob"))
    phone.get_by_role("button", name="Submit Bob's army").click()
    expect(phone.locator(".messages")).to_contain_text("submitted and legal")
    expect(phone.locator("#slot-2 h3 .badge.ok")).to_have_text("Legal")
    assert [r.legal for r in raiders.rosters.order_by("slot")] == [True, True]

    # --- Three more teams, through the services as their captains' phones would send them.
    phone.wait_for_load_state("networkidle")  # no live check still in flight
    for team, names in OTHER_TEAMS.items():
        entrant = team_register(event=event, name=team, teammates=names, by=alice)
        entrant.user = captains[team]
        entrant.save(update_fields=["user"])
        for slot, (stem, name) in enumerate(
            (("protoss-starter", names[0]), ("zerg-starter", names[1])), start=1
        ):
            roster_submit(player=entrant, slot=slot, content=army(stem, name), by=captains[team])

    # --- Round one, paired and published on the TO's page: teams are the entrants.
    to.goto(f"{base}/e/{event.slug}/manage/")
    to.get_by_role("button", name="Pair round 1").click()
    to.get_by_role("button", name="Publish round 1").click()
    expect(to.locator(".messages")).to_contain_text("Round 1 is published")
    round_ = Round.objects.get(event=event, number=1)
    games = list(round_.games.select_related("player_one", "player_two"))
    assert len(games) == 2
    mine = next(g for g in games if raiders.pk in (g.player_one_id, g.player_two_id))
    to.wait_for_load_state("networkidle")
    for game in games:
        if game.pk != mine.pk:
            _both_report(game, captains)

    # --- Bob reports his team's game; the other captain confirms.
    phone.goto(f"{base}/e/{event.slug}/me/")
    phone.get_by_label("My VP").fill("8")
    phone.get_by_label("Opponent's VP").fill("3")
    phone.get_by_label("Battle Rounds").fill("5")
    phone.get_by_role("button", name="Send result").click()
    expect(phone.locator(".messages")).to_contain_text("Result reported")
    phone.wait_for_load_state("networkidle")
    them = mine.player_two if mine.player_one_id == raiders.pk else mine.player_one
    assert them is not None
    mine.refresh_from_db()
    result = ResultInput(
        Outcome.PLAYED,
        *((8, 3) if mine.player_one_id == raiders.pk else (3, 8)),
        details={"battle_rounds": 5},
    )
    result_report(game=mine, player=them, result=result, by=captains[them.name])
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.CLOSED

    # --- The teams ranked, the teams listed, the slips naming each player's army.
    phone.goto(f"{base}/e/{event.slug}/standings/")
    rows = phone.locator("table tbody tr")
    expect(rows).to_have_count(4)
    expect(phone.locator("main")).to_contain_text("Raiders")
    expect(phone.locator("table thead")).to_contain_text("Team")
    snap(phone, shots, "team-standings")
    phone.goto(f"{base}/e/{event.slug}/")
    expect(phone.locator(".teams")).to_contain_text("Raiders: Bob, Ann")
    expect(phone.locator(".teams")).to_contain_text("Swarm: Cal, Dee")
    assert serious(axe_scan(phone)) == []
    to.goto(f"{base}/e/{event.slug}/manage/players/")
    expect(to.locator("table.players")).to_contain_text("Bob, Ann")
    assert serious(axe_scan(to)) == []
    text = squash(" ".join(pages(printed(to, base, event.slug, "Result slips"))))
    assert "Bob: Terran Armed Forces" in text, text
    assert "Ann: Zerg Swarm" in text, text
    for page in (to, phone):
        page.context.close()


def _both_report(game: Game, captains: dict[str, Any]) -> None:
    """Both captains report the same result, 8-3 to the first team: confirmed."""
    result = ResultInput(Outcome.PLAYED, 8, 3, details={"battle_rounds": 5})
    for side in (game.player_one, game.player_two):
        assert side is not None
        result_report(game=game, player=side, result=result, by=captains[side.name])
