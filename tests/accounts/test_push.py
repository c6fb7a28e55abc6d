"""Web Push subscriptions, keys and the endpoint guard (docs/push.md).

The server POSTs to whatever endpoint a browser hands it, so only https URLs of the known
push services are stored (and pushed to): plain http, an unknown host, an address written
as a number (a private one above all), a name resolving into a private network, another
port or a login in the URL are refused with a stable code. The API and the settings page
show and remove a user's own devices only.
"""

from __future__ import annotations

import io
import socket

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts import checks, webpush
from accounts.models import NotificationPreference, PushSubscription
from tests.builders.push_service import Browser

pytestmark = pytest.mark.django_db

FCM = "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b"


@pytest.fixture
def vapid(settings) -> str:
    private, public = webpush.new_key_pair()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = private
    settings.WEBPUSH_ALLOW_LOOPBACK = False
    return public


# --- the endpoint guard ---


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("http://fcm.googleapis.com/fcm/send/x", "push-endpoint-scheme"),
        ("ftp://fcm.googleapis.com/x", "push-endpoint-scheme"),
        ("https://push.example.com/x", "push-endpoint-host"),
        ("https://fcm.googleapis.com.evil.example/x", "push-endpoint-host"),
        ("https://evilpush.apple.com/x", "push-endpoint-host"),
        ("https://push.apple.com/x", "push-endpoint-host"),  # "*." means a subdomain
        ("https://10.0.0.5/x", "push-endpoint-address"),
        ("https://192.168.1.1/x", "push-endpoint-address"),
        ("https://169.254.169.254/latest/meta-data/", "push-endpoint-address"),
        ("https://[::1]/x", "push-endpoint-address"),
        ("https://127.0.0.1/x", "push-endpoint-address"),
        ("http://127.0.0.1:8000/x", "push-endpoint-scheme"),  # loopback not allowed here
        ("https://fcm.googleapis.com:8443/x", "push-endpoint"),
        ("https://user:pw@fcm.googleapis.com/x", "push-endpoint"),
        ("https:///x", "push-endpoint"),
        ("https://fcm.googleapis.com/" + "x" * 1100, "push-endpoint"),
    ],
)
def test_endpoints_outside_the_known_push_services_are_refused(settings, url, code):
    settings.WEBPUSH_ALLOW_LOOPBACK = False
    refused = webpush.endpoint_refusal(url)
    assert refused is not None
    assert refused.code == code


@pytest.mark.parametrize(
    "url",
    [
        FCM,
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
        "https://web.push.apple.com/QGuQyavXutnMH",
        "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD",
        "https://FCM.googleapis.com:443/fcm/send/x",
    ],
)
def test_the_known_push_services_are_accepted(settings, url):
    settings.WEBPUSH_ALLOW_LOOPBACK = False
    assert webpush.endpoint_refusal(url) is None


def test_loopback_is_let_through_only_when_allowed_and_never_another_private_address(settings):
    settings.WEBPUSH_ALLOW_LOOPBACK = True
    assert webpush.endpoint_refusal("http://127.0.0.1:8123/push/x") is None
    for url in ("http://10.0.0.5/x", "https://192.168.0.2/x", "http://localhost:8000/x"):
        assert webpush.endpoint_refusal(url) is not None, url


def test_the_host_list_is_a_setting(settings):
    settings.WEBPUSH_ENDPOINT_HOSTS = ["push.example.org"]
    assert webpush.endpoint_refusal("https://push.example.org/x") is None
    assert webpush.endpoint_refusal(FCM) is not None


def test_a_listed_name_resolving_into_a_private_network_is_not_pushed_to(vapid, bob, monkeypatch):
    """DNS gone wrong (or rebinding): the address is checked before the push, and nothing is sent."""
    row = PushSubscription.objects.create(user=bob, endpoint=FCM, **_keys(Browser(FCM)))
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.1.2.3", 443))],
    )
    posted: list[str] = []
    monkeypatch.setattr("requests.Session.request", lambda *a, **k: posted.append("sent"))
    assert webpush.send(row, {"title": "x", "kind": "pairing"}, ttl=60) is webpush.Outcome.FAILED
    assert posted == []
    assert PushSubscription.objects.get(pk=row.pk).failures == 1


def test_a_subscription_failing_again_and_again_is_dropped(vapid, bob, monkeypatch):
    row = PushSubscription.objects.create(user=bob, endpoint="https://10.9.9.9/x", **_keys(Browser(FCM)))
    for _ in range(webpush.MAX_FAILURES):
        assert webpush.send(row, {"title": "x"}, ttl=60) is webpush.Outcome.FAILED
    assert not PushSubscription.objects.filter(pk=row.pk).exists()


def _keys(browser: Browser) -> dict[str, str]:
    keys: dict[str, str] = browser.subscription()["keys"]
    return keys


def test_browser_keys_are_checked():
    good = _keys(Browser(FCM))
    assert webpush.keys_refusal(good["p256dh"], good["auth"]) is None
    for p256dh, auth in (
        ("not base64!", good["auth"]),
        (good["p256dh"], good["auth"] + "AAAA"),  # 19 bytes, not 16
        ("BAAA" + good["p256dh"][4:], good["auth"]),  # not on the curve
        (good["p256dh"][:40], good["auth"]),
    ):
        refused = webpush.keys_refusal(p256dh, auth)
        assert refused is not None
        assert refused.code == "push-keys"


# --- the keys ---


def test_the_private_key_is_read_from_base64url_der_or_pem():
    key = ec.generate_private_key(ec.SECP256R1())
    public = webpush.public_key_of(key)
    raw = webpush._b64url(key.private_numbers().private_value.to_bytes(32, "big"))
    der = webpush._b64url(
        key.private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    ).decode()
    for text in (raw, der, pem):
        assert webpush.public_key_of(webpush.load_private_key(text)) == public
    for bad in ("", "not a key", webpush._b64url(b"x" * 31)):
        with pytest.raises(ValueError, match="P-256"):
            webpush.load_private_key(bad)


def test_webpush_keys_prints_a_pair_the_site_reads(settings):
    out = io.StringIO()
    call_command("webpush_keys", stdout=out)
    first, second = out.getvalue().splitlines()
    name, _, private = first.partition("=")
    assert name == "WEBPUSH_VAPID_PRIVATE_KEY"
    settings.WEBPUSH_VAPID_PRIVATE_KEY = private
    assert webpush.public_key() == second.rsplit(" ", 1)[1]
    assert len(webpush.public_key() or "") == 87  # 65 bytes, base64url


def test_without_a_key_push_is_off_and_check_deploy_says_so(settings):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    settings.DEBUG = False
    assert webpush.public_key() is None
    assert not webpush.push_available()
    assert [w.id for w in checks.push_is_configured(None)] == ["accounts.W001"]
    settings.WEBPUSH_VAPID_PRIVATE_KEY = "garbage"
    assert [e.id for e in checks.vapid_key_readable(None)] == ["accounts.E001"]
    assert not webpush.push_available()


def test_make_run_generates_a_development_pair_once_into_var(settings, tmp_path):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    settings.DEBUG = True
    settings.WEBPUSH_DEV_KEY_FILE = tmp_path / "var" / "vapid.pem"
    first = webpush.public_key()
    assert first is not None
    assert settings.WEBPUSH_DEV_KEY_FILE.stat().st_mode & 0o077 == 0  # readable by its owner only
    assert webpush.public_key() == first  # the same pair on the next start


# --- the API ---


def _api(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_the_api_subscribes_lists_and_removes_only_the_callers_devices(vapid, bob, carol):
    browser = Browser(FCM)
    api = _api(bob)
    created = api.post(
        "/api/me/push-subscriptions/",
        browser.subscription(),
        format="json",
        HTTP_USER_AGENT="Mozilla/5.0 (iPhone; CPU iPhone OS 17_5) Version/17.5 Mobile Safari/604.1",
    )
    assert created.status_code == 201
    assert created.json()["label"] == "Safari on iPhone"
    again = api.post("/api/me/push-subscriptions/", browser.subscription(), format="json")
    assert again.status_code == 200  # the same browser again: refreshed, not doubled
    assert again.json()["id"] == created.json()["id"]
    carols = PushSubscription.objects.create(user=carol, endpoint=FCM + "carol", **_keys(Browser(FCM)))
    listed = api.get("/api/me/push-subscriptions/").json()
    assert listed["push_available"] is True
    assert listed["public_key"] == vapid
    assert [row["endpoint"] for row in listed["subscriptions"]] == [FCM]
    assert api.delete(f"/api/me/push-subscriptions/{carols.pk}/").status_code == 404
    assert PushSubscription.objects.filter(pk=carols.pk).exists()
    assert api.delete(f"/api/me/push-subscriptions/{created.json()['id']}/").status_code == 204
    assert not PushSubscription.objects.filter(user=bob).exists()
    notifications = api.get("/api/me/notifications/").json()
    assert (notifications["push_available"], notifications["push_devices"]) == (True, 0)


def test_a_browser_another_account_subscribed_passes_to_the_one_signed_in_now(vapid, bob, carol):
    browser = Browser(FCM)
    assert (
        _api(bob).post("/api/me/push-subscriptions/", browser.subscription(), format="json").status_code
        == 201
    )
    assert (
        _api(carol).post("/api/me/push-subscriptions/", browser.subscription(), format="json").status_code
        == 200
    )
    assert list(PushSubscription.objects.values_list("user__username", flat=True)) == ["carol"]


@pytest.mark.parametrize(
    ("endpoint", "code", "field"),
    [
        ("http://fcm.googleapis.com/x", "push-endpoint-scheme", "endpoint"),
        ("https://internal.example.net/x", "push-endpoint-host", "endpoint"),
        ("https://10.0.0.7/x", "push-endpoint-address", "endpoint"),
    ],
)
def test_the_api_refuses_a_bad_endpoint_with_its_code_and_stores_nothing(vapid, bob, endpoint, code, field):
    body = Browser(endpoint).subscription()
    answer = _api(bob).post("/api/me/push-subscriptions/", body, format="json")
    assert answer.status_code == 400
    assert (answer.json()["code"], answer.json()["field"]) == (code, field)
    assert not PushSubscription.objects.exists()


def test_the_api_refuses_bad_keys_and_malformed_bodies(vapid, bob):
    api = _api(bob)
    bad_keys = {"endpoint": FCM, "keys": {"p256dh": "AAAA", "auth": "AAAA"}}
    assert api.post("/api/me/push-subscriptions/", bad_keys, format="json").json()["code"] == "push-keys"
    missing = api.post("/api/me/push-subscriptions/", {"endpoint": FCM}, format="json")
    assert (missing.status_code, missing.json()["code"]) == (400, "invalid")
    assert not PushSubscription.objects.exists()


def test_the_api_says_push_is_unavailable_without_a_key(settings, bob):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    answer = _api(bob).post("/api/me/push-subscriptions/", Browser(FCM).subscription(), format="json")
    assert (answer.status_code, answer.json()["code"]) == (400, "push-unavailable")
    assert _api(bob).get("/api/me/push-subscriptions/").json() == {
        "push_available": False,
        "public_key": None,
        "subscriptions": [],
    }


def test_an_account_has_a_bounded_number_of_devices(vapid, bob):
    from tournaments.services.push import MAX_DEVICES

    for n in range(MAX_DEVICES):
        PushSubscription.objects.create(user=bob, endpoint=f"{FCM}{n}", **_keys(Browser(FCM)))
    answer = _api(bob).post("/api/me/push-subscriptions/", Browser(FCM + "new").subscription(), format="json")
    assert answer.json()["code"] == "push-too-many-devices"


def test_the_api_needs_a_login():
    api = APIClient()
    assert api.get("/api/me/push-subscriptions/").status_code == 401
    assert api.post("/api/me/push-subscriptions/", {}, format="json").status_code == 401
    assert api.delete("/api/me/push-subscriptions/1/").status_code == 401


# --- the settings page ---


def test_the_settings_page_has_the_push_switches_and_removes_own_devices_only(vapid, client, bob, carol):
    mine = PushSubscription.objects.create(
        user=bob, endpoint=FCM, label="Chrome on Android", **_keys(Browser(FCM))
    )
    theirs = PushSubscription.objects.create(
        user=carol, endpoint=FCM + "c", label="Firefox on Linux", **_keys(Browser(FCM))
    )
    client.force_login(bob)
    page = client.get("/accounts/notifications/").content.decode()
    for name in ("pairing", "push_pairing", "push_report", "push_dispute", "push_judging", "push_clock"):
        assert f'name="{name}"' in page
        assert f'<label for="id_{name}">' in page
    assert "Chrome on Android" in page
    assert "Firefox on Linux" not in page
    # Everything ticked except the clock's push: the mails stay as they were.
    ticked = {
        name: "on"
        for name in (
            "pairing",
            "report",
            "dispute",
            "judging",
            "push_pairing",
            "push_report",
            "push_dispute",
            "push_judging",
        )
    }
    assert client.post("/accounts/notifications/", ticked).status_code == 302
    stored = NotificationPreference.objects.get(user=bob)
    assert (stored.push_clock, stored.push_pairing, stored.pairing) == (False, True, True)
    assert client.post("/accounts/notifications/", {"remove": str(theirs.pk)}).status_code == 302
    assert PushSubscription.objects.filter(pk=theirs.pk).exists()
    assert client.post("/accounts/notifications/", {"remove": "not-a-number"}).status_code == 302
    assert client.post("/accounts/notifications/", {"remove": str(mine.pk)}).status_code == 302
    assert not PushSubscription.objects.filter(pk=mine.pk).exists()


def test_without_push_the_settings_page_shows_and_saves_the_mails_alone(settings, client, bob):
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    client.force_login(bob)
    page = client.get("/accounts/notifications/").content.decode()
    assert 'name="push_pairing"' not in page
    assert "Notified devices" not in page
    client.post("/accounts/notifications/", {"report": "on"})
    stored = NotificationPreference.objects.get(user=bob)
    assert (stored.pairing, stored.report, stored.push_pairing) == (False, True, True)  # push untouched


def test_the_table_view_offers_notify_this_phone_only_with_a_key(vapid, client, alice, bob, settings):
    from tests.builders.rows import add_player, make_event

    event = make_event(to=alice, name="Winter Clash", slug="winter-clash")
    add_player(event, bob, "Bob")
    client.force_login(bob)
    page = client.get("/e/winter-clash/me/").content.decode()
    assert f'data-public-key="{vapid}"' in page
    assert 'data-subscriptions="/api/me/push-subscriptions/"' in page
    assert "js/push.js" in page
    assert "Notify this phone" in page
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    assert "push-optin" not in client.get("/e/winter-clash/me/").content.decode()


def test_the_service_worker_shows_pushes_and_opens_their_page(client):
    worker = client.get("/sw.js").content.decode()
    assert 'addEventListener("push"' in worker
    assert "showNotification" in worker
    assert 'addEventListener("notificationclick"' in worker
    assert "openWindow" in worker


def test_device_labels():
    assert (
        webpush.device_label("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")
        == "Firefox on Linux"
    )
    assert webpush.device_label("") == "A browser"
