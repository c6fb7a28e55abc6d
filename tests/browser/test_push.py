"""'Notify this phone' on the table view and the service worker's notifications, in headless
Chromium (docs/push.md).

Headless Chromium cannot reach a real push service, so the context is granted the
notifications permission and `PushManager.prototype.subscribe` is replaced (an init script)
by one returning a subscription whose endpoint is the test's stand-in push service on
127.0.0.1 and whose keys are the test's "browser" keys. The page posts it; the server stores
it; a round published then reaches the stand-in service and decrypts to the pairing. The
real service worker is exercised too: a PushEvent dispatched in its context shows a
notification with the payload's title, body and page.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from accounts import webpush
from accounts.models import PushSubscription
from tests.browser.conftest import PHONE, log_in
from tests.builders.push_service import Browser
from tests.builders.rows import add_player, add_round, make_event
from tournaments.models import RoundStatus
from tournaments.services.rounds import round_publish

pytestmark = [pytest.mark.browser]

# The fake subscription survives a reload (localStorage), as a real one would.
FAKE_PUSH = """(sub) => {
  const fake = {
    endpoint: sub.endpoint,
    options: {applicationServerKey: null},
    toJSON: () => sub,
    unsubscribe: () => { localStorage.removeItem("fake-push"); return Promise.resolve(true); },
  };
  PushManager.prototype.subscribe = function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    const asked = {userVisibleOnly: options.userVisibleOnly, key: Array.from(key)};
    localStorage.setItem("fake-push", JSON.stringify(asked));
    return Promise.resolve(fake);
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(localStorage.getItem("fake-push") ? fake : null);
  };
}"""


@pytest.fixture
def service(push_service):
    return push_service


@pytest.fixture(autouse=True)
def _tasks_in_process(tasks_in_process_quietly):
    """The pushes are sent in the test, as a worker would send them."""


def _phone_with_push(chromium_browser: Any, base: str, browser: Browser) -> Any:
    context = chromium_browser.new_context(viewport=PHONE)
    context.set_default_timeout(15_000)
    context.grant_permissions(["notifications"], origin=base)
    sub = browser.subscription()
    context.add_init_script(f"({FAKE_PUSH})({json.dumps(sub)})")
    return context.new_page()


@pytest.mark.django_db(transaction=True)
def test_notify_this_phone_stores_the_subscription_and_a_publication_reaches_it(
    live_server, chromium_browser, service, alice, bob, carol
):
    from playwright.sync_api import expect

    event = make_event(to=alice, name="Winter Clash", slug="winter-clash", tables=2)
    b, c = add_player(event, bob, "Bob"), add_player(event, carol, "Carol")
    round_ = add_round(event, 1, [(b, c)], RoundStatus.PAIRED)
    phone = Browser(f"{service.origin}/push/bob-phone")
    page = _phone_with_push(chromium_browser, live_server.url, phone)
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/e/winter-clash/me/")
    box = page.locator("#push-optin")
    button = page.get_by_role("button", name="Notify this phone")
    expect(button).to_be_visible()
    expect(box).to_have_attribute("data-push", "off")
    button.click()
    expect(box).to_contain_text("This phone is notified")
    expect(box).to_have_attribute("data-push", "on")
    stored = PushSubscription.objects.get(user=bob)
    assert (stored.endpoint, stored.p256dh) == (phone.endpoint, phone.subscription()["keys"]["p256dh"])
    asked = json.loads(page.evaluate("localStorage.getItem('fake-push')"))
    assert asked["userVisibleOnly"] is True
    assert webpush._b64url(bytes(asked["key"])) == service.public_key  # the site's VAPID public key

    page.reload()  # the state as it stands: stored for this account, so no button
    expect(box).to_have_attribute("data-push", "on")
    expect(button).to_be_hidden()

    round_publish(round_=round_, by=alice, confirm=True)
    (received,) = service.wait_for(1)
    payload = phone.decrypt(received)
    assert payload["title"] == "Round 1 is up: table 1 against Carol"
    assert payload["url"] == f"{live_server.url}/e/winter-clash/me/"

    # Removed on the settings page: the table view offers the button again, and never
    # stores it again behind the player's back.
    PushSubscription.objects.filter(user=bob).delete()
    page.reload()
    expect(box).to_have_attribute("data-push", "off")
    expect(button).to_be_visible()
    assert not PushSubscription.objects.filter(user=bob).exists()


@pytest.mark.django_db(transaction=True)
def test_blocked_notifications_are_said_so(live_server, chromium_browser, service, alice, bob):
    from playwright.sync_api import expect

    event = make_event(to=alice, name="Winter Clash", slug="winter-clash")
    add_player(event, bob, "Bob")
    context = chromium_browser.new_context(viewport=PHONE)
    context.set_default_timeout(15_000)
    context.add_init_script("Object.defineProperty(Notification, 'permission', {get: () => 'denied'})")
    page = context.new_page()
    log_in(page, live_server.url, "bob")
    page.goto(f"{live_server.url}/e/winter-clash/me/")
    box = page.locator("#push-optin")
    expect(box).to_have_attribute("data-push", "blocked")
    expect(box).to_contain_text("blocked in the browser's settings")
    expect(page.get_by_role("button", name="Notify this phone")).to_be_hidden()


@pytest.mark.django_db(transaction=True)
def test_the_service_worker_shows_a_push_with_its_title_body_and_page(
    live_server, chromium_browser, service, alice, bob
):
    event = make_event(to=alice, name="Winter Clash", slug="winter-clash")
    add_player(event, bob, "Bob")
    page = _phone_with_push(chromium_browser, live_server.url, Browser(f"{service.origin}/push/x"))
    log_in(page, live_server.url, "bob")
    context = page.context
    page.goto(f"{live_server.url}/e/winter-clash/me/")
    page.wait_for_function("navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready")
    worker = (
        context.service_workers[0] if context.service_workers else context.wait_for_event("serviceworker")
    )
    page.evaluate("navigator.serviceWorker.ready")
    payload = {
        "title": "Round 2 is up: table 4 against Carol",
        "body": "Winter Clash (Map 4)",
        # Another origin's address is never opened: only the path is kept, on this site.
        "url": "https://elsewhere.example/e/winter-clash/me/",
        "kind": "pairing",
        "tag": "winter-clash:2:pairing",
    }
    shown = worker.evaluate(
        """async (payload) => {
          self.dispatchEvent(new PushEvent("push", {data: JSON.stringify(payload)}));
          for (let i = 0; i < 100; i += 1) {
            const found = await self.registration.getNotifications({tag: payload.tag});
            if (found.length) {
              return found.map((n) => ({title: n.title, body: n.body, tag: n.tag, data: n.data}));
            }
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          return [];
        }""",
        payload,
    )
    assert shown == [
        {
            "title": "Round 2 is up: table 4 against Carol",
            "body": "Winter Clash (Map 4)",
            "tag": "winter-clash:2:pairing",
            "data": {"url": f"{live_server.url}/e/winter-clash/me/", "kind": "pairing"},
        }
    ]
