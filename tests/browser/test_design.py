"""The design pass (docs/design.md) in a real browser: the main pages of each role
fit a 390 px phone without sideways scrolling; the event's name and the caller's own menus
share the first row of the event navigation; what has the keyboard focus is visibly marked;
status badges keep AA contrast as rendered; and the public pairings go full screen for the
hall's projector in large type."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_event_day_pages import NAMES, WIDEST, _phone
from tests.builders.rows import add_player, add_round, add_staff, make_event, play_round

pytestmark = [
    pytest.mark.browser,
]

# WCAG 2.1's contrast ratio of an element's text colour on its own background colour.
CONTRAST = """
(el) => {
  const rgb = (s) => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const l = c.map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
  };
  const style = getComputedStyle(el);
  const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}
"""


def _fits(page: Any) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], (page.url, page.evaluate(WIDEST))


@pytest.fixture
def running(alice: Any, bob: Any, judy: Any) -> Any:
    """A competitive event in round 2: round 1 closed, round 2 published, Bob playing."""
    event = make_event(to=alice, players=NAMES[:5], planned_rounds=3)
    add_player(event, bob, "Bob")
    add_staff(event, judy, "floor-judge")
    play_round(event, 1)
    players = list(event.players.order_by("id"))
    add_round(event, 2, [(players[i], players[i + 1]) for i in range(0, 6, 2)], "published")
    return event


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("who", "pages", "own"),
    [
        (None, ["", "pairings/", "standings/", "rosters/"], []),
        ("bob", ["", "me/", "pairings/", "standings/"], ["My event"]),
        ("judy", ["", "judge/", "judge/penalties/"], ["Judging"]),
        (
            "alice",
            ["", "manage/", "manage/rounds/2/", "manage/players/", "manage/settings/"],
            ["Judging", "Organiser"],
        ),
    ],
)
def test_each_roles_pages_fit_a_phone_with_their_menus_beside_the_event_name(
    live_server, chromium_browser, running, who, pages, own
):
    page = _phone(chromium_browser, live_server.url, who)
    for path in pages:
        page.goto(f"{live_server.url}/e/{running.slug}/{path}")
        _fits(page)
        nav = page.locator("nav.subnav")
        name = nav.locator(".event-name").bounding_box()
        assert name is not None
        links = nav.locator(".subnav-links").bounding_box()
        assert links is not None
        assert links["y"] >= name["y"] + name["height"]  # the public links: a row below the name
        tops = []
        for label in own:
            item = nav.locator(".subnav-own").get_by_text(label, exact=True).bounding_box()
            assert item is not None, label
            assert item["y"] + item["height"] <= links["y"] + 1, (path, label)  # above the public links
            tops.append(round(item["y"]))
        assert len(set(tops)) <= 1, (path, tops)  # the caller's own items together on one row
        if own == ["My event"]:  # a player's one link fits beside the event's name
            assert tops[0] < name["y"] + name["height"]


@pytest.mark.django_db(transaction=True)
def test_the_keyboard_focus_is_visibly_marked(live_server, chromium_browser, running):
    page = _phone(chromium_browser, live_server.url)
    page.goto(f"{live_server.url}/e/{running.slug}/pairings/")
    seen = []
    for _ in range(6):
        page.keyboard.press("Tab")
        seen.append(
            page.evaluate(
                "(() => { const e = document.activeElement, s = getComputedStyle(e);"
                " return [e.textContent.trim(), s.outlineStyle, parseFloat(s.outlineWidth)]; })()"
            )
        )
    for text, style, width in seen:
        assert style != "none", text
        assert width >= 2, (text, width)


@pytest.mark.django_db(transaction=True)
def test_status_badges_keep_aa_contrast_as_rendered(live_server, chromium_browser, running, alice):
    page = _phone(chromium_browser, live_server.url, "alice")
    ratios: dict[str, float] = {}
    for path in ("", "manage/", "manage/players/"):
        page.goto(f"{live_server.url}/e/{running.slug}/{path}")
        for badge in page.locator(".badge, .tag").all():
            ratios[f"{path} {badge.get_attribute('class')} {badge.text_content()}"] = badge.evaluate(CONTRAST)
    assert any("state-closed" in key for key in ratios), ratios  # round 1
    assert any("state-published" in key for key in ratios), ratios  # round 2
    low = {key: round(ratio, 2) for key, ratio in ratios.items() if ratio < 4.5}
    assert not low, low


@pytest.mark.django_db(transaction=True)
def test_public_pairings_go_full_screen_for_the_projector(live_server, chromium_browser, running):
    from playwright.sync_api import expect

    context = chromium_browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{running.slug}/pairings/")
    cell = page.locator("#pairings-live table.pairings tbody td").nth(1)
    before = float(cell.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)"))
    page.get_by_role("button", name="Show on the projector").click()
    page.wait_for_function("document.fullscreenElement !== null")
    assert page.evaluate("document.fullscreenElement.id") == "pairings-screen"
    expect(page.locator("#pairings-screen h1")).to_have_text("Round 2 pairings")
    after = float(cell.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)"))
    assert after >= 20, after  # read from across the hall
    assert after > before, (before, after)
    background = page.evaluate("getComputedStyle(document.fullscreenElement).backgroundColor")
    assert background == "rgb(13, 17, 23)", background
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_tos_players_table_fits_a_phone_check_in_buttons_in_view(live_server, chromium_browser, running):
    """Checking players in at the door is done on a phone: the table never scrolls sideways
    inside its box, and every player's Check in button is on screen."""
    page = _phone(chromium_browser, live_server.url, "alice")
    page.goto(f"{live_server.url}/e/{running.slug}/manage/players/")
    box = page.locator("table.players").locator("xpath=..")
    assert box.evaluate("(el) => el.scrollWidth <= el.clientWidth"), box.evaluate("(el) => el.scrollWidth")
    width = page.evaluate("document.documentElement.clientWidth")
    buttons = page.locator("table.players").get_by_role("button", name="Check in")
    assert buttons.count() >= 5
    for i in range(buttons.count()):
        bounds = buttons.nth(i).bounding_box()
        assert bounds is not None, i
        assert bounds["x"] + bounds["width"] <= width, (i, bounds)
