"""The hall screen in Chromium (docs/venue.md, "Hall screen"): a 128-player event's
published round (64 tables) at the two screen sizes a hall has, one full rotation driven
through the page's hook, every table and every name seen on some page, nothing outside the
screen and no text under the size read from the back of a hall; and the round clock in the
corner within a second of the TO's start and call."""

from __future__ import annotations

import time
from typing import Any

import pytest

from judging.services import clock_call_time, clock_start
from tests.browser.conftest import new_page
from tests.builders.rows import make_event, play_round
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.browser]

FIRST = ["Ann", "Bartholomew", "Chloé", "Dagmar", "Ezekiel", "Fatima", "Guðrún", "Henrik"]
FIRST += ["Ines", "Jürgen", "Kwame", "Lucía", "Maximilian", "Nkechi", "Oskar", "Priya"]
LAST = ["Øster", "Oberhausen-Kowalczyk", "Núñez", "Li", "Van der Merwe", "Dubois", "O'Sullivan", "Zhang"]
# 128 names, the longest 31 characters: a field as a hall sees it, not "Player 001".
NAMES = [f"{first} {last}" for last in LAST for first in FIRST]
SIZES = {"1080p": {"width": 1920, "height": 1080}, "720p": {"width": 1280, "height": 720}}

# What a page shows, measured in it: each row's text and box, the smallest text, and the
# page's own size against the viewport (no scrollbars).
PAGE_JS = """() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const area = document.querySelector("[data-hall-body]").getBoundingClientRect();
  const rows = [...document.querySelectorAll("[data-hall-body] .hall-row:not(.hall-colhead)")].map(r => {
    const b = r.getBoundingClientRect();
    return {text: r.innerText, table: (r.querySelector(".hall-table") || {}).textContent || "",
            name: (r.querySelector(".hall-name") || {}).firstChild?.textContent || "",
            box: [b.left, b.top, b.right, b.bottom], clipped: r.scrollWidth > r.clientWidth + 1};
  });
  let smallest = 999;
  for (const el of document.querySelectorAll("main *")) {
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const b = el.getBoundingClientRect();
    if (b.width < 1 || b.height < 1) continue;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(el).fontSize));
  }
  const outside = [...document.querySelectorAll("main *")].filter(el => {
    const b = el.getBoundingClientRect();
    return b.width > 0 && (b.right > vw + 1 || b.bottom > vh + 1 || b.left < -1 || b.top < -1);
  }).map(el => el.tagName + "." + el.className);
  const doc = document.scrollingElement;
  return {rows, smallest, outside, area: [area.left, area.top, area.right, area.bottom],
          scroll: [doc.scrollWidth, doc.scrollHeight, vw, vh],
          state: window.MusterHallScreen.state()};
}"""


@pytest.fixture
def hall(alice) -> Any:
    event = make_event(to=alice, players=NAMES, slug="hall-open")
    play_round(event, 1, status=RoundStatus.PUBLISHED, scored=False)
    return event


def _open(browser: Any, url: str, size: dict[str, int]) -> Any:
    page = new_page(browser, size)
    page.goto(url)
    page.wait_for_selector("[data-hall-screen][data-version]")
    return page


def _rotation(page: Any) -> list[dict[str, Any]]:
    """Every page of one rotation, measured, from the first back to the first."""
    page.evaluate("window.MusterHallScreen.hold()")
    seen = []
    for _ in range(100):
        shot = page.evaluate(PAGE_JS)
        seen.append(shot)
        if page.evaluate("window.MusterHallScreen.advance()")["index"] == 0:
            return seen
    raise AssertionError("the rotation never came back to its first page")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", list(SIZES))
def test_one_rotation_shows_every_table_and_name_within_the_screen(
    live_server, chromium_browser, shots, hall, size
):
    viewport = SIZES[size]
    page = _open(chromium_browser, f"{live_server.url}/e/{hall.slug}/screen/", viewport)
    # The first page as the hall sees it, then the other views' first pages.
    page.screenshot(path=str(shots / f"hall-screen-pairings-{size}.png"))
    seen = _rotation(page)
    views = [shot["state"]["view"] for shot in seen]
    print(size, {view: views.count(view) for view in dict.fromkeys(views)})
    assert views[0] == "pairings"
    assert {"pairings", "names", "standings"} <= set(views)
    for shot in seen:
        state = shot["state"]
        where = f"{state['view']} page {state['page']} of {state['pages']}"
        assert shot["rows"], where
        assert shot["outside"] == [], where
        width, height, vw, vh = shot["scroll"]
        assert (width, height) == (vw, vh), f"{where}: the page scrolls ({width}x{height} in {vw}x{vh})"
        assert not [r["text"] for r in shot["rows"] if r["clipped"]], where
        # Every row whole inside the screen's body (which hides what overflows it).
        a_left, a_top, a_right, a_bottom = shot["area"]
        assert a_left >= 0, (where, shot["area"])
        assert a_right <= vw + 0.5, (where, shot["area"])
        assert a_bottom <= vh + 0.5, (where, shot["area"])
        for row in shot["rows"]:
            left, top, right, bottom = row["box"]
            inside = (
                left >= a_left - 0.5,
                top >= a_top - 0.5,
                right <= a_right + 0.5,
                bottom <= a_bottom + 0.5,
            )
            assert all(inside), (where, row)
        # Read from the back of a hall: 28 px at 1080p, the same share of a 720p screen.
        assert shot["smallest"] >= 28 * vh / 1080 - 0.5, (where, shot["smallest"])
        if state["pages"] > 1:
            assert page.locator("[data-hall-page]").count() == 1
    tables = {r["table"] for s in seen if s["state"]["view"] == "pairings" for r in s["rows"]}
    assert {str(n) for n in range(1, 65)} <= tables
    paired = " ".join(r["text"] for s in seen if s["state"]["view"] == "pairings" for r in s["rows"])
    assert all(name in paired for name in NAMES)
    found = {r["name"] for s in seen if s["state"]["view"] == "names" for r in s["rows"]}
    assert set(NAMES) <= found
    ranked = " ".join(r["text"] for s in seen if s["state"]["view"] == "standings" for r in s["rows"])
    assert all(name in ranked for name in NAMES)
    # The page number is said whenever a view takes more than one page.
    multi = [s for s in seen if s["state"]["pages"] > 1]
    assert multi
    for view in ("names", "standings"):
        index = next(i for i, s in enumerate(seen) if s["state"]["view"] == view)
        page.evaluate(
            "(index) => { while (window.MusterHallScreen.state().index !== index) "
            "window.MusterHallScreen.advance(); }",
            index,
        )
        page.screenshot(path=str(shots / f"hall-screen-{view}-{size}.png"))


@pytest.mark.django_db(transaction=True)
def test_the_default_rotation_is_slow_enough_to_read(live_server, chromium_browser, hall):
    page = _open(chromium_browser, f"{live_server.url}/e/{hall.slug}/screen/", SIZES["1080p"])
    first = page.evaluate("window.MusterHallScreen.state()")
    page.wait_for_timeout(5000)
    assert page.evaluate("window.MusterHallScreen.state()")["index"] == first["index"]
    label = page.locator("[data-hall-page]").inner_text()
    assert label.startswith("page 1 of ")


@pytest.mark.django_db(transaction=True)
def test_a_published_round_and_an_announcement_arrive_without_a_reload(live_server, chromium_browser, alice):
    from tests.builders.rows import add_round
    from venue.services import announcement_post

    event = make_event(to=alice, players=8, slug="quiet-open")
    page = _open(chromium_browser, f"{live_server.url}/e/{event.slug}/screen/?seconds=0.5", SIZES["720p"])
    assert "No round has been published yet." in page.inner_text("[data-hall-body]")
    add_round(event, 1, [("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "p8")])
    announcement_post(event=event, by=alice, text="Lunch is served in the foyer")
    page.wait_for_function(
        "() => document.querySelector('[data-hall-body]').innerText.includes('Player 007')", timeout=12_000
    )
    page.wait_for_function(
        "() => document.querySelector('[data-hall-body]').innerText.includes('Lunch is served')",
        timeout=12_000,
    )


def _within_a_second(page: Any, act: Any, selector: str) -> float:
    started = time.monotonic()
    act()
    page.wait_for_selector(selector, timeout=3000)
    return time.monotonic() - started


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("tail", ["screen/", "screen/?show=clock", "clock/"])
def test_the_clock_shows_a_start_and_a_call_within_a_second(
    live_server, chromium_browser, shots, hall, alice, tail
):
    round_ = hall.rounds.get(number=1)
    page = new_page(chromium_browser, SIZES["1080p"])
    page.goto(f"{live_server.url}/e/{hall.slug}/{tail}")
    page.wait_for_selector(".clock.clock-not-started[data-clock-ready]")
    page.wait_for_timeout(700)  # its first poll answered: what follows is a 304 until the start
    took = _within_a_second(page, lambda: clock_start(round_=round_, by=alice), ".clock.clock-running")
    print(f"{tail}: the start showed after {took:.2f} s")
    assert took < 1.0, f"the start showed after {took:.2f} s"
    if tail == "screen/?show=clock":
        page.screenshot(path=str(shots / "hall-screen-clock-1080p.png"))
    page.wait_for_timeout(1200)
    took = _within_a_second(
        page, lambda: clock_call_time(round_=round_, by=alice), ".clock.clock-time-called"
    )
    print(f"{tail}: time called showed after {took:.2f} s")
    assert took < 1.0, f"time called showed after {took:.2f} s"
