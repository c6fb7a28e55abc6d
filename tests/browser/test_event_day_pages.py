"""In a real browser (headless Chromium on a 390 px phone): what only a browser
shows. The standings fit the screen with oTP in view; the public pairings mark my rows and
filter by the search box; the penalty form's advice arrives when a player is picked; the
first Tab lands on "Skip to content"; the role menus open.
"""

from __future__ import annotations

from typing import Any

import pytest

from judging.services import penalty_issue
from tests.browser.conftest import PHONE
from tests.builders.rows import add_player, add_round, add_staff, make_event, play_round

pytestmark = [
    pytest.mark.browser,
]

# Names as long as real ones get: the table must wrap them, not scroll sideways.
NAMES = [
    "Alexandra Konstantinopoulou",
    "Bartholomew Fitzwilliam-Smythe",
    "Cy Young",
    "Dagmar Øster-Rasmussen",
    "Eve Online",
    "Fitzgerald Montgomery III",
    "Gus",
    "Henrietta Wolstenholme",
]


# The elements reaching past the screen's right edge, for a failure message.
WIDEST = """
Array.from(document.querySelectorAll("body *"))
  .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
  .slice(0, 8)
  .map((e) => e.tagName + "." + e.className + " " + Math.round(e.getBoundingClientRect().right))
"""


def _phone(browser: Any, base: str, username: str | None = None) -> Any:
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    if username is not None:
        page.goto(f"{base}/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", f"{username}-pass-123")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_selector(".who")
    return page


@pytest.mark.django_db(transaction=True)
def test_standings_fit_a_phone_with_otp_in_view(live_server, chromium_browser, shots):
    event = make_event(players=NAMES, planned_rounds=3)
    play_round(event, 1)
    play_round(event, 2)
    page = _phone(chromium_browser, live_server.url)
    page.goto(f"{live_server.url}/e/{event.slug}/standings/")
    page.screenshot(path=str(shots / "standings-phone.png"), full_page=True)
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], page.evaluate(WIDEST)
    otp = page.locator("table.standings th", has_text="oTP").bounding_box()
    assert otp is not None
    assert otp["x"] + otp["width"] <= PHONE["width"]
    cell = page.locator("table.standings tbody tr").first.locator("td").last.bounding_box()
    assert cell is not None
    assert cell["x"] + cell["width"] <= PHONE["width"]
    page.screenshot(path=str(shots / "standings-phone.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_pairings_mark_my_rows_and_filter_by_name(live_server, chromium_browser, shots, bob):
    from playwright.sync_api import expect

    event = make_event(players=NAMES[:3], planned_rounds=3)
    me = add_player(event, bob, "Bob")
    players = list(event.players.order_by("id"))
    add_round(event, 1, [(players[0], me), (players[1], players[2])], "published")
    page = _phone(chromium_browser, live_server.url, "bob")
    page.goto(f"{live_server.url}/e/{event.slug}/pairings/")
    expect(page.locator(".mine-notice")).to_contain_text(f"You play {NAMES[0]} at table 1")
    mine = page.locator("tr.mine")
    expect(mine).to_have_count(2)  # my game by table, and my line under "Find your table"
    expect(mine.first).to_contain_text("Bob")
    page.fill("#pairings-filter", "cy young")
    visible = page.locator("#pairings-live tbody tr:visible")
    expect(visible).to_have_count(3)  # the game by table, Cy's line and the opponent's line
    expect(visible.first).to_contain_text("Cy Young")
    page.fill("#pairings-filter", "")
    expect(page.locator("#pairings-live tbody tr:visible")).to_have_count(2 + 4)
    page.screenshot(path=str(shots / "pairings-phone.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_penalty_advice_arrives_when_the_judge_picks_a_player(live_server, chromium_browser, alice, hank):
    from playwright.sync_api import expect

    event = make_event(to=alice, players=["Ann", "Cy"], kind="community")
    add_staff(event, hank, "head-judge")
    ann = event.players.get(name="Ann")
    add_round(event, 1, [("p1", "p2")], "published", running=True)
    for category in ("rules", "slow-play", "conduct"):
        penalty_issue(event=event, player=ann, level="warning", category=category, by=hank, notes="late")
    page = _phone(chromium_browser, live_server.url, "hank")
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if "/penalties/advice/" in r.url else None)
    page.goto(f"{live_server.url}/e/{event.slug}/judge/penalties/new/")
    page.select_option("#id_player", str(ann.pk))
    expect(page.locator("#advice")).to_contain_text("Ann's record")
    expect(page.locator("#advice")).to_contain_text("Game Loss prompt")
    assert requests
    assert all(r.endswith(f"?player={ann.pk}") for r in requests), requests


@pytest.mark.django_db(transaction=True)
def test_first_tab_is_skip_to_content_and_role_menus_open(live_server, chromium_browser, shots, alice):
    from playwright.sync_api import expect

    event = make_event(to=alice, players=2)
    page = _phone(chromium_browser, live_server.url, "alice")
    page.goto(f"{live_server.url}/e/{event.slug}/")
    page.keyboard.press("Tab")
    focused = page.evaluate(
        "[document.activeElement.textContent.trim(), document.activeElement.getAttribute('href')]"
    )
    assert focused == ["Skip to content", "#content"]
    expect(page.locator(".skip-link")).to_be_in_viewport()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "content"
    organiser = page.locator("details.navmenu", has_text="Organiser")
    expect(organiser.get_by_role("link", name="Settings")).to_be_hidden()
    organiser.locator("summary").click()
    expect(organiser.get_by_role("link", name="Settings")).to_be_visible()
    page.locator("details.navmenu", has_text="Judging").locator("summary").click()
    expect(organiser.get_by_role("link", name="Settings")).to_be_hidden()  # one menu open at a time
    page.screenshot(path=str(shots / "event-menu-phone.png"))
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], page.evaluate(WIDEST)
    page.screenshot(path=str(shots / "event-menu-phone.png"))


@pytest.mark.django_db(transaction=True)
def test_the_table_view_puts_confirm_in_the_first_screen(live_server, chromium_browser, shots, bob, carol):
    """Confirming was ~1,800 px down under both of the opponent's rosters. On a
    390 x 844 phone the Confirm button is now in the first screen, the rosters folded below."""
    from playwright.sync_api import expect

    from rosters.models import Roster
    from tests.builders.documents import terran_document
    from tournaments.services.reporting import ResultInput, result_report

    event = make_event(players=NAMES[:2], planned_rounds=3, list_format="dual")
    me = add_player(event, bob, "Bob")
    them = add_player(event, carol, "Carol")
    for player in (me, them):
        for slot in (1, 2):
            Roster.objects.create(
                player=player, slot=slot, document=terran_document(player.name), legal=True, report={}
            )
    players = list(event.players.order_by("id"))
    add_round(event, 1, [(me, them), (players[0], players[1])], "published")
    game = me.games_as_one.get()
    result_report(
        game=game, player=them, result=ResultInput(vp_one=4, vp_two=9, details={"battle_rounds": 5}), by=carol
    )
    page = _phone(chromium_browser, live_server.url, "bob")
    page.goto(f"{live_server.url}/e/{event.slug}/me/")
    confirm = page.locator("#confirm-result")
    expect(confirm).to_be_visible()
    box = confirm.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] < PHONE["height"], box
    dispute = page.locator("#dispute-result").bounding_box()
    assert dispute is not None
    assert dispute["y"] + dispute["height"] < PHONE["height"], dispute
    expect(page.locator("#confirm-card")).to_contain_text("Your opponent reported")
    expect(page.locator("#opponent-roster")).not_to_have_attribute("open", "")
    page.screenshot(path=str(shots / "table-view-phone.png"))
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], page.evaluate(WIDEST)
    confirm.click()
    expect(page.locator(".messages")).to_contain_text("Result confirmed")
