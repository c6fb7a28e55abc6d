"""The venue in a real browser (docs/venue.md): the stream overlay over a coloured page is
see-through except for its bar, and a player checks in by opening the door's code."""

from __future__ import annotations

import io
import urllib.request
from typing import Any

import pytest
from PIL import Image

from tests.browser.conftest import DESKTOP, log_in, new_page
from tests.builders.rows import add_player, add_round, add_staff, make_event
from tests.venue.qr_reading import decode_image
from tournaments.models import CheckInVia, Player
from venue.services import featured_table_set, stream_consent_set

pytestmark = [pytest.mark.browser]


def _alpha(image: Image.Image, x: int, y: int) -> int:
    pixel = image.getpixel((x, y))
    assert isinstance(pixel, tuple)
    return int(pixel[3])


def _warm(base: str) -> None:
    # The live server's first request imports the whole site: not on a page's timeout.
    with urllib.request.urlopen(f"{base}/accounts/login/", timeout=120) as warm:
        assert warm.status == 200


@pytest.mark.django_db(transaction=True)
def test_the_overlay_is_transparent_but_its_bar(
    live_server: Any, chromium_browser: Any, alice: Any, bob: Any, carol: Any
) -> None:
    from playwright.sync_api import expect

    event = make_event(planned_rounds=3)
    add_staff(event, alice, "to")
    me = add_player(event, bob, "Bob")
    them = add_player(event, carol, "Carol")
    round_ = add_round(event, 1, [(me, them)], "published", running=True)
    for player in (me, them):
        stream_consent_set(player=player, consent=True, by=None)
    featured_table_set(round_=round_, number=1, by=alice)
    _warm(live_server.url)

    page = new_page(chromium_browser, viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/e/{event.slug}/overlay/")
    expect(page.locator(".overlay-name").first).to_have_text("Bob")
    expect(page.locator("[data-clock-ready]")).to_be_attached()
    styles = page.evaluate(
        "() => [getComputedStyle(document.documentElement).backgroundColor,"
        " getComputedStyle(document.body).backgroundColor]"
    )
    assert styles == ["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]
    # What OBS composites: a screenshot without the browser's default white behind the page.
    shot = Image.open(io.BytesIO(page.screenshot(omit_background=True))).convert("RGBA")
    assert _alpha(shot, 960, 100) == 0  # the video shows through the top of the frame
    bar = page.locator(".overlay-side-1").bounding_box()
    assert bar is not None
    assert _alpha(shot, int(bar["x"] + 4), int(bar["y"] + bar["height"] - 4)) == 255  # the bar: opaque

    # Carol withdraws: the overlay empties itself on its next poll (the page reloads).
    stream_consent_set(player=them, consent=False, by=None)
    expect(page.locator(".overlay-bar")).to_have_count(0, timeout=15_000)
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_player_checks_in_by_opening_the_doors_code(
    live_server: Any, chromium_browser: Any, alice: Any, bob: Any
) -> None:
    from playwright.sync_api import expect

    event = make_event(planned_rounds=3)
    add_staff(event, alice, "to")
    me = add_player(event, bob, "Bob")
    _warm(live_server.url)

    # The TO's door page, as the phone's camera sees it: a screenshot of the code, decoded.
    to = new_page(chromium_browser, viewport=DESKTOP)
    log_in(to, live_server.url, "alice")
    to.goto(f"{live_server.url}/e/{event.slug}/manage/check-in/")
    code = to.locator("img.qr-door")
    expect(code).to_be_visible()
    scanned = decode_image(Image.open(io.BytesIO(code.screenshot())).convert("L"))
    assert len(scanned) == 1
    assert scanned[0].startswith(f"{live_server.url}/e/{event.slug}/check-in/")

    # Bob, logged in on his phone, opens what he scanned.
    phone = new_page(chromium_browser)
    log_in(phone, live_server.url, "bob")
    phone.goto(scanned[0])
    expect(phone.locator("#check-in-result")).to_contain_text("You are checked in, Bob")
    player = Player.objects.get(pk=me.pk)
    assert player.checked_in_via == CheckInVia.QR
    to.goto(f"{live_server.url}/e/{event.slug}/manage/players/")
    expect(to.locator(".check-in-via").first).to_have_text("by the door's QR code")
    phone.context.close()
    to.context.close()
